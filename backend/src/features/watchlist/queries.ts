import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { watchlistItems } from './schema.js';

/** The watchlist alone: films to watch, not the films marked watched (an imported rating is no film to watch). */
export async function countToWatch(db: Db, userId: number): Promise<number> {
  return (await db.select({ value: count() }).from(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.watched, false))))[0]?.value ?? 0;
}

/** Every film on a user's watchlist or marked watched, with its rating. */
export function watchlistFilmsOf(db: Db, userId: number) {
  return db.select({ movieId: watchlistItems.movieId, watched: watchlistItems.watched, rating: watchlistItems.rating }).from(watchlistItems).where(eq(watchlistItems.userId, userId));
}

/** Films added since `since` by the users of `authors` (a query of `(user_id)` rows), one row each (discovery's friends' films). */
export function addedSince(db: Db, authors: SQL, since: Date) {
  return db
    .select({ userId: watchlistItems.userId, movieId: watchlistItems.movieId, logs: sql<number>`0`, watchlists: sql<number>`1`, at: sql<Date>`${watchlistItems.addedAt}` })
    .from(watchlistItems)
    .where(and(sql`${watchlistItems.userId} in (${authors})`, gte(watchlistItems.addedAt, since)));
}

/**
 * The films on users' watchlists as `(user_id, movie_id)` rows: a taste source for Discover's
 * "similar taste" (wired in services.ts; the follows feature never imports this one).
 */
export const watchlistFilms = (): SQL => sql`select ${watchlistItems.userId} as user_id, ${watchlistItems.movieId} as movie_id from ${watchlistItems}`;
