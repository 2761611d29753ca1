import { UserRankSchema, type UserRank } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { DEGRADED_REFETCH_MS } from './get-leaderboard';
import { leaderboardQueryKeys } from './query-keys';

/** GET /api/users/me/rank: the signed-in user's global and weekly rank and points. */
export async function getMyRank(signal?: AbortSignal): Promise<UserRank> {
  return UserRankSchema.parse(await api.get('/api/users/me/rank', { signal }));
}

/** Signed in only; read afresh on every visit, and every few seconds while the answer is degraded. */
export function useMyRank() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: leaderboardQueryKeys.myRank(userId ?? 0),
    queryFn: ({ signal }) => getMyRank(signal),
    enabled: userId !== undefined,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.degraded ? DEGRADED_REFETCH_MS : false),
  });
}
