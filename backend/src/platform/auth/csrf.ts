import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER } from '@cinema-dna/shared-types';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * When a route's writes need the CSRF token:
 * - `session` (default): when the caller is authenticated by the session cookie (the browser
 *   attaches that cookie to forged cross-site requests too);
 * - `always`: also without a session (sign in, register, sign out: login CSRF).
 * API-key requests are exempt under `session`: no browser adds that header on its own.
 */
export type CsrfPolicy = 'always' | 'session';

/** The session's synchronizer token, created on first use (which creates the session). */
export function csrfTokenFor(req: Request): string {
  req.session.csrfToken ??= randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

function tokenMatches(req: Request): boolean {
  const expected = req.session?.csrfToken;
  const sent = req.get(CSRF_HEADER);
  if (!expected || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Synchronizer-token CSRF check for one route, run as that route's middleware: whatever spelling
 * of the path reached the route (trailing slash, other case), the same check runs. Anonymous
 * writes without a session stay open under `session` (`curl -X POST /api/find-connection`).
 */
export function csrfCheck(policy: CsrfPolicy): RequestHandler {
  return (req, _res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const required = policy === 'always' || req.authMethod === 'session';
    if (required && !tokenMatches(req)) return next(new AppError(403, 'FORBIDDEN', 'Missing or invalid CSRF token'));
    next();
  };
}
