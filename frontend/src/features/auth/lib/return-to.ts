import { safeReturnPath } from '@cinema-dna/shared-types';

/** The login page's route. */
export const LOGIN_PAGE_PATH = '/login';
/** Where the login page's 'Continue with Google' sends the browser (spec §2 "Login page"). */
export const GOOGLE_AUTH_PATH = '/api/auth/google';

/**
 * A `returnTo` that is safe to follow: a path on this site (normalised), never another origin, the
 * login page itself or the API. The same check as the server's (shared-types `safeReturnPath`).
 */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  return safeReturnPath(value);
}

/** `path?returnTo=…` when there is somewhere to return to. */
function withReturnTo(path: string, returnTo: string | undefined): string {
  const safe = safeReturnTo(returnTo);
  return safe && safe !== '/' ? `${path}?returnTo=${encodeURIComponent(safe)}` : path;
}

/** The login page, coming back to `returnTo` after signing in. */
export const loginPagePath = (returnTo?: string) => withReturnTo(LOGIN_PAGE_PATH, returnTo);

/** Google sign-in, coming back to `returnTo` (the server checks it again). */
export const googleAuthPath = (returnTo?: string) => withReturnTo(GOOGLE_AUTH_PATH, returnTo);
