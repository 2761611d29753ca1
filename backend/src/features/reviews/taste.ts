import { sql, type SQL } from 'drizzle-orm';
import { reviews } from './schema.js';

/** The films users reviewed (live reviews of movies, not hidden by a moderator) as `(user_id, movie_id)` rows: a taste source for Discover. */
export const reviewedFilms = (): SQL =>
  sql`select ${reviews.userId} as user_id, ${reviews.entityId} as movie_id from ${reviews} where ${reviews.entityType} = 'movie' and ${reviews.deletedAt} is null and ${reviews.hiddenAt} is null`;
