import type { EntityType } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/**
 * Reviews (spec §3): one per user and entity. A deleted review keeps its row with `deleted_at` set, so
 * writing it again revives the row and `review.created` stays the first review's only.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').$type<EntityType>().notNull(),
    entityId: text('entity_id').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hidden by a moderator: gone from every public list, kept for the author and the moderation queue. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reviews_user_entity_idx').on(table.userId, table.entityType, table.entityId),
    index('reviews_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('reviews_user_created_idx').on(table.userId, table.createdAt),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

/** Reports of a review by its readers (the moderation queue): one per reader and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.reporterId] }), index('review_reports_created_idx').on(table.createdAt)],
);
