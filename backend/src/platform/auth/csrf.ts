import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER_NAME = 'x-csrf-token';

/** The session's synchronizer token, created on first use (which creates the session). */
export function csrfTokenFor(req: Request): string {
  req.session.csrfToken ??= randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

function tokenMatches(req: Request): boolean {
  const expected = req.session?.csrfToken;
  const sent = req.get(CSRF_HEADER_NAME);
  if (!expected || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Synchronizer-token CSRF protection for the API. A state-changing request must echo the session's
 * token in `X-CSRF-Token` when it is authenticated by the session cookie (the browser attaches that
 * cookie to forged cross-site requests too), and always on the routes that change sessions (sign in,
 * register, sign out: login CSRF). API-key requests are exempt: no browser adds that header on its
 * own. Anonymous writes without a session stay open (`curl -X POST /api/find-connection`).
 */
export function csrfProtection(options: { alwaysFor: string[] }): RequestHandler {
  const always = new Set(options.alwaysFor);
  return (req, _res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const required = always.has(req.path) || req.authMethod === 'session';
    if (required && !tokenMatches(req)) return next(new AppError(403, 'FORBIDDEN', 'Missing or invalid CSRF token'));
    next();
  };
}
