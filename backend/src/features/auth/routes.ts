import { AuthProvidersSchema, INVALID_CREDENTIALS, SessionResponseSchema } from '@cinema-dna/shared-types';
import { csrfTokenFor } from '../../platform/auth/csrf.js';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { Request, Response } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppPassport } from '../../platform/auth/authenticate.js';
import { toAuthUser } from '../../platform/auth/auth-user.js';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import { AppError } from '../../platform/errors.js';
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

  const api = routes.group({
    name: 'Auth',
    description: 'Register, sign in and out with a username and password or with Google, check the session, verify an email, and get the CSRF token every browser write sends.',
  });
  const throttle = deps.loginThrottle.settings;
  const throttleWindow = Math.round(throttle.windowMs / 1000);
  const resendRule = deps.resendLimiter.rule;

  api.get(
    '/auth/csrf',
    {
      access: 'public',
      summary: 'The CSRF token',
      description: 'Send it back as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE of a session (and on sign-in, registration and sign-out). Creates the session when there is none.',
    },
    (_input, req, res) => {
      res.set('Cache-Control', 'no-store').json({ csrfToken: csrfTokenFor(req) });
    },
  );

  api.post(
    '/auth/register',
    {
      access: 'public',
      csrf: 'always',
      summary: 'Create an account',
      description: 'Creates the account, signs it in (a new `cdna.sid` session) and mails a link to verify the email.',
      inputName: 'Registration',
      example: { body: { username: 'ada_lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' } },
      errors: { 409: 'The username or the email is taken (any letter case).' },
    },
    async ({ body }, req, res) => {
      const user = await deps.users.register(body);
      await signIn(req, res, user);
      await sendVerification(req, user).catch((error: unknown) => {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error), userId: user.id }, 'verification email not sent');
      });
      res.status(201).json(toAuthUser(user));
    },
  );

  api.post(
    '/auth/login',
    {
      access: 'public',
      csrf: 'always',
      summary: 'Sign in with a username and password',
      description: 'Starts a new session (its id changes at every sign-in). Past too many failed attempts for the account or the IP, answers 429 until the window ends, even with the right password.',
      inputName: 'Login',
      example: { body: { username: 'ada_lovelace', password: 'analytical-engine-1843' } },
      errors: { 401: 'Invalid username or password.' },
      limits: [
        { description: 'failed sign-ins per account (any letter case of the username)', limit: throttle.failuresPerAccount, windowSeconds: throttleWindow },
        { description: 'failed sign-ins per IP', limit: throttle.failuresPerIp, windowSeconds: throttleWindow },
      ].filter((limit) => limit.limit > 0),
    },
    async ({ body }, req, res) => {
      // The strategy reads the normalised values.
      req.body = body;
      const { username } = body;
      await deps.loginThrottle.check(res, username, req.ip);
      const user = await authenticateLocally(deps.passport, req, res).catch(async (error: unknown) => {
        if (error instanceof AppError && error.status === 401) await deps.loginThrottle.recordFailure(username, req.ip);
        throw error;
      });
      await signIn(req, res, user);
      res.json(toAuthUser(user));
    },
  );

  // Always succeeds for a caller holding the CSRF token, signed in or not.
  api.post(
    '/auth/logout',
    {
      access: 'public',
      csrf: 'always',
      summary: 'Sign out',
      description: 'Ends the session; succeeds signed in or not.',
    },
    async (_input, req, res) => {
      await signOut(req, res);
      res.status(204).end();
    },
  );

  api.get(
    '/auth/me',
    { access: 'user', summary: 'The signed-in user', description: 'For API clients: 401 when signed out (browsers use /api/auth/session).' },
    (_input, req, res) => {
      res.set('Cache-Control', 'no-store').json(toAuthUser(currentUser(req)));
    },
  );

  // The browser's session check: signed out is an answer, not an error (a 401 would be logged on every page load).
  api.get(
    '/auth/session',
    { access: 'public', summary: 'The session’s user, if any', description: '`{ user: null }` when signed out; always 200.' },
    (_input, req, res) => {
      res.set('Cache-Control', 'no-store').json(SessionResponseSchema.parse({ user: req.user ? toAuthUser(req.user) : null }));
    },
  );

  // Which sign-in buttons the login screens show: never one that can only fail.
  api.get(
    '/auth/providers',
    { access: 'public', summary: 'Sign-in methods offered', description: 'Whether Google sign-in is configured on this server.' },
    (_input, _req, res) => {
      res.json(AuthProvidersSchema.parse({ google: deps.googleSignIn ?? false }));
    },
  );

  // Signed in as the account the link was sent for: someone who receives a link for an account they
  // did not create cannot confirm the address for it by clicking.
  api.post(
    '/auth/verify-email',
    {
      access: 'session-user',
      summary: 'Confirm the email',
      description: 'The token of an emailed link (single use, 24 hours), confirmed while signed in as the account it was sent for.',
      inputName: 'Verification',
      errors: { 400: 'The link is invalid, used or expired.' },
    },
    async ({ body: { token } }, req, res) => {
      const user = await deps.emailVerification.verify(currentUser(req).id, token);
      res.set('Cache-Control', 'no-store').json(toAuthUser(user));
    },
  );

  api.post(
    '/auth/verify-email/resend',
    {
      access: 'session-user',
      summary: 'Mail a new verification link',
      errors: {
        409: 'The email is already verified, or the account has none.',
        503: '`SERVICE_UNAVAILABLE`: the limit cannot be counted while the cache (Redis) is down or not answering, so no email is sent; try again in a moment.',
      },
      limits: [{ description: 'verification emails per user', limit: resendRule.limit, windowSeconds: Math.round(resendRule.windowMs / 1000) }],
    },
    async (_input, req, res) => {
      const user = currentUser(req);
      const decision = await deps.resendLimiter.hit(`user:${user.id}`);
      if (!decision.allowed) {
        setRateLimitHeaders(res, decision);
        throw rateLimitedError(decision, deps.resendLimiter.rule);
      }
      await sendVerification(req, user);
      res.status(202).json({ sentTo: user.email });
    },
  );
}
