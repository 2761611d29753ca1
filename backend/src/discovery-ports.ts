/**
 * Discovery's port into the community features' rows (diary, reviews, watchlist, follows): the
 * composition root's code, like community-ports.ts, so the discovery feature imports none of them.
 */
import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { diaryEntries } from './features/diary/schema.js';
import type { DiscoveryCommunity } from './features/discovery/ports.js';
import { follows } from './features/follows/schema.js';
import { liveReview, visibleReview } from './features/reviews/queries.js';
import { reviews } from './features/reviews/schema.js';
import { watchlistItems } from './features/watchlist/schema.js';
import { users } from './platform/auth/schema.js';
import type { Database } from './platform/db/database.js';

type Db = Database['db'];

export function discoveryCommunity(db: Db): DiscoveryCommunity {
  return {
    async ratings() {
      // One vote per user and film from the diary (their mean rating of it, public entries only), one per visible review of a movie (reviews/queries.ts).
      const result = (await db.execute(sql`
        select movie_id, sum(stars) * 2 as sum, count(*) as count from (
          select ${diaryEntries.movieId} as movie_id, avg(${diaryEntries.rating}) as stars
          from ${diaryEntries}
          where not ${diaryEntries.isPrivate} and ${diaryEntries.rating} is not null
          group by ${diaryEntries.userId}, ${diaryEntries.movieId}
          union all
          select ${reviews.entityId}, ${reviews.rating}
          from ${reviews}
          where ${reviews.entityType} = 'movie' and ${visibleReview}
        ) votes
        group by movie_id`)) as unknown as { rows: Array<{ movie_id: string; sum: string | number; count: string | number }> };
      return result.rows.map((row) => ({ movieId: row.movie_id, sum: Number(row.sum), count: Number(row.count) }));
    },

    async history(userId) {
      const [diary, reviewed, listed] = await Promise.all([
        // Each film once, with its latest rated entry's rating (the latest viewing's opinion, not the best).
        db
          .selectDistinctOn([diaryEntries.movieId], { movieId: diaryEntries.movieId, rating: diaryEntries.rating })
          .from(diaryEntries)
          .where(eq(diaryEntries.userId, userId))
          .orderBy(diaryEntries.movieId, sql`${diaryEntries.rating} is null`, desc(diaryEntries.watchedDate), desc(diaryEntries.id)),
        db
          .select({ movieId: reviews.entityId, rating: reviews.rating })
          .from(reviews)
          .where(and(eq(reviews.userId, userId), eq(reviews.entityType, 'movie'), liveReview)),
        db.select({ movieId: watchlistItems.movieId, watched: watchlistItems.watched, rating: watchlistItems.rating }).from(watchlistItems).where(eq(watchlistItems.userId, userId)),
      ]);
      return { diary, reviews: reviewed, watchlist: listed };
    },

    async friendsActivity(userId, since) {
      const followees = db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId));
      const actions = db
        .select({ userId: diaryEntries.userId, movieId: diaryEntries.movieId, logs: sql<number>`1`.as('logs'), watchlists: sql<number>`0`.as('watchlists'), at: sql<Date>`${diaryEntries.createdAt}`.as('at') })
        .from(diaryEntries)
        .where(and(sql`${diaryEntries.userId} in ${followees}`, eq(diaryEntries.isPrivate, false), gte(diaryEntries.createdAt, since)))
        .unionAll(
          db
            .select({ userId: watchlistItems.userId, movieId: watchlistItems.movieId, logs: sql<number>`0`, watchlists: sql<number>`1`, at: sql<Date>`${watchlistItems.addedAt}` })
            .from(watchlistItems)
            .where(and(sql`${watchlistItems.userId} in ${followees}`, gte(watchlistItems.addedAt, since))),
        )
        .as('actions');
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
