import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/**
 * Every admin and moderator action: who, what, on which target, the state before and after, when.
 * Append-only; a deleted actor's rows stay with `actor_id` null (the action is still on record).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt), index('audit_log_actor_idx').on(table.actorId)],
);

/**
 * Every searched pair (from → to), recorded from `connection.found`: the admin Connections table and
 * the totals of the Overview. `path` holds the entity keys of the pair's latest answer.
 */
export const searchedConnections = pgTable(
  'searched_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromKey: text('from_key').notNull(),
    toKey: text('to_key').notNull(),
    degrees: integer('degrees'),
    path: jsonb('path').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    searchCount: integer('search_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('searched_connections_pair_idx').on(table.fromKey, table.toKey),
    index('searched_connections_to_idx').on(table.toKey),
    index('searched_connections_count_idx').on(table.searchCount),
  ],
);
