import { DailyArchiveSchema, type DailyArchive } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { challengeQueryKeys } from './query-keys';

/** GET /api/challenges/daily/archive: past dailies, newest first (playable, no points). */
export async function getDailyArchive(signal?: AbortSignal): Promise<DailyArchive> {
  return DailyArchiveSchema.parse(await api.get('/api/challenges/daily/archive', { signal }));
}

export function useDailyArchive() {
  const userId = useSnapshot(authState).user?.id ?? null;
  return useQuery({ queryKey: challengeQueryKeys.archive(userId), queryFn: ({ signal }) => getDailyArchive(signal), staleTime: 0 });
}
