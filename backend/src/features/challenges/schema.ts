import type { AttemptStatus, ChallengeDifficulty, ChallengeKind, ChallengeTheme, ChallengeType } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

/**
 * Challenges as they were played: the daily is stored on its first request (every process generates
 * the same one, `insert … on conflict do nothing` keeps the first), a weekly or list challenge on its
 * first attempt, so an attempt always reads the definition it was played under, whatever graph is
 * loaded later.
 */
export const challenges = pgTable(
  'challenges',
  {
    /** `daily-2026-11-26`, `weekly-2026-W48`, `list-<slug>`. */
    id: text('id').primaryKey(),
    kind: text('kind').$type<ChallengeKind>().notNull(),
    /** The daily's UTC date (YYYY-MM-DD); null for the others. */
    date: text('date'),
    /** The daily's number (#1 = the first daily). */
    number: integer('number'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<ChallengeType>().notNull(),
    difficulty: text('difficulty').$type<ChallengeDifficulty>().notNull(),
    fromKey: text('from_key').notNull(),
    toKey: text('to_key').notNull(),
    theme: jsonb('theme').$type<ChallengeTheme>(),
    par: integer('par').notNull(),
    /** How many distinct optimal chains exist (capped at 2^31 − 1). */
    optimalChains: integer('optimal_chains').notNull(),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    moveLimit: integer('move_limit').notNull(),
    reward: integer('reward').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('challenges_daily_date_idx').on(table.date), check('challenges_par_check', sql`${table.par} >= 1`)],
);

/** One link of a stored chain: the entity key and the relationship that reached it. */
export interface StoredChainStep {
  key: string;
  /** Null on the first step. */
  via: { type: string; direction: 'forward' | 'backward'; label: string | null; tier: string } | null;
}

/**
 * Attempts: one row per play. A user has at most one attempt `playing` per challenge; every accepted
 * action bumps `version` (a stale or repeated action is refused). Times are the server's clock.
 */
export const challengeAttempts = pgTable(
  'challenge_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    status: text('status').$type<AttemptStatus>().notNull(),
    chain: jsonb('chain').$type<StoredChainStep[]>().notNull(),
    /** Keys of the entities hints revealed. */
    hints: jsonb('hints').$type<string[]>().notNull().default([]),
    moves: integer('moves').notNull().default(0),
    /** Points are paid for this attempt when solved (decided when it starts). */
    rewarded: boolean('rewarded').notNull(),
    /** Scored for a whole chain posted without an open attempt (no clock: the slowest time, half the reward). */
    wholeChain: boolean('whole_chain').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Milliseconds by the server's clock, once finished. */
    timeMs: integer('time_ms'),
    /** Links of the chain when solved. */
    degrees: integer('degrees'),
    points: integer('points').notNull().default(0),
    version: integer('version').notNull().default(0),
  },
  (table) => [
    uniqueIndex('challenge_attempts_one_open_idx').on(table.userId, table.challengeId).where(sql`${table.status} = 'playing'`),
    // A challenge pays a user once: a second rewarded solve cannot be written, even by a racing request.
    uniqueIndex('challenge_attempts_paid_once_idx').on(table.userId, table.challengeId).where(sql`${table.points} > 0`),
    index('challenge_attempts_challenge_idx').on(table.challengeId, table.status),
    index('challenge_attempts_user_idx').on(table.userId, table.finishedAt),
    check('challenge_attempts_status_check', sql`${table.status} in ('playing', 'solved', 'gave_up', 'timed_out', 'out_of_moves')`),
  ],
);

/**
 * Live race rooms (races/): the room as one JSONB document with the version of its last accepted
 * change. This row is the room: every command reads it, applies the pure state machine, and writes
 * the next room only if `version` is still the one it read (compare-and-set), so the server keeps
 * the move order across processes, and a room outlives any restart of Redis or of the app. A room is
 * forgotten `expires_at` after its last change; `updated_at` is for operators.
 */
export const raceRooms = pgTable(
  'race_rooms',
  {
    code: text('code').primaryKey(),
    version: integer('version').notNull(),
    room: jsonb('room').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('race_rooms_expires_idx').on(table.expiresAt), check('race_rooms_version_check', sql`${table.version} >= 1`)],
);
