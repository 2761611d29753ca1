import { ChallengeListSchema, type Challenge } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { challengeQueryKeys } from './query-keys';

/** GET /api/challenges: the All Challenges list. */
export async function getChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  return ChallengeListSchema.parse(await api.get('/api/challenges', { signal })).challenges;
}

/** Read afresh on every visit: participants, completion rates and the user's best move with play. */
export function useChallenges() {
  const userId = useSnapshot(authState).user?.id ?? null;
  return useQuery({ queryKey: challengeQueryKeys.list(userId), queryFn: ({ signal }) => getChallenges(signal), staleTime: 0 });
}
