import type { AuthProviders } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/auth/providers: which sign-in methods the server offers besides username and password. */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return api.get('/api/auth/providers', { signal });
}

/** The server's sign-in methods; they only change with a restart, so one answer per page load. */
export function useAuthProviders(enabled = true) {
  return useQuery({ queryKey: ['auth-providers'], queryFn: ({ signal }) => getAuthProviders(signal), staleTime: Infinity, enabled });
}

/**
 * Offer Google only once the server said it is configured: a button that can only fail is worse
 * than none. `enabled`: ask only when a sign-in screen is showing.
 */
export function useGoogleSignIn(enabled = true): boolean {
  return useAuthProviders(enabled).data?.google === true;
}
