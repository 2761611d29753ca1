import session from 'express-session';
import type { RequestHandler } from 'express';
import type { DbSessionStore } from './session-store.js';

export const SESSION_COOKIE = 'cdna.sid';

/** Whether a request carries a session cookie: without one it is surely signed out (it may be with one). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader?.includes(`${SESSION_COOKIE}=`) ?? false;
}
/** Rolling: every request of a signed-in visitor pushes the end back to 30 days from then. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

export interface SessionOptions {
  store: DbSessionStore;
  secret: string;
  /** Secure cookies: on when the public URL is https. */
  secure: boolean;
}

/**
 * The session cookie `cdna.sid`: HttpOnly, SameSite=Lax (top-level navigations such as the OAuth
 * callback carry it, cross-site subrequests do not), signed, and only created once something is
 * stored in it (a CSRF token, an OAuth state, a signed-in user).
 */
export function createSessionMiddleware(options: SessionOptions): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    store: options.store,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // `proxy` unset: the app's 'trust proxy' setting decides whether X-Forwarded-Proto is believed.
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: SESSION_TTL_MS, path: '/' },
  });
}

/** express-session's callback methods as promises. */
export const regenerateSession = (req: Parameters<RequestHandler>[0]) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((error: unknown) => (error ? reject(error) : resolve())));
export const saveSession = (req: Parameters<RequestHandler>[0]) =>
  new Promise<void>((resolve, reject) => req.session.save((error: unknown) => (error ? reject(error) : resolve())));
