import { safeReturnPath } from '@cinema-dna/shared-types';
import { z } from 'zod';
import type { Request, Response } from 'express';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { AppPassport } from '../../platform/auth/authenticate.js';
import type { ApiRoutes, RouteHandler } from '../../platform/auth/route-registry.js';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import type { UserService } from '../users/service.js';
import { requestOrigin } from './origin.js';
import { signIn } from './sign-in.js';

/** Google's OAuth 2.0 client and endpoints (configurable so tests run the flow against a local server). */
export interface GoogleSignInOptions {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export const GOOGLE_UNAVAILABLE = 'Google sign-in is not configured on this server.';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
const STRATEGY = 'google';

/**
 * These are browser navigations: a malformed value is never a 400 page. `returnTo` that is not a
 * path on this site is ignored (the Referer is tried next); Passport reads what Google sends back.
 */
const optionalText = (description: string) => z.string().optional().catch(undefined).meta({ description });
const StartQuerySchema = z.looseObject({ returnTo: optionalText('A path on this site to return to, e.g. `/profile`.') });
const CallbackQuerySchema = z.looseObject({
  code: optionalText('The authorization code.'),
  state: optionalText('The state sent at the start (checked against the session).'),
  error: optionalText('Set when the user refused, e.g. `access_denied`.'),
});

/**
 * Where to go after signing in: a same-origin path from `?returnTo=`, else from the Referer when it
 * is this site, else home. The shared `safeReturnPath` checks the normalised path, which is the one
 * followed.
 */
export function safeReturnTo(req: Request, publicUrl?: string): string {
  const origin = requestOrigin(req, publicUrl);
  const candidates: unknown[] = [req.query.returnTo];
  const referer = req.get('referer');
  if (referer && origin) {
    try {
      const url = new URL(referer);
      if (url.origin === origin) candidates.push(`${url.pathname}${url.search}${url.hash}`);
    } catch {
      // Not a URL: ignored.
    }
  }
  for (const candidate of candidates) {
    const path = safeReturnPath(candidate);
    if (path) return path;
  }
  return '/';
}

/** The 503 for API callers; a browser navigation goes to the login page, which explains. */
function unavailable(req: Request, res: Response): void {
  if (req.accepts(['json', 'html']) === 'html') {
    res.redirect(303, '/login?error=google-unavailable');
    return;
  }
  throw new AppError(503, 'SERVICE_UNAVAILABLE', GOOGLE_UNAVAILABLE);
}

function identityOf(profile: Profile) {
  const email = profile.emails?.[0];
  return {
    googleId: profile.id,
    email: email?.value,
    // Google sends a boolean; some OpenID servers send the string "true".
    emailVerified: email?.verified === true || String(email?.verified) === 'true',
    displayName: profile.displayName,
  };
}

/**
 * Sign in with Google (passport-google-oauth20, with state and PKCE kept in the session):
 * `GET /api/login` and `GET /api/auth/google` start it, the callback signs in (creating or linking
 * the account) and returns to where the user was.
 */
export function googleRoutes(
  routes: ApiRoutes,
  deps: { passport: AppPassport; users: UserService; options: GoogleSignInOptions | null; publicUrl?: string; logger: Logger },
): void {
  const { passport, options } = deps;
  if (options) {
    passport.use(
      STRATEGY,
      new GoogleStrategy(
        {
          clientID: options.clientId,
          clientSecret: options.clientSecret,
          authorizationURL: options.authUrl,
          tokenURL: options.tokenUrl,
          userProfileURL: options.userInfoUrl,
          // Each request passes its own absolute callbackURL (callbackUrl below); passport would resolve a relative one with X-Forwarded-Host.
          scope: ['openid', 'profile', 'email'],
          state: true,
          pkce: true,
        },
        (_accessToken: string, _refreshToken: string, profile: Profile, done: (error: unknown, user?: AuthenticatedUser) => void) => {
          deps.users.signInWithGoogle(identityOf(profile)).then((user) => done(null, user), done);
        },
      ),
    );
  }

  /** The redirect_uri Google sends the code back to; the same at the start and at the token exchange. */
  const callbackUrl = (req: Request): string => {
    const origin = requestOrigin(req, deps.publicUrl);
    if (!origin) throw new AppError(400, 'VALIDATION_FAILED', 'The Host header is not a valid host.', [{ path: 'host', message: 'Invalid Host header' }]);
    return `${origin}${GOOGLE_CALLBACK_PATH}`;
  };

  const api = routes.group({
    name: 'Google sign-in',
    description: 'Browser navigations that sign in with Google (OAuth 2.0 with PKCE) and return to where the user was. Offered only when the server is configured for it (see /api/auth/providers).',
  });
  const start: RouteHandler<unknown, unknown, undefined> = (_input, req, res, next) => {
    if (!options) return unavailable(req, res);
    req.session.returnTo = safeReturnTo(req, deps.publicUrl);
    passport.authenticate(STRATEGY, { session: false, callbackURL: callbackUrl(req) } as object)(req, res, next);
  };
  const startContract = (summary: string) => ({
    access: 'public' as const,
    summary,
    description: 'A browser navigation: redirects to Google. Without Google configured, a browser is sent to the login page (303) and an API caller gets 503.',
    query: StartQuerySchema,
    responses: {
      302: { description: 'To Google’s consent screen.', headers: { Location: 'Google’s authorization URL.' } },
      303: { description: 'Google sign-in is not configured: to `/login?error=google-unavailable`.', headers: { Location: 'The login page.' } },
    },
    errors: { 503: GOOGLE_UNAVAILABLE },
  });
  api.get('/login', startContract('Sign in with Google'), start);
  api.get('/auth/google', startContract('Sign in with Google (the same as /api/login)'), start);

  api.get(
    '/auth/google/callback',
    {
      access: 'public',
      summary: 'Google’s redirect back',
      description: `Where Google sends the browser back (register \`<PUBLIC_URL>${GOOGLE_CALLBACK_PATH}\` as the redirect URI). Signs in, creating or linking the account, and returns to where the user was; on failure to \`/login?error=…\`.`,
      query: CallbackQuerySchema,
      responses: { 303: { description: 'Signed in: back to where the user was; or to `/login?error=google-failed|account-disabled`.', headers: { Location: 'Where the browser goes next.' } } },
      errors: { 503: GOOGLE_UNAVAILABLE },
    },
    (_input, req, res, next) => {
      if (!options) return unavailable(req, res);
      passport.authenticate(STRATEGY, { session: false, callbackURL: callbackUrl(req) } as object, (error: unknown, user: AuthenticatedUser | false) => {
        if (error || !user) {
          const disabled = error instanceof AppError && error.status === 403;
          if (error && !disabled) deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'google sign-in failed');
          res.redirect(303, `/login?error=${disabled ? 'account-disabled' : 'google-failed'}`);
          return;
        }
        const returnTo = req.session.returnTo ?? '/';
        signIn(req, res, user).then(() => res.redirect(303, returnTo), next);
      })(req, res, next);
    },
  );
}
