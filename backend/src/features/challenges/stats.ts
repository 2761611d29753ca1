import { REVEAL_MAX_CHAINS, type AttemptStatus, type ChallengeStats } from '@cinema-dna/shared-types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { DAY_MS, dateStart, type ChallengeDefinition } from './definition.js';
import type { ChallengePorts } from './ports.js';
import { challengeAttempts, challenges } from './schema.js';

/** Challenge statistics: per challenge (the cards) and per user (GET /api/users/me/challenge-stats). */

export const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : Number(ms) / 1000);

/** Everyone's and the user's numbers on each of `ids` (participants, solves, best time and degrees; the user's own state). */
export async function challengeStatsOf(db: Db, ids: string[], userId: number | null, now: Date) {
  const overall = ids.length
    ? await db
        .select({
          challengeId: challengeAttempts.challengeId,
          participants: sql<number>`count(distinct ${challengeAttempts.userId})::int`,
          finished: sql<number>`(count(*) filter (where ${challengeAttempts.status} <> 'playing'))::int`,
          solvedBy: sql<number>`(count(distinct ${challengeAttempts.userId}) filter (where ${challengeAttempts.status} = 'solved'))::int`,
          solved: sql<number>`(count(*) filter (where ${challengeAttempts.status} = 'solved'))::int`,
          bestTime: sql<number | null>`min(${challengeAttempts.timeMs}) filter (where ${challengeAttempts.status} = 'solved')`,
          bestDegrees: sql<number | null>`min(${challengeAttempts.degrees}) filter (where ${challengeAttempts.status} = 'solved')`,
        })
        .from(challengeAttempts)
        .where(inArray(challengeAttempts.challengeId, ids))
        .groupBy(challengeAttempts.challengeId)
    : [];
  const mine =
    userId !== null && ids.length
      ? await db
          .select({
            challengeId: challengeAttempts.challengeId,
            bestTime: sql<number | null>`min(${challengeAttempts.timeMs}) filter (where ${challengeAttempts.status} = 'solved')`,
            bestDegrees: sql<number | null>`min(${challengeAttempts.degrees}) filter (where ${challengeAttempts.status} = 'solved')`,
            solved: sql<boolean>`coalesce(bool_or(${challengeAttempts.status} = 'solved'), false)`,
            solvedOnDay: sql<boolean>`coalesce(bool_or(${challengeAttempts.status} = 'solved' and ${challengeAttempts.rewarded}), false)`,
            points: sql<number>`coalesce(max(${challengeAttempts.points}) filter (where ${challengeAttempts.status} = 'solved'), 0)::int`,
            open: sql<string | null>`max(${challengeAttempts.id}) filter (where ${challengeAttempts.status} = 'playing' and ${challengeAttempts.endsAt} > ${now})`,
            // How the challenge ended for the user: their first finished attempt.
            finished: sql<AttemptStatus | null>`(array_agg(${challengeAttempts.status} order by ${challengeAttempts.id}) filter (where ${challengeAttempts.status} <> 'playing'))[1]`,
          })
          .from(challengeAttempts)
          .where(and(eq(challengeAttempts.userId, userId), inArray(challengeAttempts.challengeId, ids)))
          .groupBy(challengeAttempts.challengeId)
      : [];
  return { overall: new Map(overall.map((row) => [row.challengeId, row])), mine: new Map(mine.map((row) => [row.challengeId, row])) };
}

/** A user's totals over every challenge. */
export async function userTotals(db: Db, userId: number) {
  const [totals] = await db
    .select({
      completed: sql<number>`(count(distinct ${challengeAttempts.challengeId}) filter (where ${challengeAttempts.status} = 'solved'))::int`,
      finished: sql<number>`(count(*) filter (where ${challengeAttempts.status} <> 'playing'))::int`,
      solved: sql<number>`(count(*) filter (where ${challengeAttempts.status} = 'solved'))::int`,
      averageTime: sql<number | null>`avg(${challengeAttempts.timeMs}) filter (where ${challengeAttempts.status} = 'solved')`,
      bestTime: sql<number | null>`min(${challengeAttempts.timeMs}) filter (where ${challengeAttempts.status} = 'solved')`,
      points: sql<number>`coalesce(sum(${challengeAttempts.points}), 0)::int`,
    })
    .from(challengeAttempts)
    .where(eq(challengeAttempts.userId, userId));
  return totals!;
}

