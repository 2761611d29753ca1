import type { Role } from '@cinema-dna/shared-types';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';
import type { AuthenticatedUser } from './types.js';

export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];

export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'FORBIDDEN', message);

/** The signed-in user, or a 401. */
export function currentUser(req: Request): AuthenticatedUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export const isStaff = (user: AuthenticatedUser) => STAFF_ROLES.includes(user.role);

/** Whether `user` may act on what belongs to `ownerId`: its owner, a moderator or an admin. */
export const canActFor = (user: AuthenticatedUser, ownerId: number | string) => String(user.id) === String(ownerId) || isStaff(user);

/** 401 unless signed in (session or API key). */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

/** 401 unless signed in with a session: what API keys must not do (e.g. mint more keys). */
export const requireSessionUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next(req.authMethod === 'session' ? undefined : forbidden('API keys cannot do this; sign in instead.'));
};

/** 401 unless signed in, 403 unless one of `roles` (admins pass every role check). */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(req.user.role === 'admin' || roles.includes(req.user.role) ? undefined : forbidden());
  };
}

/** 401 unless signed in, 403 unless the route's `:param` is the user's own id or the user is staff. */
export function requireOwnerOrStaff(param = 'id'): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(canActFor(req.user, String(req.params[param])) ? undefined : forbidden());
  };
}
