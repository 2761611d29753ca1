import { sql, type SQL } from 'drizzle-orm';
import { diaryEntries } from './schema.js';

/**
 * The films users logged as `(user_id, movie_id)` rows: a taste source for Discover. Private entries
 * are left out: they never reach another user, not even as a "films in common" count.
 */
export const loggedFilms = (): SQL =>
  sql`select ${diaryEntries.userId} as user_id, ${diaryEntries.movieId} as movie_id from ${diaryEntries} where not ${diaryEntries.isPrivate}`;
