import { LoginRequestSchema, RegisterRequestSchema } from '@cinema-dna/shared-types';
import { csrfTokenFor } from '../../platform/auth/csrf.js';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { parseInput } from '../../platform/errors.js';
import { toAuthUser, type UserService } from '../users/service.js';
import { signIn, signOut } from './sign-in.js';

/** Paths (inside /api) whose writes always need the CSRF token: they change who the session is. */
export const SESSION_CHANGING_PATHS = ['/auth/login', '/auth/register', '/auth/logout'];

/** Spec §7 auth calls with username and password, and the CSRF token every browser write needs. */
export function authRoutes(routes: ApiRoutes, deps: { users: UserService }): void {
  routes.get('/auth/csrf', 'public', (req, res) => {
    res.set('Cache-Control', 'no-store').json({ csrfToken: csrfTokenFor(req) });
  });

  routes.post('/auth/register', 'public', async (req, res) => {
    const input = parseInput(RegisterRequestSchema, req.body, 'Registration');
    const user = await deps.users.register(input);
    await signIn(req, res, user);
    res.status(201).json(toAuthUser(user));
  });

  routes.post('/auth/login', 'public', async (req, res) => {
    const { username, password } = parseInput(LoginRequestSchema, req.body, 'Login');
    const user = await deps.users.authenticate(username, password);
    await signIn(req, res, user);
    res.json(toAuthUser(user));
  });

  // Always succeeds for a caller holding the CSRF token, signed in or not.
  routes.post('/auth/logout', 'public', async (req, res) => {
    await signOut(req, res);
    res.status(204).end();
  });

  routes.get('/auth/me', 'user', (req, res) => {
    res.set('Cache-Control', 'no-store').json(toAuthUser(currentUser(req)));
  });
}
