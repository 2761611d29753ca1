import { randomUUID } from 'node:crypto';
import type { LedgerReason } from '@cinema-dna/shared-types';
import { eq, sql } from 'drizzle-orm';
import { createLedger, type Award } from '../features/points/ledger.js';
import { pointsLedger } from '../features/points/schema.js';
import { users } from '../platform/auth/schema.js';
import type { Db } from '../platform/db/database.js';
import type { EventRecorder } from '../platform/events/index.js';
import { uniqueSuffix } from './targets.js';

/** Awards as the points feature will: through the ledger's award, with its `points.awarded` event. Tests only. */
export function testAwards(events: EventRecorder) {
  const ledger = createLedger({ events });
  return (userId: number, reason: LedgerReason, points: number, challenge?: { par: number; degrees: number }): Promise<Award | null> =>
    events.transaction((tx) =>
      ledger.award(tx, { userId, reason, points, awardKey: `test:${randomUUID()}`, sourceEventId: `test:${randomUUID()}`, challenge: challenge ?? null }),
    );
}

/**
 * A ledger row dated `createdAt` (the ledger itself always stamps now()), with the balance kept equal
 * to the sum; no event. For boundaries a test cannot wait for (a Monday 00:00 UTC).
 */
export async function insertLedgerRow(db: Db, row: { userId: number; reason: LedgerReason; points: number; createdAt: Date; details?: Record<string, unknown> }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(pointsLedger).values({
      userId: row.userId,
      reason: row.reason,
      points: row.points,
      awardKey: `test:${randomUUID()}`,
      sourceEventId: `test:${randomUUID()}`,
      details: row.details ?? {},
      createdAt: row.createdAt,
    });
    await tx.update(users).set({ points: sql`${users.points} + ${row.points}` }).where(eq(users.id, row.userId));
  });
}

/** A bare account row (no password), for suites that need players, not sign-ins. */
export async function insertPlayer(db: Db, name = `player_${uniqueSuffix()}`): Promise<number> {
  const [row] = await db.insert(users).values({ username: name, usernameLower: name.toLowerCase(), email: '', displayName: name.replace('_', ' ') }).returning({ id: users.id });
  return row!.id;
}
