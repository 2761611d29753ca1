import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/logout: ends the session on the server. */
export function logout(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}
