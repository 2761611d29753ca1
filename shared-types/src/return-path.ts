/** The WHATWG URL parser, global in Node and browsers (this package compiles without DOM or Node types). */
declare const URL: new (input: string, base?: string) => { origin: string; username: string; password: string; pathname: string; search: string; hash: string };

/** A stand-in origin: candidates are resolved against it, and anything that leaves it is refused. */
const DUMMY_ORIGIN = 'http://return-path.invalid';
const MAX_LENGTH = 2000;
/** Backslashes (browsers read them as slashes), whitespace and control characters never belong in a return path. */
const FORBIDDEN_CHARACTERS = /[\\\s\p{Cc}]/u;
/** Pages a sign-in must not return to: the sign-in page itself and the API. */
const NOT_A_DESTINATION = /^\/(login\/?$|api(\/|$))/i;

/**
 * Where to go after signing in, as a same-origin path (`/entity/person/1?tab=x#top`), or undefined.
 *
 * The candidate is resolved with the URL parser first and every check runs on that normalised
 * result, because the normalised form is what gets followed: `/.//evil.example` and
 * `/%2e%2e//evil.example` look like paths but normalise to `//evil.example`, which a browser reads
 * as another site. One function for the server (Google sign-in) and the browser (the login page).
 */
export function safeReturnPath(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_LENGTH) return undefined;
  if (!candidate.startsWith('/') || FORBIDDEN_CHARACTERS.test(candidate)) return undefined;
  const normalised = normalise(candidate);
  if (normalised === undefined) return undefined;
  if (normalised.length > MAX_LENGTH || !normalised.startsWith('/') || normalised.startsWith('//') || FORBIDDEN_CHARACTERS.test(normalised)) return undefined;
  // Following the result must land on itself: nothing left for a second normalisation to change.
  if (normalise(normalised) !== normalised) return undefined;
  if (NOT_A_DESTINATION.test(decoded(new URL(normalised, DUMMY_ORIGIN).pathname))) return undefined;
  return normalised;
}

/** Percent-decoded, as the client router matches it (`/%6Cogin` is the login page); undecodable stays as is. */
function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The path, query and fragment the URL parser makes of `value`, or undefined when it leaves the origin. */
function normalise(value: string): string | undefined {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value, `${DUMMY_ORIGIN}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== DUMMY_ORIGIN || url.username || url.password) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
