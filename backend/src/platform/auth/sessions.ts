import session from 'express-session';
import type { RequestHandler } from 'express';
import { utcDay } from '../time.js';
import type { DbSessionStore } from './session-store.js';

export const SESSION_COOKIE = 'cdna.sid';

/** Whether a request carries a session cookie: without one it is surely signed out (it may be with one). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader?.includes(`${SESSION_COOKIE}=`) ?? false;
}
/** A signed-in visitor's session ends 30 days after the last day they used it (see {@link keepSignedInSessionAlive}). */
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
    // Not rolling: a response sends the cookie only when its session was created or changed. With rolling, every
    // response re-sent the cookie it came with, and one still in flight when the visitor signed in (the socket's
    // handshake, a query) landed after the sign-in's new cookie and put the old, signed-out session back.
    rolling: false,
    // `proxy` unset: the app's 'trust proxy' setting decides whether X-Forwarded-Proto is believed.
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: SESSION_TTL_MS, path: '/' },
  });
}

/** express-session's callback methods as promises. */
export const regenerateSession = (req: Parameters<RequestHandler>[0]) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((error: unknown) => (error ? reject(error) : resolve())));
export const saveSession = (req: Parameters<RequestHandler>[0]) =>
  new Promise<void>((resolve, reject) => req.session.save((error: unknown) => (error ? reject(error) : resolve())));

/**
 * After passport.session(): a signed-in session's first request of each (UTC) day marks it seen that day, which
 * saves it and sends its cookie again, 30 days from then. So an active visitor stays signed in, at one write a day.
 */
export const keepSignedInSessionAlive: RequestHandler = (req, _res, next) => {
  if (req.user && req.session) markSessionSeen(req);
  next();
};

/** Marks the session used today (a change only on the first request of the day). Signing in marks it too. */
export function markSessionSeen(req: Parameters<RequestHandler>[0]): void {
  const today = utcDay(Date.now());
  if (req.session.seenOn !== today) req.session.seenOn = today;
}
