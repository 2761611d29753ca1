import { api } from '../../../lib/api-client-typed';

/** POST /api/auth/logout: ends the session on the server. */
export function logout(): Promise<void> {
  return api.post('/api/auth/logout');
}
