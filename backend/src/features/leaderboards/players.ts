import { and, eq, inArray } from 'drizzle-orm';
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
  /** A deactivated account is on no board until it is reactivated. */
  isActive: boolean;
}

/** The accounts behind board members, by id; a deleted account is absent. */
export async function findPlayers(db: Db, ids: readonly number[]): Promise<Map<number, Player>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, level: users.level, points: users.points, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Which of these accounts are deactivated (kept off every board while they are). */
export async function findInactive(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, false)));
  return new Set(rows.map((row) => row.id));
}
