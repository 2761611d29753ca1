import type { Request, RequestHandler, Response } from 'express';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { AppPassport } from '../../platform/auth/authenticate.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import type { UserService } from '../users/service.js';
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
 * Where to go after signing in: a same-origin path from `?returnTo=`, else from the Referer when it
 * is this site, else home. Never another origin (`//evil.example`, `/\evil.example`, absolute URLs),
 * never back into the sign-in pages or the API.
 */
export function safeReturnTo(req: Request, publicUrl?: string): string {
  const origin = (publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');
  const fromQuery = typeof req.query.returnTo === 'string' ? req.query.returnTo : undefined;
  const candidates: string[] = [];
  if (fromQuery) candidates.push(fromQuery);
  const referer = req.get('referer');
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === origin) candidates.push(`${url.pathname}${url.search}${url.hash}`);
    } catch {
      // Not a URL: ignored.
    }
  }
  for (const candidate of candidates) {
    if (candidate.length > 2000 || !candidate.startsWith('/') || candidate.startsWith('//') || /[\\\s\p{Cc}]/u.test(candidate)) continue;
    const resolved = new URL(candidate, `${origin}/`);
    if (resolved.origin !== new URL(`${origin}/`).origin) continue;
    if (resolved.pathname === '/login' || resolved.pathname.startsWith('/api/')) continue;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
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
          // Relative: resolved against the request (through the trusted proxy) unless PUBLIC_URL is set.
          callbackURL: deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}${GOOGLE_CALLBACK_PATH}` : GOOGLE_CALLBACK_PATH,
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

  const start: RequestHandler = (req, res, next) => {
    if (!options) return unavailable(req, res);
    req.session.returnTo = safeReturnTo(req, deps.publicUrl);
    passport.authenticate(STRATEGY, { session: false })(req, res, next);
  };
  routes.get('/login', 'public', start);
  routes.get('/auth/google', 'public', start);

  routes.get('/auth/google/callback', 'public', (req, res, next) => {
    if (!options) return unavailable(req, res);
    passport.authenticate(STRATEGY, { session: false }, (error: unknown, user: AuthenticatedUser | false) => {
      if (error || !user) {
        const disabled = error instanceof AppError && error.status === 403;
        if (error && !disabled) deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'google sign-in failed');
        res.redirect(303, `/login?error=${disabled ? 'account-disabled' : 'google-failed'}`);
        return;
      }
      const returnTo = req.session.returnTo ?? '/';
      signIn(req, res, user).then(() => res.redirect(303, returnTo), next);
    })(req, res, next);
  });
}
