import type { ApiAuth } from './openapi-model';

/** Who may call an operation, in a short phrase. */
export function authSummary(auth: ApiAuth): string {
  if (auth.mode === 'none') return 'None: open to everyone';
  const ways = [auth.bearer ? 'an API key (Bearer)' : null, auth.session ? 'a signed-in session' : null].filter(Boolean).join(' or ');
  if (auth.mode === 'optional') return `Optional: works signed out; ${ways || 'credentials'} make${ways.includes(' or ') ? '' : 's'} the call count as you`;
  if (!auth.bearer && auth.session) return 'Required: a signed-in session (API keys are refused)';
  return `Required: ${ways || auth.schemes.join(' or ')}`;
}

/** Whether the console shows its API key field for this operation: it needs credentials and a key is one of them. */
export function takesApiKey(auth: ApiAuth): boolean {
  return auth.mode === 'required' && auth.bearer;
}
