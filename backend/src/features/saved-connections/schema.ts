import type { PathStep } from '@cinema-dna/shared-types';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/** Connection paths users saved from a result (spec §3 saved connection / user connection). */
export const savedConnections = pgTable(
  'saved_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromEntityId: text('from_entity_id').notNull(),
    fromEntityName: text('from_entity_name').notNull(),
    fromEntityType: text('from_entity_type').notNull(),
    toEntityId: text('to_entity_id').notNull(),
    toEntityName: text('to_entity_name').notNull(),
    toEntityType: text('to_entity_type').notNull(),
    path: jsonb('path').$type<PathStep[]>().notNull(),
    degrees: integer('degrees').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_connections_user_created_idx').on(table.userId, table.createdAt)],
);
