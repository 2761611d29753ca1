import type { Role } from '@cinema-dna/shared-types';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import type { Db } from '../../platform/db/database.js';
import { accountColumns } from '../../platform/auth/columns.js';
import { users } from '../../platform/auth/schema.js';

/** Every column a request may see: never the password hash or the Google id. */
const PUBLIC_COLUMNS = {
  ...accountColumns('id', 'username', 'displayName', 'email'),
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.mapWith(Boolean),
  ...accountColumns('role', 'isActive', 'level', 'points', 'createdAt', 'lastActiveAt'),
};

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  googleId?: string | null;
  displayName: string;
  role?: Role;
  /** Set when the email is known to be the user's (Google vouched for it). */
  emailVerifiedAt?: Date | null;
}

/** Unique indexes a user insert can run into. */
export const USERNAME_INDEX = 'users_username_lower_idx';
export const EMAIL_INDEX = 'users_email_lower_unique_idx';
export const GOOGLE_ID_INDEX = 'users_google_id_idx';


/** Matches an account's email case-insensitively; '' (no email) matches nothing. */
const emailIs = (email: string) => and(ne(users.email, ''), eq(sql`lower(${users.email})`, email.toLowerCase()));

/** The users table. Lookups by name are case-insensitive through `username_lower`. */
export function createUserStore(db: Db) {
  /** The account holding this email (case-insensitive; one at most), with its Google link. */
  async function findByEmail(email: string): Promise<(AuthenticatedUser & { googleId: string | null }) | null> {
    if (!email) return null;
    const [row] = await db
      .select({ ...PUBLIC_COLUMNS, googleId: users.googleId })
      .from(users)
      .where(emailIs(email));
    return row ?? null;
  }

  return {
    async insert(user: NewUser): Promise<AuthenticatedUser> {
      const [row] = await db
        .insert(users)
        .values({ ...user, usernameLower: user.username.toLowerCase() })
        .returning(PUBLIC_COLUMNS);
      return row!;
    },

    async findById(id: number): Promise<AuthenticatedUser | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db.select(PUBLIC_COLUMNS).from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** The user and their password hash, for checking a sign-in. */
    async findCredentials(username: string): Promise<{ user: AuthenticatedUser; passwordHash: string | null } | null> {
      const [row] = await db
        .select({ ...PUBLIC_COLUMNS, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.usernameLower, username.toLowerCase()));
      if (!row) return null;
      const { passwordHash, ...user } = row;
      return { user, passwordHash };
    },

    async usernameTaken(username: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.usernameLower, username.toLowerCase()));
      return Boolean(row);
    },

    async findByGoogleId(googleId: string): Promise<AuthenticatedUser | null> {
      const [row] = await db.select(PUBLIC_COLUMNS).from(users).where(eq(users.googleId, googleId));
      return row ?? null;
    },

    findByEmail,

    async emailTaken(email: string): Promise<boolean> {
      return (await findByEmail(email)) !== null;
    },

    /** Links a Google account to the user, who now has a verified email. */
    async linkGoogle(id: number, googleId: string): Promise<AuthenticatedUser> {
      const [row] = await db.update(users).set({ googleId }).where(and(eq(users.id, id), isNull(users.googleId))).returning(PUBLIC_COLUMNS);
      if (!row) throw new Error(`user ${id} is gone or already linked to a Google account`);
      return row;
    },

    /** Takes an unverified email off an account (it then has none); false when it was verified meanwhile. */
    async releaseUnverifiedEmail(id: number, email: string): Promise<boolean> {
      const released = await db
        .update(users)
        .set({ email: '' })
        .where(and(eq(users.id, id), emailIs(email), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      return released.length > 0;
    },

    /** Marks the account's email verified, if it still is `email`; null otherwise. */
    async markEmailVerified(id: number, email: string): Promise<AuthenticatedUser | null> {
      const [row] = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(and(eq(users.id, id), emailIs(email)))
        .returning(PUBLIC_COLUMNS);
      return row ?? null;
    },

    async update(id: number, changes: Partial<{ role: Role; isActive: boolean; passwordHash: string; lastActiveAt: Date }>): Promise<AuthenticatedUser | null> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning(PUBLIC_COLUMNS);
      return row ?? null;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;
