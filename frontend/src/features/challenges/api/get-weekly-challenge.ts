import { ChallengeSchema, type Challenge } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { challengeQueryKeys } from './query-keys';

/** GET /api/challenges/weekly: this ISO week's challenge, or null when there is none. */
export async function getWeeklyChallenge(signal?: AbortSignal): Promise<Challenge | null> {
  try {
    return ChallengeSchema.parse(await api.get('/api/challenges/weekly', { signal }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useWeeklyChallenge() {
  const userId = useSnapshot(authState).user?.id ?? null;
  return useQuery({ queryKey: challengeQueryKeys.weekly(userId), queryFn: ({ signal }) => getWeeklyChallenge(signal), staleTime: 0 });
}
