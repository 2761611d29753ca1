import type { Request, RequestHandler } from 'express';
import { Passport } from 'passport';
import { regenerateSession } from './sessions.js';
import type { ApiKeyVerifier, AuthenticatedUser, UserDirectory } from './types.js';

/** This app's Passport instance type. */
export type AppPassport = InstanceType<typeof Passport>;

/** A request whose session named a user who is gone or deactivated: its session is ended. */
const REVOKED = Symbol('revoked session');
type MaybeRevoked = Request & { [REVOKED]?: boolean };

/**
 * A Passport instance of this app (not the module singleton, so several apps can share a process):
 * the session keeps only the user id; every request loads the user again, so a deactivation or a
 * role change applies at once.
 */
export function createPassport(users: UserDirectory): AppPassport {
  const passport = new Passport();
  passport.serializeUser<number>((user, done) => done(null, user.id));
  passport.deserializeUser<number, Request>((req: Request, id: number, done: (error: unknown, user?: AuthenticatedUser | false) => void) => {
    users
      .findById(Number(id))
      .then(async (user) => {
        if (!user?.isActive) {
          (req as MaybeRevoked)[REVOKED] = true;
          return done(null, false);
        }
        await users.touch(user);
        done(null, user);
      })
      .catch((error: unknown) => done(error));
  });
  return passport;
}

/** After passport.session(): a session of a deactivated (or deleted) user is replaced by an empty one. */
export const endRevokedSessions: RequestHandler = async (req, _res, next) => {
  if ((req as MaybeRevoked)[REVOKED]) {
    await regenerateSession(req);
  } else if (req.user) {
    req.authMethod = 'session';
  }
  next();
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * `Authorization: Bearer <api key>` authenticates the request as the key's owner, taking precedence
 * over a session cookie. A key that does not verify is remembered and refused after rate limiting,
 * so guessing keys is throttled like any other anonymous traffic.
 */
export function apiKeyAuthentication(keys: ApiKeyVerifier): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (!header) return next();
    const match = BEARER.exec(header);
    const user = match ? await keys.verify(match[1]!) : null;
    if (user) {
      req.user = user;
      req.authMethod = 'api-key';
    } else {
      req.user = undefined;
      req.authMethod = undefined;
      req.authFailure = 'invalid-api-key';
    }
    next();
  };
}
