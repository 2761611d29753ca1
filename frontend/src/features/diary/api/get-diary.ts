import type { DiaryList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { diaryQueryKey } from './query-keys';

/** GET /api/diary: the signed-in user's entries, newest first. */
export function getDiary(signal?: AbortSignal): Promise<DiaryList> {
  return api.get('/api/diary', { signal });
}

/** The diary of whoever is signed in; asked only while signed in (spec §6). */
export function useDiary() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: diaryQueryKey(userId ?? 0),
    queryFn: ({ signal }) => getDiary(signal),
    enabled: userId !== undefined,
    select: (data) => data.entries,
  });
}
