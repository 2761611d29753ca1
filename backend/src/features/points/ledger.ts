import { levelFor, type LedgerReason } from '@cinema-dna/shared-types';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import { pointsLedger } from './schema.js';

/** One award to write. */
export interface AwardInput {
  userId: number;
  reason: LedgerReason;
  /** Non-zero; negative only for spending (a hint). */
  points: number;
  /** What is rewarded, unique per user: the same key never pays twice (see schema.ts). */
  awardKey: string;
  /** The domain event the award answers: a redelivery awards nothing. */
  sourceEventId: string;
  details?: Record<string, unknown>;
  /** For a challenge reward: its par and the degrees used (the efficiency boards). */
  challenge?: { par: number; degrees: number } | null;
  /** For a discovery: the pair and its degrees, carried by `points.awarded` (badges count discoveries from it). */
  discovery?: { from: string; to: string; degrees: number } | null;
  /**
   * At most this many rows of `reason` per UTC day for the user (the ledger's own timestamps): past it
   * the award writes nothing. Counted after the user's row is locked, so concurrent awards cannot both
   * pass the cap.
   */
  dailyCap?: number;
}

/** The start of the current UTC day, by the database's clock (the clock that stamps the rows). */
export const utcDayStart = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;

export interface Award {
  entryId: number;
  userId: number;
  reason: LedgerReason;
  points: number;
  balance: number;
  level: number;
  previousLevel: number;
  awardedAt: Date;
}

/**
 * Writes ledger rows. `award` runs in the caller's transaction: the row, the user's cached balance
 * and level, and the `points.awarded` event commit together or not at all. An award whose source
 * event or award key is already in the ledger, whose daily cap is reached, or whose user is gone,
 * writes nothing and returns null.
 */
export function createLedger(deps: { events: EventRecorder }) {
  const { events } = deps;
  return {
    async award(tx: DbTransaction, input: AwardInput): Promise<Award | null> {
      // Locks the user's row first: concurrent awards of one user queue here, and a deleted user gets nothing.
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
      if (!account) return null;
      if (input.dailyCap !== undefined) {
        const [today] = await tx
          .select({ value: count() })
          .from(pointsLedger)
          .where(and(eq(pointsLedger.userId, input.userId), eq(pointsLedger.reason, input.reason), gte(pointsLedger.createdAt, utcDayStart)));
        if ((today?.value ?? 0) >= input.dailyCap) return null;
      }
      const details = input.challenge ? { ...input.details, par: input.challenge.par, degrees: input.challenge.degrees } : (input.details ?? {});
      const [row] = await tx
        .insert(pointsLedger)
        .values({ userId: input.userId, reason: input.reason, points: input.points, awardKey: input.awardKey, sourceEventId: input.sourceEventId, details })
        .onConflictDoNothing()
        .returning({ id: pointsLedger.id, createdAt: pointsLedger.createdAt });
      if (!row) return null;

      const [balanceRow] = await tx
        .update(users)
        .set({ points: sql`${users.points} + ${input.points}` })
        .where(eq(users.id, input.userId))
        .returning({ points: users.points, level: users.level });
      if (!balanceRow) return null;
      const level = levelFor(balanceRow.points).level;
      if (level !== balanceRow.level) await tx.update(users).set({ level }).where(eq(users.id, input.userId));

      const award: Award = {
        entryId: row.id,
        userId: input.userId,
        reason: input.reason,
        points: input.points,
        balance: balanceRow.points,
        level,
        previousLevel: balanceRow.level,
        awardedAt: row.createdAt,
      };
      await events.record(
        tx,
        'points.awarded',
        { ...award, awardedAt: award.awardedAt.toISOString(), challenge: input.challenge ?? null, discovery: input.discovery ?? null },
        userAggregate(input.userId),
      );
      return award;
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
