import type { RequestHandler } from 'express';
import type { Db } from '../db/database.js';
import type { Logger } from '../logging.js';
import { apiKeyAuthentication, createPassport, endRevokedSessions, type AppPassport } from './authenticate.js';
import { DbSessionStore } from './session-store.js';
import { createSessionMiddleware, hasSessionCookie, keepSignedInSessionAlive, SESSION_TTL_MS } from './sessions.js';
import type { ApiKeyVerifier, UserDirectory } from './types.js';

export type * from './types.js';
export { hasSessionCookie } from './sessions.js';

export interface AuthPlatformOptions {
  db: Db;
  users: UserDirectory;
  apiKeys: ApiKeyVerifier;
  sessionSecret: string;
  /** Secure cookies (the public URL is https). */
  secureCookies: boolean;
  logger?: Logger;
  /** Expired-session pruning interval; tests turn it off with 0. */
  pruneIntervalMs?: number;
}

/**
 * Sessions, Passport and API keys, shared by the HTTP app and the socket server (which
 * authenticates its handshake with the same session middleware).
 */
export interface AuthPlatform {
  passport: AppPassport;
  sessionStore: DbSessionStore;
  /** express-session with the database store. */
  session: RequestHandler;
  /** For every API request, in order: session, Passport, revoked-session clean-up, API keys. */
  authenticate: RequestHandler[];
  /** For the socket handshake: session and Passport (cookies only). */
  handshake: RequestHandler[];
  close(): void;
}

/**
 * API paths (under /api) that may start a session: CSRF token, sign-in and Google's redirects. As
 * loose as Express's routing (any case, a trailing slash), so every spelling that reaches those
 * routes has its session.
 */
const STARTS_SESSION = /^\/(auth\/|login\/?$)/i;

/**
 * Most API traffic is anonymous and carries no session cookie: loading (and creating) a session
 * for it would cost a store round trip and an id per request for nothing. Such requests skip the
 * session entirely, except on the paths that start one.
 */
function onlyWithSession(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (hasSessionCookie(req.headers.cookie) || STARTS_SESSION.test(req.path)) return middleware(req, res, next);
    next();
  };
}

export function createAuthPlatform(options: AuthPlatformOptions): AuthPlatform {
  const sessionStore = new DbSessionStore(options.db, { defaultTtlMs: SESSION_TTL_MS, logger: options.logger, pruneIntervalMs: options.pruneIntervalMs });
  const session = createSessionMiddleware({ store: sessionStore, secret: options.sessionSecret, secure: options.secureCookies });
  const passport = createPassport(options.users);
  const restore = [session, passport.initialize(), passport.session()];
  return {
    passport,
    sessionStore,
    session,
    // passport.initialize() only equips req with login/logout, which only session paths use: under load its
    // per-request property writes on every anonymous request showed in the CPU profile (issue 9).
    authenticate: [onlyWithSession(session), onlyWithSession(passport.initialize()), onlyWithSession(passport.session()), endRevokedSessions, onlyWithSession(keepSignedInSessionAlive), apiKeyAuthentication(options.apiKeys)],
    handshake: restore,
    close: () => sessionStore.close(),
  };
}
