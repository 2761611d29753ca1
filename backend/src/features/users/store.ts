import type { Role } from '@cinema-dna/shared-types';
import { count, eq, sql } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema.js';

/** Every column a request may see: never the password hash or the Google id. */
const PUBLIC_COLUMNS = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  level: users.level,
  points: users.points,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
};

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  googleId?: string | null;
  displayName: string;
  role?: Role;
}

/** True for PostgreSQL's unique_violation, through drizzle's wrapper or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The users table. Lookups by name are case-insensitive through `username_lower`. */
export function createUserStore(db: Db) {
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

    /** Accounts with this email (case-insensitive) and no Google account linked yet. */
    async findUnlinkedByEmail(email: string): Promise<AuthenticatedUser[]> {
      return db
        .select(PUBLIC_COLUMNS)
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.googleId} is null`)
        .limit(2);
    },

    async linkGoogle(id: number, googleId: string): Promise<AuthenticatedUser> {
      const [row] = await db.update(users).set({ googleId }).where(eq(users.id, id)).returning(PUBLIC_COLUMNS);
      return row!;
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
