import { CSRF_HEADER } from '@cinema-dna/shared-types';
import type { Request, Response } from 'express';
import { csrfTokenFor } from '../../platform/auth/csrf.js';
import { markSessionSeen } from '../../platform/auth/sessions.js';
import type { AuthenticatedUser } from '../../platform/auth/types.js';

/**
 * Starts a signed-in session for `user`: Passport regenerates the session (a new id, so a planted
 * id is worthless) and a new CSRF token is issued, sent back in the `X-CSRF-Token` response header.
 */
export async function signIn(req: Request, res: Response, user: AuthenticatedUser): Promise<void> {
  await new Promise<void>((resolve, reject) => req.login(user, (error: unknown) => (error ? reject(error) : resolve())));
  req.authMethod = 'session';
  markSessionSeen(req);
  res.set(CSRF_HEADER, csrfTokenFor(req));
}

/** Ends the signed-in session (a new, empty one replaces it) and issues a new CSRF token for it. */
export async function signOut(req: Request, res: Response): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logout((error: unknown) => (error ? reject(error) : resolve())));
  req.user = undefined;
  req.authMethod = undefined;
  res.set(CSRF_HEADER, csrfTokenFor(req));
}
