/**
 * Discovery's port into the community features' rows (diary, reviews, watchlist, follows): the
 * composition root's code, like community-ports.ts, so the discovery feature imports none of them.
 * Every table is read by its owning feature's own query; this file only combines them.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { diaryRatingVotes, latestRatingPerFilm, loggedSince } from './features/diary/queries.js';
import type { DiscoveryCommunity } from './features/discovery/ports.js';
import { followeesQuery } from './features/follows/queries.js';
import { movieRatingsOf, reviewRatingVotes } from './features/reviews/queries.js';
import { addedSince, watchlistFilmsOf } from './features/watchlist/queries.js';
import { users } from './platform/auth/schema.js';
import type { Database } from './platform/db/database.js';

type Db = Database['db'];

export function discoveryCommunity(db: Db): DiscoveryCommunity {
  return {
    async ratings() {
      // One vote per user and film from the diary (their mean rating of it, public entries only), one per visible review of a movie.
      const result = (await db.execute(sql`
        select movie_id, sum(stars) * 2 as sum, count(*) as count from (
          ${diaryRatingVotes()}
          union all
          ${reviewRatingVotes()}
        ) votes
        group by movie_id`)) as unknown as { rows: Array<{ movie_id: string; sum: string | number; count: string | number }> };
      return result.rows.map((row) => ({ movieId: row.movie_id, sum: Number(row.sum), count: Number(row.count) }));
    },

    async history(userId) {
      // Each through the owning feature's own query.
      const [diary, reviewed, listed] = await Promise.all([latestRatingPerFilm(db, userId), movieRatingsOf(db, userId), watchlistFilmsOf(db, userId)]);
      return { diary, reviews: reviewed, watchlist: listed };
    },

    async friendsActivity(userId, since) {
      // The people followed (follows), their public logs (diary) and additions (watchlist): one query of the features' own queries.
      const followees = followeesQuery(userId);
      const actions = loggedSince(db, followees, since).unionAll(addedSince(db, followees, since)).as('actions');
      const rows = await db
        .select({
          movieId: actions.movieId,
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          logs: sql<number>`sum(${actions.logs})`.mapWith(Number),
          watchlists: sql<number>`sum(${actions.watchlists})`.mapWith(Number),
          lastAt: sql<string>`max(${actions.at})`,
        })
        .from(actions)
        .innerJoin(users, and(eq(users.id, actions.userId), eq(users.isActive, true), isNotNull(users.username)))
        .groupBy(actions.movieId, users.id, users.username, users.displayName);
      return rows.map((row) => ({
        movieId: row.movieId,
        friend: { id: row.id, username: row.username, displayName: row.displayName },
        logs: row.logs,
        watchlists: row.watchlists,
        lastAt: new Date(row.lastAt),
      }));
    },
  };
}
