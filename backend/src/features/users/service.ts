import { randomInt } from 'node:crypto';
import { RegisterRequestSchema, USERNAME_MAX, type AuthUser, type RegisterRequest, type Role } from '@cinema-dna/shared-types';
import type { z } from 'zod';
import { forbidden } from '../../platform/auth/guards.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AuthenticatedUser, UserDirectory } from '../../platform/auth/types.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { createUserStore, isUniqueViolation } from './store.js';

/** One message for an unknown username and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const USERNAME_TAKEN = 'Username already taken';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';
/** Activity is recorded at most this often per user (one write per request would be wasteful). */
const TOUCH_INTERVAL_MS = 5 * 60_000;

/** What a Google sign-in tells us about the person. */
export interface GoogleIdentity {
  googleId: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
}

/** The user as API responses show it (shared-types AuthUserSchema). */
export function toAuthUser(user: AuthenticatedUser): AuthUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    level: user.level,
    points: user.points,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A username from a Google profile: the email's name or the display name, reduced to the allowed characters. */
export function usernameBase(identity: Pick<GoogleIdentity, 'email' | 'displayName'>): string {
  for (const candidate of [identity.email?.split('@')[0], identity.displayName]) {
    const cleaned = (candidate ?? '')
      .normalize('NFKD')
      .replace(/\s+/g, '.')
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, USERNAME_MAX - 5);
    if (cleaned.length >= 3) return cleaned;
  }
  return 'user';
}

/** Accounts: registration, password and Google sign-in, roles and activation. Knows nothing of HTTP. */
export function createUserService(deps: { db: Db; logger?: Logger }) {
  const store = createUserStore(deps.db);

  const conflict = () => new AppError(409, 'CONFLICT', USERNAME_TAKEN, [{ path: 'username', message: USERNAME_TAKEN }]);

  async function createWithFreeUsername(base: string, fields: { email: string; googleId: string; displayName: string }): Promise<AuthenticatedUser> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const username = attempt === 0 ? base : `${base}${randomInt(10 ** Math.min(attempt + 1, 4), 10 ** Math.min(attempt + 2, 5))}`;
      if (await store.usernameTaken(username)) continue;
      try {
        return await store.insert({ username, passwordHash: null, ...fields });
      } catch (error) {
        // Taken between the check and the insert: try another name.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError(409, 'CONFLICT', 'Could not find a free username for this Google account');
  }

  /** Creates a password account; 409 when the name is taken in any letter case. */
  async function register(input: z.output<typeof RegisterRequestSchema>): Promise<AuthenticatedUser> {
    if (await store.usernameTaken(input.username)) throw conflict();
    const passwordHash = await hashPassword(input.password);
    try {
      return await store.insert({ username: input.username, email: input.email, passwordHash, displayName: input.username });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  /** Parses and registers, for callers holding raw input (CLI, tests); the input is checked like the route's. */
  async function registerRaw(input: RegisterRequest, role: Role = 'user'): Promise<AuthenticatedUser> {
    const user = await register(RegisterRequestSchema.parse(input));
    return role === 'user' ? user : (await store.update(user.id, { role }))!;
  }

  const service = {
    store,
    register,
    registerRaw,

    /**
     * Checks a username and password. Unknown names and wrong passwords fail alike, in about the same
     * time; only someone who knows the password learns that the account is deactivated.
     */
    async authenticate(username: string, password: string): Promise<AuthenticatedUser> {
      const found = await store.findCredentials(username);
      const valid = await verifyPassword(found?.passwordHash, password);
      if (!found || !valid) throw new AppError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS);
      if (!found.user.isActive) throw forbidden(ACCOUNT_DEACTIVATED);
      await store.update(found.user.id, { lastActiveAt: new Date() });
      return found.user;
    },

    /**
     * The account of a Google sign-in: the one already linked to this Google id; else the single
     * account with the same email, when Google has verified that email (linked from now on); else a
     * new account with a username derived from the profile.
     */
    async signInWithGoogle(identity: GoogleIdentity): Promise<AuthenticatedUser> {
      let user = await store.findByGoogleId(identity.googleId);
      if (!user && identity.email && identity.emailVerified) {
        const matches = await store.findUnlinkedByEmail(identity.email);
        if (matches.length === 1) {
          user = await store.linkGoogle(matches[0]!.id, identity.googleId);
          deps.logger?.info({ userId: user.id }, 'google account linked by verified email');
        }
      }
      if (!user) {
        const base = usernameBase(identity);
        user = await createWithFreeUsername(base, { email: identity.email ?? '', googleId: identity.googleId, displayName: identity.displayName?.trim().slice(0, 100) || base });
      }
      if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED);
      return (await store.update(user.id, { lastActiveAt: new Date() })) ?? user;
    },

    /** The configured first administrator: created with this password, or an existing account promoted (its password kept). */
    async ensureAdmin(username: string, password: string, email?: string): Promise<{ user: AuthenticatedUser; created: boolean }> {
      const existing = await store.findCredentials(username);
      if (existing) {
        const user = await store.update(existing.user.id, { role: 'admin', isActive: true });
        return { user: user!, created: false };
      }
      const user = await registerRaw({ username, email: email ?? `${username.toLowerCase()}@localhost.invalid`, password }, 'admin');
      return { user, created: true };
    },

    findById: (id: number) => store.findById(id),

    async setActive(id: number, isActive: boolean): Promise<AuthenticatedUser | null> {
      return store.update(id, { isActive });
    },

    async setRole(id: number, role: Role): Promise<AuthenticatedUser | null> {
      return store.update(id, { role });
    },

    async touch(user: AuthenticatedUser): Promise<void> {
      if (Date.now() - user.lastActiveAt.getTime() < TOUCH_INTERVAL_MS) return;
      const now = new Date();
      await store.update(user.id, { lastActiveAt: now });
      user.lastActiveAt = now;
    },

    count: () => store.count(),
  };
  const _directory: UserDirectory = service;
  return service;
}
export type UserService = ReturnType<typeof createUserService>;
