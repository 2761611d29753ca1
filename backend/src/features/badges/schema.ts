import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/**
 * Per user, the value of each badge counter (definitions.ts). `last_key` holds what a counter needs to
 * move correctly: the streak's last UTC day.
 */
export const badgeCounters = pgTable(
  'badge_counters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    counter: text('counter').notNull(),
    value: integer('value').notNull().default(0),
    lastKey: text('last_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.counter] })],
);

/**
 * The things a distinct counter has counted (a reviewed entity, a movie on the watchlist): a second
 * review of the same entity, or a movie added again after its removal, counts nothing.
 */
export const badgeCountedKeys = pgTable(
  'badge_counted_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    counter: text('counter').notNull(),
    key: text('key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.counter, table.key] })],
);

/** Earned badges: once per user and badge, never revoked (deleted only with the user). */
export const earnedBadges = pgTable(
  'earned_badges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex('earned_badges_user_badge_idx').on(table.userId, table.badgeId), index('earned_badges_user_earned_idx').on(table.userId, table.earnedAt)],
);