/** The days of the dailies the user solved on their day (streaks). */
export async function solvedDailyDates(db: Db, userId: number): Promise<string[]> {
  const days = await db
    .selectDistinct({ date: challenges.date })
    .from(challengeAttempts)
    .innerJoin(challenges, eq(challenges.id, challengeAttempts.challengeId))
    .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.status, 'solved'), eq(challengeAttempts.rewarded, true), eq(challenges.kind, 'daily')));
  return days.flatMap((row) => (row.date ? [row.date] : []));
}

/** Current streak (consecutive days ending today or yesterday) and the longest, from solved dailies' dates. */
export function streaksOf(dates: string[], today: string): { currentStreak: number; longestStreak: number } {
  const days = [...new Set(dates)].map((date) => Math.round(dateStart(date) / DAY_MS)).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === days[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const todayNumber = Math.round(dateStart(today) / DAY_MS);
  const last = days.at(-1);
  const current = last !== undefined && todayNumber - last <= 1 ? run : 0;
  return { currentStreak: current, longestStreak: longest };
}

/**
 * The chains solvers found, counted in the database: each solver's first solve, grouped by chain (keys
 * joined by `|`); the optimal ones found most, and `mineKey` (the caller's own), with the number of solvers.
 */
export async function solverChains(db: Db, definition: Pick<ChallengeDefinition, 'id' | 'par'>, mineKey: string | null): Promise<{ found: Map<string, number>; solvers: number }> {
  const { rows } = (await db.execute(sql`
      with first_solves as (
        select distinct on (${challengeAttempts.userId}) ${challengeAttempts.chain} as chain, ${challengeAttempts.degrees} as degrees
        from ${challengeAttempts}
        where ${challengeAttempts.challengeId} = ${definition.id} and ${challengeAttempts.status} = 'solved'
        order by ${challengeAttempts.userId}, ${challengeAttempts.id}
      ), chains as (
        select (select string_agg(step->>'key', '|' order by position) from jsonb_array_elements(chain) with ordinality as steps(step, position)) as key,
          degrees, count(*)::int as found, (sum(count(*)) over ())::int as solvers
        from first_solves group by 1, 2
      )
      select key, found, solvers from chains
      where degrees = ${definition.par} or key = ${mineKey ?? ''}
      order by found desc, key limit ${REVEAL_MAX_CHAINS * 4}
    `)) as unknown as { rows: Array<{ key: string; found: number | string; solvers: number | string }> };
  return { found: new Map(rows.map((row) => [row.key, Number(row.found)])), solvers: rows.length > 0 ? Number(rows[0]!.solvers) : 0 };
}

/** GET /api/users/me/challenge-stats, once the user's expired attempts are settled: totals, streaks and the Challenge Masters rank. */
export async function userChallengeStats(db: Db, userId: number, today: string, challengeRank: ChallengePorts['challengeRank']): Promise<ChallengeStats> {
  const [totals, days] = await Promise.all([userTotals(db, userId), solvedDailyDates(db, userId)]);
  const streaks = streaksOf(days, today);
  // While the boards cannot be read: the last rank read, and the answer says so.
  const { rank, degraded } = await challengeRank(userId);
  const t = totals;
  return {
    completed: t.completed,
    averageTime: t.averageTime === null ? null : Math.round(Number(t.averageTime)) / 1000,
    successRate: t.finished > 0 ? Math.round((100 * t.solved) / t.finished) : 0,
    rank,
    successfulAttempts: t.solved,
    bestTime: seconds(t.bestTime),
    totalPointsEarned: t.points,
    ...streaks,
    ...(degraded ? { degraded: true as const } : {}),
  };
}
