import type { LedgerReason } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/**
 * The points ledger: one row per award, never updated, deleted only with its user. A balance is the
 * sum of a user's rows (users.points is kept equal to it in the same transaction, for the header);
 * levels and leaderboards derive from it.
 *
 * Two unique keys make awards idempotent: `source_event_id` (a redelivered event awards nothing) and
 * (user, `award_key`), which names what was rewarded (`discovery:movie:1|person:2`,
 * `daily-login:2026-11-25`, `badge:first-connection`), so the same thing never pays twice.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<LedgerReason>().notNull(),
    points: integer('points').notNull(),
    awardKey: text('award_key').notNull(),
    /** The domain event the award came from. */
    sourceEventId: text('source_event_id').notNull(),
    /** What was rewarded, for the user's history and the boards (a discovery's pair, a challenge's par and degrees). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('points_ledger_source_event_idx').on(table.sourceEventId),
    uniqueIndex('points_ledger_user_award_key_idx').on(table.userId, table.awardKey),
    index('points_ledger_user_created_idx').on(table.userId, table.createdAt),
    index('points_ledger_created_idx').on(table.createdAt),
    check('points_ledger_points_check', sql`${table.points} <> 0`),
    check('points_ledger_reason_check', sql`${table.reason} in ('discovery', 'review', 'watchlist_add', 'daily_login', 'challenge', 'hint', 'badge')`),
  ],
);
