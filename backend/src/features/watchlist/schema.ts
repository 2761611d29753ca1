import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    rating: integer('rating'),
  },
  (table) => [
    uniqueIndex('watchlist_items_user_movie_idx').on(table.userId, table.movieId),
    index('watchlist_items_user_added_idx').on(table.userId, table.addedAt),
    check('watchlist_items_rating_check', sql`${table.rating} is null or ${table.rating} between 1 and 5`),
  ],
);
