import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ActivityContent, ActivityType } from '@cinema-dna/shared-types';
import { users } from '../../platform/auth/schema.js';

/**
 * The activity feed (spec §3 activity item): one row per public moment of a user, written by the
 * activity subscribers from domain events. Followers read it newest first by (created_at, id).
 * Nothing private is ever written here (a private diary entry makes no row), so the feed query
 * needs no visibility filter.
 */
export const activityItems = pgTable(
  'activity_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose moment it is. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ActivityType>().notNull(),
    content: jsonb('content').$type<ActivityContent>().notNull(),
    /** The domain event it was written from: a redelivered event writes nothing twice. */
    sourceEventId: text('source_event_id').notNull(),
    /** What the item is about (`diary:12`, `review:4`), so a later private mark or delete can take it back. */
    subjectKey: text('subject_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('activity_items_source_event_idx').on(table.sourceEventId),
    index('activity_items_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('activity_items_subject_idx').on(table.subjectKey),
  ],
);
