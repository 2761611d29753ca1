import type { Role } from '@cinema-dna/shared-types';

/** Who a request acts for, as every guard and route sees it. Never holds a password hash. */
export interface AuthenticatedUser {
  id: number;
  username: string;
  displayName: string;
  email: string;
  /** The owner proved the email is theirs (a verification link, or Google). */
  emailVerified: boolean;
  role: Role;
  isActive: boolean;
  level: number;
  points: number;
  createdAt: Date;
  lastActiveAt: Date;
}

/** What a Google sign-in tells us about the person. */
export interface GoogleIdentity {
  googleId: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
}

/** How the request proved who it is: a session cookie, or an `Authorization: Bearer` API key. */
export type AuthMethod = 'session' | 'api-key';

/** What the auth layer needs from the users feature to restore a user from a session or key. */
export interface UserDirectory {
  /** The user with this id, active or not; null when there is none. */
  findById(id: number): Promise<AuthenticatedUser | null>;
  /** Records activity, at most every few minutes per user. */
  touch(user: AuthenticatedUser): Promise<void>;
}

/** What the auth layer needs from the API keys feature. */
export interface ApiKeyVerifier {
  /** The active user owning this live key, or null (unknown, revoked, or its user deactivated). */
  verify(key: string): Promise<AuthenticatedUser | null>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends AuthenticatedUser {}
    interface Request {
      /** Set when `req.user` is set. */
      authMethod?: AuthMethod;
      /** A Bearer credential that did not verify: refused with 401 after rate limiting. */
      authFailure?: 'invalid-api-key';
    }
  }
}

declare module 'express-session' {
  interface SessionData {
    /** The CSRF synchronizer token; see csrf.ts. */
    csrfToken?: string;
    /** Where the Google sign-in returns to. */
    returnTo?: string;
    passport?: { user?: number };
    /** The last UTC day (YYYY-MM-DD) a signed-in session was used; see keepSignedInSessionAlive. */
    seenOn?: string;
  }
}
