import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/** Movies on users' watchlists (spec §3 watchlist item), each once, with the watched mark (spec §4). */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalog's movie id, without the `movie:` prefix. */
    movieId: text('movie_id').notNull(),
    movieTitle: text('movie_title').notNull(),
    posterPath: text('poster_path'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    watched: boolean('watched').notNull().default(false),
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    /** 0.5 to 5 in half stars (whole stars from the app; a Letterboxd import keeps its halves). */
    rating: real('rating'),
  },
  (table) => [
    uniqueIndex('watchlist_items_user_movie_idx').on(table.userId, table.movieId),
    index('watchlist_items_user_added_idx').on(table.userId, table.addedAt),
    check('watchlist_items_rating_check', sql`${table.rating} is null or (${table.rating} between 0.5 and 5 and ${table.rating} * 2 = floor(${table.rating} * 2))`),
  ],
);
