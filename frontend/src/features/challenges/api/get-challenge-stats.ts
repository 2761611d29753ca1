import { ChallengeStatsSchema, type ChallengeStats } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { challengeQueryKeys } from './query-keys';

/** GET /api/users/me/challenge-stats: the signed-in user's challenge record, with streaks. */
export async function getChallengeStats(signal?: AbortSignal): Promise<ChallengeStats> {
  return ChallengeStatsSchema.parse(await api.get('/api/users/me/challenge-stats', { signal }));
}

/** Signed in only. */
export function useChallengeStats() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: challengeQueryKeys.stats(userId ?? 0),
    queryFn: ({ signal }) => getChallengeStats(signal),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}
