import { index, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import type { EntityDetails } from './model.js';

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
