import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/**
 * The product's own activity per entity and hour (Trending's input): searches and paths through it,
 * entity page views, diary logs, watchlist adds. Written by the discovery subscribers, one upsert per
 * batch of events; rows older than the widest window are pruned when the lists are recomputed.
 */
export const discoveryActivity = pgTable(
  'discovery_activity',
  {
    /** `movie:603`, `person:287`... */
    entityKey: text('entity_key').notNull(),
    /** The hour the activity happened in (truncated). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    searches: integer('searches').notNull().default(0),
    views: integer('views').notNull().default(0),
    logs: integer('logs').notNull().default(0),
    watchlists: integer('watchlists').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.entityKey, table.hour] }), index('discovery_activity_hour_idx').on(table.hour)],
);

/** The entities each signed-in user looked at, latest view kept: the genres of a cold start. */
export const discoveryUserViews = pgTable(
  'discovery_user_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityKey: text('entity_key').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.entityKey] }), index('discovery_user_views_user_idx').on(table.userId, table.viewedAt)],
);

/**
 * The computed lists (trending per window, highest rated, recent, upcoming, award winners, popular
 * people, moods, the surprise pool, genres' most popular), one row per list, all written by one
 * recompute with the same `computed_at`, so every process serves the same lists. The `job` row is the
 * recompute's claim: a conditional UPDATE of its `computed_at` lets one process recompute per hour.
 */
export const discoveryLists = pgTable('discovery_lists', {
  name: text('name').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  items: jsonb('items').notNull(),
});
