import { index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { EntityDetails } from '../../ingest/model.js';

/**
 * The document store's tables. Each feature adds its tables here; `npm run db:generate` turns a
 * change into a committed SQL migration under backend/migrations, applied at start.
 */

/** Messages sent through the contact form (spec §2 Contact, §3 Contact message). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

/**
 * Detail fields of every graph entity (spec §3), one row per entity and source: re-importing a
 * source replaces its rows only. The search path never reads this; detail pages do.
 */
export const entities = pgTable(
  'entities',
  {
    key: text('key').notNull(),
    source: text('source').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    subtype: text('subtype'),
    popularity: real('popularity').notNull().default(0),
    details: jsonb('details').$type<EntityDetails>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.key, table.source] }), index('entities_source_idx').on(table.source)],
);
