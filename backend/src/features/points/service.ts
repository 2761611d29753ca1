import { levelProgress, type LedgerEntry, type LedgerHistory, type LedgerReason, type ProgressResponse } from '@cinema-dna/shared-types';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { countDiscoveries, isDiscovery } from './queries.js';
import { pointsLedger } from './schema.js';

/** How many of the latest awards the progress answer carries. */
export const RECENT_AWARDS = 10;

type LedgerRow = Pick<typeof pointsLedger.$inferSelect, 'id' | 'reason' | 'points' | 'details' | 'createdAt'>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** What an award was for, in words, from the details written with it. */
export function describeAward(reason: LedgerReason, details: Record<string, unknown>): string {
  switch (reason) {
    case 'discovery':
      return `${text(details.fromName) ?? text(details.from) ?? '?'} → ${text(details.toName) ?? text(details.to) ?? '?'}`;
    case 'review':
      return `Review of ${text(details.name) ?? text(details.entity) ?? 'an entity'}`;
    case 'watchlist_add':
      return `${text(details.name) ?? text(details.entity) ?? 'A movie'} added to your watchlist`;
    case 'daily_login':
      return 'Daily login';
    case 'challenge': {
      const solved = details.daily === true ? 'Daily challenge solved' : 'Challenge solved';
      return typeof details.degrees === 'number' && typeof details.par === 'number' ? `${solved} in ${details.degrees} degrees (par ${details.par})` : solved;
    }
    case 'badge':
      return `Badge earned: ${text(details.name) ?? text(details.badgeId) ?? 'a badge'}`;
    case 'hint':
      return 'Hint';
  }
}

const toEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  reason: row.reason,
  points: row.points,
  description: describeAward(row.reason, row.details),
  createdAt: row.createdAt.toISOString(),
});

const entryColumns = { id: pointsLedger.id, reason: pointsLedger.reason, points: pointsLedger.points, details: pointsLedger.details, createdAt: pointsLedger.createdAt };

/** Reading a user's points: their level, their discoveries and their ledger history. */
export function createPointsService(deps: { db: Db }) {
  const { db } = deps;

  /** The ledger newest first, `limit` rows older than the entry `cursor` (ids grow with time). */
  async function history(userId: number, page: { limit: number; cursor?: number }): Promise<LedgerHistory> {
    const rows = await db
      .select(entryColumns)
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), page.cursor === undefined ? undefined : lt(pointsLedger.id, page.cursor)))
      .orderBy(desc(pointsLedger.id))
      .limit(page.limit + 1);
    const more = rows.length > page.limit;
    const entries = rows.slice(0, page.limit).map(toEntry);
    return { entries, nextCursor: more ? (entries.at(-1)?.id ?? null) : null };
  }

  return {
    /** The balance and level (from users.points, kept equal to the ledger sum), discoveries and the latest awards. */
    async progress(userId: number): Promise<ProgressResponse> {
      const [[account], found, recent] = await Promise.all([
        db.select({ points: users.points }).from(users).where(eq(users.id, userId)),
        countDiscoveries(db, userId),
        db.select(entryColumns).from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(desc(pointsLedger.id)).limit(RECENT_AWARDS),
      ]);
      return { ...levelProgress(account?.points ?? 0), connectionsFound: found, recent: recent.map(toEntry) };
    },

    /** Each user's discoveries (`connectionsFound`), in one query; users without any are absent. */
    async discoveryCounts(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: pointsLedger.userId, value: count() })
        .from(pointsLedger)
        .where(and(inArray(pointsLedger.userId, [...new Set(userIds)]), isDiscovery))
        .groupBy(pointsLedger.userId);
      return new Map(rows.map((row) => [row.userId, row.value]));
    },

    history,

    /** The whole ledger newest first, read a thousand rows at a time (the data export). */
    async entireHistory(userId: number): Promise<LedgerHistory['entries']> {
      const ledger: LedgerHistory['entries'] = [];
      for (let cursor: number | undefined; ; ) {
        const page = await history(userId, { limit: 1000, cursor });
        ledger.push(...page.entries);
        if (page.nextCursor === null) return ledger;
        cursor = page.nextCursor;
      }
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
