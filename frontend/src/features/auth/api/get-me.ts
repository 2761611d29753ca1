import { api } from '../../../lib/api-client-typed';
import type { AuthUser } from '../types';

/**
 * GET /api/auth/session: the user of the session cookie, or null when signed out. A 200 either way,
 * so a signed-out page load logs no failed request (`/api/auth/me` answers 401 then, for API clients).
 */
export async function getMe(signal?: AbortSignal): Promise<AuthUser | null> {
  const { user } = await api.get('/api/auth/session', { signal });
  return user;
}
