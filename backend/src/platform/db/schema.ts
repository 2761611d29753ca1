import type { PathStep, Role } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Accounts (spec §6). `username_lower` makes names unique case-insensitively; a Google account has a
 * `google_id` and may have no password. Deactivated users keep their rows but cannot sign in.
 * An email belongs to one account (case-insensitively); '' is "no email". `email_verified_at` is
 * set once the owner proved the address (a verification link, or Google vouching for it).
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    usernameLower: text('username_lower').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    googleId: text('google_id'),
    displayName: text('display_name').notNull(),
    bio: text('bio'),
    role: text('role').$type<Role>().notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    level: integer('level').notNull().default(1),
    points: integer('points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(table.usernameLower),
    uniqueIndex('users_google_id_idx').on(table.googleId),
    uniqueIndex('users_email_lower_unique_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.email} <> ''`),
    check('users_role_check', sql`${table.role} in ('user', 'moderator', 'admin')`),
  ],
);

/** express-session's sessions, so they survive restarts on either database; expired rows are pruned. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The signed-in user, if any: deleting a user ends their sessions. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_expires_at_idx').on(table.expiresAt), index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Email verification links: only a SHA-256 of the token is kept. A token verifies the `email` it was
 * sent to, once (`used_at`), until `expires_at`.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('email_verification_tokens_hash_idx').on(table.tokenHash), index('email_verification_tokens_user_id_idx').on(table.userId)],
);

/** API keys: only a SHA-256 of the key is kept; `prefix` (its first characters) identifies it in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('api_keys_key_hash_idx').on(table.keyHash), index('api_keys_user_id_idx').on(table.userId)],
);

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
export * from '../events/schema.js';
