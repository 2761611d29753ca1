import type { ApiKeyList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';

/** Keyed by user, so signing in as someone else never shows the previous user's keys. */
export const apiKeysQueryKey = (userId: number) => ['api-keys', userId] as const;

/** GET /api/users/me/api-keys: the signed-in user's live keys, newest first, without secrets. */
export function listApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return api.get('/api/users/me/api-keys', { signal });
}

/** The signed-in user's keys; fetched afresh on every visit, since "last used" moves on. */
export function useApiKeys() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: apiKeysQueryKey(userId ?? 0),
    queryFn: ({ signal }) => listApiKeys(signal),
    enabled: userId !== undefined,
    staleTime: 0,
    select: (data) => data.keys,
  });
}
