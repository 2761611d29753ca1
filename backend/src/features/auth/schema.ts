import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.js';

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
