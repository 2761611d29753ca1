import { DAILY_POLL_INTERVAL_MS, DailyChallengeSchema, type DailyChallenge } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { challengeQueryKeys } from './query-keys';

/** GET /api/challenges/daily: today's challenge, or null when there is none (404 'No challenge available'). */
export async function getDailyChallenge(signal?: AbortSignal): Promise<DailyChallenge | null> {
  try {
    return DailyChallengeSchema.parse(await api.get('/api/challenges/daily', { signal }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Today's challenge as a visitor without a session sees it, for the server's first paint of / (src/entry-server.tsx):
 * its key, its public path and the answer as {@link getDailyChallenge} returns it (a 404 is left out: the card asks).
 */
export function publicDailyFirstPaintQuery() {
  return { queryKey: challengeQueryKeys.daily(null), path: '/api/challenges/daily', select: (answer: unknown) => DailyChallengeSchema.parse(answer) };
}

/** Today's challenge, polled every 60 s (spec §9) so community progress and a new day show up. */
export function useDailyChallenge() {
  const userId = useSnapshot(authState).user?.id ?? null;
  return useQuery({
    queryKey: challengeQueryKeys.daily(userId),
    queryFn: ({ signal }) => getDailyChallenge(signal),
    refetchInterval: DAILY_POLL_INTERVAL_MS,
    staleTime: 0,
  });
}
