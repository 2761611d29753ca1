import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import { isDiscovery } from './queries.js';
import type { Db } from '../../platform/db/database.js';
import { pointsLedger } from './schema.js';

/*
 * The leaderboards' read port over the ledger (their LedgerTotalsPort, wired in services.ts). It
 * lives with the table it reads; features never import each other, so the shapes below repeat the
 * port's and the compiler checks they fit where services.ts wires them.
 */

export interface TimeRange {
  from: Date;
  to: Date;
}
export interface LedgerWindows {
  week: TimeRange;
  month: TimeRange;
  year: TimeRange;
}
export interface WindowTotals {
  entries: number;
  points: number;
  discoveries: number;
  challengeEntries: number;
  challengePoints: number;
  par: number;
  degrees: number;
}
export interface UserLedgerTotals {
  userId: number;
  allTime: WindowTotals;
  year: WindowTotals;
  month: WindowTotals;
  week: WindowTotals;
}
export interface LedgerTotals {
  forUser(userId: number, windows: LedgerWindows, reader?: Db): Promise<UserLedgerTotals>;
  page(afterUserId: number, limit: number, windows: LedgerWindows): Promise<{ rows: UserLedgerTotals[]; next: number | null }>;
}

const challenge = sql`${pointsLedger.reason} = 'challenge'`;
const discovery = isDiscovery;
/** A challenge reward that names its par and the degrees used (efficiency). */
const scored = sql`${challenge} and ${pointsLedger.details} ? 'par' and ${pointsLedger.details} ? 'degrees'`;

const count = (filter: SQL) => sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
const sum = (value: SQL, filter: SQL) => sql<number>`coalesce(sum(${value}) filter (where ${filter}), 0)`.mapWith(Number);
const inRange = (range: TimeRange) => sql`${pointsLedger.createdAt} >= ${range.from.toISOString()} and ${pointsLedger.createdAt} < ${range.to.toISOString()}`;
const par = sql`(${pointsLedger.details} ->> 'par')::int`;
const degrees = sql`(${pointsLedger.details} ->> 'degrees')::int`;

/**
 * One pass over the rows computes every window: only what some board reads (the week ranks points
 * only; challenge points are all time).
 */
function columns(windows: LedgerWindows) {
  const all = sql`true`;
  const year = inRange(windows.year);
  const month = inRange(windows.month);
  const week = inRange(windows.week);
  return {
    userId: pointsLedger.userId,
    allEntries: count(all),
    allPoints: sum(sql`${pointsLedger.points}`, all),
    allDiscoveries: count(discovery),
    allChallengeEntries: count(challenge),
    allChallengePoints: sum(sql`${pointsLedger.points}`, challenge),
    allPar: sum(par, scored),
    allDegrees: sum(degrees, scored),
    yearEntries: count(year),
    yearPoints: sum(sql`${pointsLedger.points}`, year),
    yearDiscoveries: count(sql`${year} and ${discovery}`),
    yearPar: sum(par, sql`${year} and ${scored}`),
    yearDegrees: sum(degrees, sql`${year} and ${scored}`),
    monthEntries: count(month),
    monthPoints: sum(sql`${pointsLedger.points}`, month),
    monthDiscoveries: count(sql`${month} and ${discovery}`),
    monthPar: sum(par, sql`${month} and ${scored}`),
    monthDegrees: sum(degrees, sql`${month} and ${scored}`),
    weekEntries: count(week),
    weekPoints: sum(sql`${pointsLedger.points}`, week),
  };
}

type Row = { [K in keyof ReturnType<typeof columns>]: number };

const totals = (partial: Partial<WindowTotals>): WindowTotals => ({
  entries: 0,
  points: 0,
  discoveries: 0,
  challengeEntries: 0,
  challengePoints: 0,
  par: 0,
  degrees: 0,
  ...partial,
});

function toTotals(row: Row): UserLedgerTotals {
  return {
    userId: row.userId,
    allTime: totals({
      entries: row.allEntries,
      points: row.allPoints,
      discoveries: row.allDiscoveries,
      challengeEntries: row.allChallengeEntries,
      challengePoints: row.allChallengePoints,
      par: row.allPar,
      degrees: row.allDegrees,
    }),
    year: totals({ entries: row.yearEntries, points: row.yearPoints, discoveries: row.yearDiscoveries, par: row.yearPar, degrees: row.yearDegrees }),
    month: totals({ entries: row.monthEntries, points: row.monthPoints, discoveries: row.monthDiscoveries, par: row.monthPar, degrees: row.monthDegrees }),
    week: totals({ entries: row.weekEntries, points: row.weekPoints }),
  };
}

/** Sums of the points ledger per user and window, by SQL over the ledger table. */
export function createLedgerTotals(db: Db): LedgerTotals {
  return {
    async forUser(userId, windows, reader = db) {
      const [row] = await reader.select(columns(windows)).from(pointsLedger).where(eq(pointsLedger.userId, userId)).groupBy(pointsLedger.userId);
      const zero = totals({});
      return row ? toTotals(row as Row) : { userId, allTime: zero, year: zero, month: zero, week: zero };
    },
    async page(afterUserId, limit, windows) {
      // Pages are ranges of user ids (the next `limit` accounts), so each reads only its own rows
      // through the (user_id, created_at) index: the whole rebuild stays one pass over the ledger.
      const [bound] = await db.select({ id: users.id }).from(users).where(gt(users.id, afterUserId)).orderBy(asc(users.id)).offset(limit - 1).limit(1);
      const upper = bound?.id ?? null;
      const inPage = upper === null ? gt(pointsLedger.userId, afterUserId) : and(gt(pointsLedger.userId, afterUserId), lte(pointsLedger.userId, upper));
      const rows = await db.select(columns(windows)).from(pointsLedger).where(inPage).groupBy(pointsLedger.userId).orderBy(asc(pointsLedger.userId));
      return { rows: rows.map((row) => toTotals(row as Row)), next: upper };
    },
  };
}
