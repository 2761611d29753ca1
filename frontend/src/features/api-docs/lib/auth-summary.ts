import type { ApiAuth, ApiOperation } from './openapi-model';

/** Who may call an operation, in a short phrase (from its security requirements and, when documented, its `x-access`). */
export function authSummary({ auth, access }: Pick<ApiOperation, 'auth' | 'access'>): string {
  if (auth.mode === 'none') return 'None: open to everyone';
  const ways = [auth.bearer ? 'an API key (Bearer)' : null, auth.session ? 'a signed-in session' : null].filter(Boolean).join(' or ');
  if (auth.mode === 'optional') return `Optional: works signed out; ${ways || 'credentials'} make${ways.includes(' or ') ? '' : 's'} the call count as you`;
  // Public, yet a session is required: sign-in and registration need the session's CSRF token, not a user.
  if (access === 'public') return 'No sign-in needed; send the session’s CSRF token (from GET /api/auth/csrf)';
  const who =
    access === 'admin'
      ? ', as an admin'
      : access === 'moderator'
        ? ', as a moderator or admin'
        : access === 'owner-or-staff'
          ? ': your own id, unless you are a moderator or admin'
          : '';
  if (!auth.bearer && auth.session) return `Required: a signed-in session (API keys are refused)${who}`;
  return `Required: ${ways || auth.schemes.join(' or ')}${who}`;
}

/** Whether the console shows its API key field for this operation: it needs credentials and a key is one of them. */
export function takesApiKey(auth: ApiAuth): boolean {
  return auth.mode === 'required' && auth.bearer;
}

/** Whether a caller must be signed in (a session of a user, or an API key): what the lock icon marks. */
export function requiresSignIn({ auth, access }: Pick<ApiOperation, 'auth' | 'access'>): boolean {
  return auth.mode === 'required' && access !== 'public';
}
