import type { EarnedBadge } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { EarnedListSchema } from './badge-schemas';
import { badgeQueryKeys } from './query-keys';

/** GET /api/users/me/badges: the badges the signed-in user earned. */
export async function getMyBadges(signal?: AbortSignal): Promise<EarnedBadge[]> {
  return EarnedListSchema.parse(await api.get('/api/users/me/badges', { signal }));
}

/** Signed in only (spec §6); read afresh on every visit, since play moves it on. */
export function useMyBadges() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: badgeQueryKeys.earned(userId ?? 0),
    queryFn: ({ signal }) => getMyBadges(signal),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}
