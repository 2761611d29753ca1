import { sql, type SQL } from 'drizzle-orm';
import { watchlistItems } from './schema.js';

/**
 * The films on users' watchlists as `(user_id, movie_id)` rows: a taste source for Discover's
 * "similar taste" (wired in services.ts; the follows feature never imports this one).
 */
export const watchlistFilms = (): SQL => sql`select ${watchlistItems.userId} as user_id, ${watchlistItems.movieId} as movie_id from ${watchlistItems}`;
