import { LoginRequestSchema, RegisterRequestSchema } from '@cinema-dna/shared-types';
import { csrfTokenFor } from '../../platform/auth/csrf.js';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { Request, Response } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppPassport } from '../../platform/auth/authenticate.js';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import { AppError, parseInput } from '../../platform/errors.js';
import { toAuthUser, type UserService } from '../users/service.js';
import { signIn, signOut } from './sign-in.js';

/**
 * Passport's local strategy over the users service, which checks the Argon2id hash (and answers the
 * same 401 for an unknown username and a wrong password, in comparable time).
 */
function useLocalStrategy(passport: AppPassport, users: UserService): void {
  passport.use(
    'local',
    new LocalStrategy((username, password, done) => {
      users.authenticate(username, password).then(
        (user) => done(null, user),
        (error: unknown) => done(error),
      );
    }),
  );
}

/** Runs the local strategy on an already-validated body; resolves to the user or rejects with the service's error. */
function authenticateLocally(passport: AppPassport, req: Request, res: Response): Promise<AuthenticatedUser> {
  return new Promise((resolve, reject) => {
    passport.authenticate('local', { session: false }, (error: unknown, user: AuthenticatedUser | false) => {
      if (error) reject(error);
      else if (!user) reject(new AppError(401, 'UNAUTHORIZED', 'Invalid username or password.'));
      else resolve(user);
    })(req, res, reject);
  });
}

/** Spec §7 auth calls with username and password, and the CSRF token every browser write needs. */
export function authRoutes(routes: ApiRoutes, deps: { users: UserService; passport: AppPassport }): void {
  useLocalStrategy(deps.passport, deps.users);

  routes.get('/auth/csrf', 'public', (req, res) => {
    res.set('Cache-Control', 'no-store').json({ csrfToken: csrfTokenFor(req) });
  });

  routes.post('/auth/register', { access: 'public', csrf: 'always' }, async (req, res) => {
    const input = parseInput(RegisterRequestSchema, req.body, 'Registration');
    const user = await deps.users.register(input);
    await signIn(req, res, user);
    res.status(201).json(toAuthUser(user));
  });

  routes.post('/auth/login', { access: 'public', csrf: 'always' }, async (req, res) => {
    // Validated first, so malformed bodies get field errors; the strategy reads the normalised values.
    req.body = parseInput(LoginRequestSchema, req.body, 'Login');
    const user = await authenticateLocally(deps.passport, req, res);
    await signIn(req, res, user);
    res.json(toAuthUser(user));
  });

  // Always succeeds for a caller holding the CSRF token, signed in or not.
  routes.post('/auth/logout', { access: 'public', csrf: 'always' }, async (req, res) => {
    await signOut(req, res);
    res.status(204).end();
  });

  routes.get('/auth/me', 'user', (req, res) => {
    res.set('Cache-Control', 'no-store').json(toAuthUser(currentUser(req)));
  });
}
