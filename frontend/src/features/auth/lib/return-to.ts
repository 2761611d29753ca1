/** The login page's route. */
export const LOGIN_PAGE_PATH = '/login';
/** Where the login page's 'Continue with Google' sends the browser (spec §2 "Login page"). */
export const GOOGLE_AUTH_PATH = '/api/auth/google';

/**
 * A `returnTo` that is safe to follow: a path on this site, never another origin
 * (`//evil.example`, `/\evil.example`, absolute URLs), the login page itself or the API.
 */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return undefined;
  const { pathname } = new URL(value, 'http://return-to.invalid');
  if (pathname === LOGIN_PAGE_PATH || pathname.startsWith('/api/')) return undefined;
  return value;
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
