import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { pointsLedger } from './schema.js';

/** A discovery — the one definition of what `connectionsFound` counts: a ledger row paid for a new connection. */
export const isDiscovery = eq(pointsLedger.reason, 'discovery');

/** A user's discoveries (`connectionsFound`). */
export async function countDiscoveries(db: Db, userId: number): Promise<number> {
  return (await db.select({ value: count() }).from(pointsLedger).where(and(eq(pointsLedger.userId, userId), isDiscovery)))[0]?.value ?? 0;
}
