import type { RegisterRequestSchema } from '@cinema-dna/shared-types';
import type { z } from 'zod';
import type { AuthenticatedUser, GoogleIdentity } from '../../platform/auth/types.js';

/**
 * What sign-in needs from the accounts (the users feature implements it; app.ts wires it in), so
 * the auth feature never reaches into another feature's code.
 */
export interface Accounts {
  /** Creates an account; 409 CONFLICT for a taken username or email. */
  register(input: z.output<typeof RegisterRequestSchema>): Promise<AuthenticatedUser>;
  /** The account of a username and password; 401 for either being wrong, 403 when deactivated. */
  authenticate(username: string, password: string): Promise<AuthenticatedUser>;
  /** The account of a Google sign-in (linked, joined or created). */
  signInWithGoogle(identity: GoogleIdentity): Promise<AuthenticatedUser>;
  /** Marks `email` verified for the user when it is still theirs; null otherwise. */
  markEmailVerified(userId: number, email: string): Promise<AuthenticatedUser | null>;
}
