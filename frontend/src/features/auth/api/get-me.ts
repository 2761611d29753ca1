import { apiFetch } from '../../../lib/api-client';
import type { AuthUser } from '../types';

/** GET /api/auth/me: the user of the session cookie; rejects when there is none. */
export function getMe(signal?: AbortSignal): Promise<AuthUser> {
  return apiFetch<AuthUser>('/api/auth/me', { signal });
}
