import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from './ports.js';
import { racedPair, UNFINISHED_RACE_STATUSES } from './races/active-players.js';
import { challengeAttempts, challenges, raceRooms } from './schema.js';

/**
 * The ends of every challenge a user is playing now, for the connections feature's port (services.ts):
 * the engine does not solve these for them (issue 25, rule 3). Read-only, one query:
 *
 * - daily, weekly and list attempts still `playing` and within their clock (`ends_at` after the
 *   games' clock: an attempt past it is timed out, its answer revealed) — through the partial index
 *   of open attempts (`challenge_attempts_one_open_idx`, user and challenge where playing);
 * - races in countdown or racing whose players include the user — through the partial index of
 *   running rooms by players (`race_rooms_running_players_idx`, migration 0014, whose predicate the
 *   status condition repeats word for word); each match is settled at `now` (time up, everyone done,
 *   dropped) as the race service would, so a race over but not yet written as finished does not count.
 */
export function openChallengeEnds(deps: { db: Db; clock: Clock; now?: () => number }) {
  const { db, clock } = deps;
  const now = deps.now ?? Date.now;
  const statuses = sql.raw(UNFINISHED_RACE_STATUSES.map((status) => `'${status}'`).join(', '));
  return async (userId: number): Promise<Array<readonly [string, string]>> => {
    const attempts = db
      .select({ fromKey: challenges.fromKey, toKey: challenges.toKey, room: sql<string | null>`null::text` })
      .from(challengeAttempts)
      .innerJoin(challenges, eq(challenges.id, challengeAttempts.challengeId))
      .where(and(eq(challengeAttempts.userId, userId), sql`${challengeAttempts.status} = 'playing'`, gt(challengeAttempts.endsAt, new Date(clock()))));
    const races = db
      .select({ fromKey: sql<string>`''`, toKey: sql<string>`''`, room: sql<string | null>`${raceRooms.room}::text` })
      .from(raceRooms)
      .where(
        and(
          gt(raceRooms.expiresAt, sql`now()`),
          sql`${raceRooms.room} ->> 'status' in (${statuses})`,
          sql`${raceRooms.room} -> 'players' @> ${JSON.stringify([{ userId }])}::jsonb`,
        ),
      );
    const rows = await attempts.unionAll(races);
    const at = now();
    return rows.flatMap((row) => {
      if (row.room === null) return [[row.fromKey, row.toKey] as const];
      const pair = racedPair(row.room, userId, at);
      return pair ? [pair] : [];
    });
  };
}
