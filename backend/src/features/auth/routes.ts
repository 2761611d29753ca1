import { AuthProvidersSchema, INVALID_CREDENTIALS, LoginRequestSchema, RegisterRequestSchema, SessionResponseSchema, VerifyEmailRequestSchema } from '@cinema-dna/shared-types';
import { csrfTokenFor } from '../../platform/auth/csrf.js';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { Request, Response } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppPassport } from '../../platform/auth/authenticate.js';
import { toAuthUser } from '../../platform/auth/auth-user.js';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import { AppError, parseInput } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { rateLimitedError, setRateLimitHeaders, type RateLimiter } from '../../platform/rate-limit.js';
import type { Accounts } from './accounts.js';
import type { EmailVerification } from './email-verification.js';
import type { LoginThrottle } from './login-throttle.js';
import { requestOrigin } from './origin.js';
import { signIn, signOut } from './sign-in.js';

/**
 * Passport's local strategy over the users service, which checks the Argon2id hash (and answers the
 * same 401 for an unknown username and a wrong password, in comparable time).
 */
function useLocalStrategy(passport: AppPassport, users: Accounts): void {
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
      else if (!user) reject(new AppError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS));
      else resolve(user);
    })(req, res, reject);
  });
}

export interface AuthRouteDeps {
  users: Accounts;
  passport: AppPassport;
  /** Failed password sign-ins per account and per IP. */
  loginThrottle: LoginThrottle;
  emailVerification: EmailVerification;
  /** Verification emails a user may ask for again. */
  resendLimiter: RateLimiter;
  /** Base of emailed links; unset: the request's Host. */
  publicUrl?: string;
  /** Google sign-in is configured, so the browser may offer it. */
  googleSignIn?: boolean;
  logger: Logger;
}

/** Spec §7 auth calls with username and password, email verification, and the CSRF token every browser write needs. */
export function authRoutes(routes: ApiRoutes, deps: AuthRouteDeps): void {
  useLocalStrategy(deps.passport, deps.users);

  /** Mails a verification link for the user's email; a mailer failure is logged, never the caller's problem. */
  const sendVerification = async (req: Request, user: AuthenticatedUser): Promise<void> => {
    const origin = requestOrigin(req, deps.publicUrl);
    if (!origin) throw new AppError(400, 'VALIDATION_FAILED', 'The Host header is not a valid host.', [{ path: 'host', message: 'Invalid Host header' }]);
    await deps.emailVerification.send(user, origin);
  };

  routes.get('/auth/csrf', 'public', (req, res) => {
    res.set('Cache-Control', 'no-store').json({ csrfToken: csrfTokenFor(req) });
  });

  routes.post('/auth/register', { access: 'public', csrf: 'always' }, async (req, res) => {
    const input = parseInput(RegisterRequestSchema, req.body, 'Registration');
    const user = await deps.users.register(input);
    await signIn(req, res, user);
    await sendVerification(req, user).catch((error: unknown) => {
      deps.logger.warn({ err: error instanceof Error ? error.message : String(error), userId: user.id }, 'verification email not sent');
    });
    res.status(201).json(toAuthUser(user));
  });

  routes.post('/auth/login', { access: 'public', csrf: 'always' }, async (req, res) => {
    // Validated first, so malformed bodies get field errors; the strategy reads the normalised values.
    req.body = parseInput(LoginRequestSchema, req.body, 'Login');
    const { username } = req.body as { username: string };
    await deps.loginThrottle.check(res, username, req.ip);
    const user = await authenticateLocally(deps.passport, req, res).catch(async (error: unknown) => {
      if (error instanceof AppError && error.status === 401) await deps.loginThrottle.recordFailure(username, req.ip);
      throw error;
    });
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

  // The browser's session check: signed out is an answer, not an error (a 401 would be logged on every page load).
  routes.get('/auth/session', 'public', (req, res) => {
    res.set('Cache-Control', 'no-store').json(SessionResponseSchema.parse({ user: req.user ? toAuthUser(req.user) : null }));
  });

  // Which sign-in buttons the login screens show: never one that can only fail.
  routes.get('/auth/providers', 'public', (_req, res) => {
    res.json(AuthProvidersSchema.parse({ google: deps.googleSignIn ?? false }));
  });

  // Signed in as the account the link was sent for: someone who receives a link for an account they
  // did not create cannot confirm the address for it by clicking.
  routes.post('/auth/verify-email', 'session-user', async (req, res) => {
    const { token } = parseInput(VerifyEmailRequestSchema, req.body, 'Verification');
    const user = await deps.emailVerification.verify(currentUser(req).id, token);
    res.set('Cache-Control', 'no-store').json(toAuthUser(user));
  });

  routes.post('/auth/verify-email/resend', 'session-user', async (req, res) => {
    const user = currentUser(req);
    const decision = await deps.resendLimiter.hit(`user:${user.id}`);
    if (!decision.allowed) {
      setRateLimitHeaders(res, decision);
      throw rateLimitedError(decision, deps.resendLimiter.rule);
    }
    await sendVerification(req, user);
    res.status(202).json({ sentTo: user.email });
  });
}
