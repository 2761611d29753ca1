import { BadgeProgressSchema, type BadgeProgress } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { badgeQueryKeys } from './query-keys';

/** GET /api/users/me/badge-progress: badge id → the signed-in user's count towards it. */
export async function getBadgeProgress(signal?: AbortSignal): Promise<BadgeProgress> {
  return BadgeProgressSchema.parse(await api.get('/api/users/me/badge-progress', { signal }));
}

export function useBadgeProgress() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: badgeQueryKeys.progress(userId ?? 0),
    queryFn: ({ signal }) => getBadgeProgress(signal),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}
