import type { Role } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The identity tables. Every feature's rows reference users(id) and the session middleware reads
 * sessions, so they live in platform/ where any feature may reference them.
 */

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
