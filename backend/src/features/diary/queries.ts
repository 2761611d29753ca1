import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { diaryEntries } from './schema.js';

/** Each film a user logged, once, with its latest rated entry's rating (the latest viewing's opinion, not the best). */
export function latestRatingPerFilm(db: Db, userId: number) {
  return db
    .selectDistinctOn([diaryEntries.movieId], { movieId: diaryEntries.movieId, rating: diaryEntries.rating })
    .from(diaryEntries)
    .where(eq(diaryEntries.userId, userId))
    .orderBy(diaryEntries.movieId, sql`${diaryEntries.rating} is null`, desc(diaryEntries.watchedDate), desc(diaryEntries.id));
}

/**
 * The diary's votes for a film's community rating, as a query of `(movie_id, stars)` rows: one per user
 * and film (their mean rating of it), public rated entries only (discovery's port).
 */
export const diaryRatingVotes = (): SQL => sql`
  select ${diaryEntries.movieId} as movie_id, avg(${diaryEntries.rating}) as stars
  from ${diaryEntries}
  where not ${diaryEntries.isPrivate} and ${diaryEntries.rating} is not null
  group by ${diaryEntries.userId}, ${diaryEntries.movieId}`;

/** Public films logged since `since` by the users of `authors` (a query of `(user_id)` rows), one row each (discovery's friends' films). */
export function loggedSince(db: Db, authors: SQL, since: Date) {
  return db
    .select({ userId: diaryEntries.userId, movieId: diaryEntries.movieId, logs: sql<number>`1`.as('logs'), watchlists: sql<number>`0`.as('watchlists'), at: sql<Date>`${diaryEntries.createdAt}`.as('at') })
    .from(diaryEntries)
    .where(and(sql`${diaryEntries.userId} in (${authors})`, eq(diaryEntries.isPrivate, false), gte(diaryEntries.createdAt, since)));
}

/**
 * The films users logged as `(user_id, movie_id)` rows: a taste source for Discover. Private entries
 * are left out: they never reach another user, not even as a "films in common" count.
 */
export const loggedFilms = (): SQL =>
  sql`select ${diaryEntries.userId} as user_id, ${diaryEntries.movieId} as movie_id from ${diaryEntries} where not ${diaryEntries.isPrivate}`;
