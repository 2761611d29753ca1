import { randomInt } from 'node:crypto';
import {
  ACCOUNT_DEACTIVATED,
  EMAIL_TAKEN,
  INVALID_CREDENTIALS,
  RegisterRequestSchema,
  USERNAME_MAX,
  USERNAME_TAKEN,
  type RegisterRequest,
  type Role,
  type SignInMethod,
} from '@cinema-dna/shared-types';
import type { z } from 'zod';
import { forbidden } from '../../platform/auth/guards.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AuthenticatedUser, GoogleIdentity, UserDirectory } from '../../platform/auth/types.js';
import type { Db } from '../../platform/db/database.js';
import { userAggregate, type EventRecorder } from '../../platform/events/index.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { createUserStore, EMAIL_INDEX, GOOGLE_ID_INDEX, type NewUser } from './store.js';

/** Activity is recorded at most this often per user (one write per request would be wasteful). */
const TOUCH_INTERVAL_MS = 5 * 60_000;

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

/**
 * Accounts: registration, password and Google sign-in, roles and activation. Knows nothing of HTTP.
 * Records `user.registered` and `user.signed_in` in the transaction of the write they go with.
 */
export function createUserService(deps: { db: Db; events: EventRecorder; logger?: Logger }) {
  const { events } = deps;
  const store = createUserStore(deps.db);

  /** Inserts an account and records `user.registered` with it: both or neither. */
  const insertRegistered = (user: NewUser, method: SignInMethod) =>
    events.transaction(async (tx) => {
      const created = await createUserStore(tx).insert(user);
      await events.record(tx, 'user.registered', { userId: created.id, username: created.username, method }, userAggregate(created.id));
      return created;
    });

  /** Marks the user active now and records `user.signed_in` with it. */
  const recordSignIn = (userId: number, method: SignInMethod) =>
    events.transaction(async (tx) => {
      const user = await createUserStore(tx).update(userId, { lastActiveAt: new Date() });
      if (user) await events.record(tx, 'user.signed_in', { userId, method }, userAggregate(userId));
      return user;
    });

  const conflict = () => new AppError(409, 'CONFLICT', USERNAME_TAKEN, [{ path: 'username', message: USERNAME_TAKEN }]);
  const emailConflict = () => new AppError(409, 'CONFLICT', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);

  /** A Google account under a free username; without the email when another account took it meanwhile. */
  async function createWithFreeUsername(base: string, fields: Omit<NewUser, 'username' | 'passwordHash'>): Promise<AuthenticatedUser> {
    let account = fields;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const username = attempt === 0 ? base : `${base}${randomInt(10 ** Math.min(attempt + 1, 4), 10 ** Math.min(attempt + 2, 5))}`;
      if (await store.usernameTaken(username)) continue;
      try {
        return await insertRegistered({ username, passwordHash: null, ...account }, 'google');
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A parallel first sign-in of the same Google account created it: that one is the account.
        const existing = isUniqueViolation(error, GOOGLE_ID_INDEX) && fields.googleId ? await store.findByGoogleId(fields.googleId) : null;
        if (existing) return existing;
        // Taken between the check and the insert: the email (keep the account, without it) or the name (try another).
        if (isUniqueViolation(error, EMAIL_INDEX)) account = { ...account, email: '', emailVerifiedAt: null };
      }
    }
    throw new AppError(409, 'CONFLICT', 'Could not find a free username for this Google account');
  }

  /** Creates a password account; 409 when the name or the email is taken in any letter case. */
  async function register(input: z.output<typeof RegisterRequestSchema>): Promise<AuthenticatedUser> {
    if (await store.usernameTaken(input.username)) throw conflict();
    if (await store.emailTaken(input.email)) throw emailConflict();
    const passwordHash = await hashPassword(input.password);
    try {
      return await insertRegistered({ username: input.username, email: input.email, passwordHash, displayName: input.username }, 'password');
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_INDEX)) throw emailConflict();
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
      return (await recordSignIn(found.user.id, 'password')) ?? found.user;
    },

    /**
     * The account of a Google sign-in. Local emails are claims until verified, so an email alone
     * never hands over an account:
     * 1. the account already linked to this Google id;
     * 2. else, when Google vouches for the email, the account holding it if that account verified
     *    it and has no Google link yet (linked from now on);
     * 3. else a new account. It gets the email when Google vouches for it and the account holding it
     *    never verified it: the verified owner wins, and the unverified claim is taken off the other
     *    account (which keeps its password sign-in and its data). An email someone else verified,
     *    or that Google does not vouch for while another account holds it, is left out.
     */
    async signInWithGoogle(identity: GoogleIdentity): Promise<AuthenticatedUser> {
      const email = identity.email?.trim() ?? '';
      const vouched = Boolean(email) && identity.emailVerified;
      let user = await store.findByGoogleId(identity.googleId);
      if (user && vouched) user = (await store.markEmailVerified(user.id, email)) ?? user;
      if (!user) {
        const holder = await store.findByEmail(email);
        if (holder && vouched && holder.emailVerified && !holder.googleId) {
          user = await store.linkGoogle(holder.id, identity.googleId);
          deps.logger?.info({ userId: user.id }, 'google account linked to the account that verified its email');
        } else {
          let claim = !holder;
          if (holder && vouched && !holder.emailVerified) {
            claim = await store.releaseUnverifiedEmail(holder.id, email);
            if (claim) deps.logger?.info({ userId: holder.id }, 'unverified email released to the google account that proved it');
          }
          const base = usernameBase(identity);
          user = await createWithFreeUsername(base, {
            email: claim ? email : '',
            emailVerifiedAt: claim && vouched ? new Date() : null,
            googleId: identity.googleId,
            displayName: identity.displayName?.trim().slice(0, 100) || base,
          });
        }
      }
      if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED);
      return (await recordSignIn(user.id, 'google')) ?? user;
    },

    /** Marks the user's email verified if it is still `email` (a verification link); null when it changed. */
    markEmailVerified: (userId: number, email: string) => store.markEmailVerified(userId, email),

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
