import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyCreated, ApiKeySummary } from '@cinema-dna/shared-types';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyVerifier, AuthenticatedUser } from '../../platform/auth/types.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../platform/auth/schema.js';
import { apiKeys } from './schema.js';
import { AppError, notFound } from '../../platform/errors.js';

export const API_KEY_PREFIX = 'cdna_';
/** Characters of the key kept in clear, to recognise it in lists ("cdna_" + 7). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 7;
const KEY_FORMAT = /^cdna_[A-Za-z0-9_-]{43}$/;
/** `last_used_at` is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** A user may hold this many live keys. */
export const MAX_KEYS_PER_USER = 25;

/** SHA-256 is enough here: keys are 256 random bits, so there is nothing to guess from the hash. */
const digest = (key: string) => createHash('sha256').update(key).digest('hex');

const summary = (row: { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** API keys: created (shown once), listed without secrets, revoked, and verified on each Bearer request. */
export function createApiKeyService(deps: { db: Db }) {
  const { db } = deps;
  const service = {
    /**
     * Creates a key, within the cap: the count and the insert run in one transaction holding the
     * user's row lock, so parallel creates for one user queue and never pass the cap together.
     */
    async create(userId: number, name: string): Promise<ApiKeyCreated> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!owner) throw notFound('User not found');
        const [live] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
        if ((live?.count ?? 0) >= MAX_KEYS_PER_USER) {
          throw new AppError(409, 'CONFLICT', `You can hold at most ${MAX_KEYS_PER_USER} API keys; revoke one first.`, []);
        }
        const [inserted] = await tx
          .insert(apiKeys)
          .values({ userId, name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: digest(key) })
          .returning();
        return inserted!;
      });
      return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString(), key };
    },

    /** The user's live keys, newest first. */
    async list(userId: number): Promise<ApiKeySummary[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(summary);
    },

    /** Revokes one of the user's own keys; 404 for a key that is not theirs (or already revoked). */
    async revoke(userId: number, keyId: number): Promise<void> {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (revoked.length === 0) throw notFound('API key not found');
    },

    async verify(key: string): Promise<AuthenticatedUser | null> {
      if (!KEY_FORMAT.test(key)) return null;
      const [row] = await db
        .select({
          keyId: apiKeys.id,
          lastUsedAt: apiKeys.lastUsedAt,
          user: {
            id: users.id,
            username: users.username,
            displayName: users.displayName,
            email: users.email,
            emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.mapWith(Boolean),
            role: users.role,
            isActive: users.isActive,
            level: users.level,
            points: users.points,
            createdAt: users.createdAt,
            lastActiveAt: users.lastActiveAt,
          },
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, digest(key)), isNull(apiKeys.revokedAt)));
      if (!row || !row.user.isActive) return null;
      if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.keyId));
      }
      return row.user;
    },
  };
  const _verifier: ApiKeyVerifier = service;
  return service;
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
