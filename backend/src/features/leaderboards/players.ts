import { inArray } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';

/** What a leaderboard row shows of a player, from their account. */
export interface Player {
  id: number;
  username: string;
  displayName: string;
  level: number;
  /** The all-time balance (kept equal to the ledger's sum by the ledger's award). */
  points: number;
}

/** The accounts behind board members, by id; a deleted account is absent. */
export async function findPlayers(db: Db, ids: readonly number[]): Promise<Map<number, Player>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, level: users.level, points: users.points })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}
