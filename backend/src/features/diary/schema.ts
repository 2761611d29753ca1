import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/** Film diary entries (spec §3 diary entry): what a user watched, when, and how they liked it. */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalog's movie id, without the `movie:` prefix. */
    movieId: text('movie_id').notNull(),
    movieTitle: text('movie_title').notNull(),
    posterPath: text('poster_path'),
    /** The day it was watched (date only, as the user gave it). */
    watchedDate: date('watched_date', { mode: 'string' }).notNull(),
    /** 0.5 to 5 in half stars (the dialog gives whole stars; a Letterboxd import keeps its halves). */
    rating: real('rating'),
    notes: text('notes'),
    location: text('location'),
    rewatch: boolean('rewatch').notNull().default(false),
    /** Only its author sees a private entry: it never reaches a feed, a profile or another user's stats. */
    isPrivate: boolean('is_private').notNull().default(false),
    /** Where an imported entry came from (`letterboxd:<diary URI>`): a re-import finds it and adds nothing. */
    externalKey: text('external_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('diary_entries_user_date_idx').on(table.userId, table.watchedDate, table.id),
    uniqueIndex('diary_entries_user_external_idx').on(table.userId, table.externalKey),
    check('diary_entries_rating_check', sql`${table.rating} is null or (${table.rating} between 0.5 and 5 and ${table.rating} * 2 = floor(${table.rating} * 2))`),
  ],
);

/**
 * A Letterboxd import between its upload and its commit: the parsed rows with their matches, as one
 * document (JSONB), so the user can settle ambiguous and unmatched titles before anything is written.
 */
export const diaryImports = pgTable(
  'diary_imports',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: jsonb('document').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('diary_imports_user_idx').on(table.userId, table.createdAt)],
);
