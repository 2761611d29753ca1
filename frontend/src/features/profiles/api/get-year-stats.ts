import { YearStatsSchema, type YearStats } from '@cinema-dna/shared-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/year-stats?year=: a year in films from the diary (this year when `year` is null). */
export async function getYearStats(userId: number, year: number | null, signal?: AbortSignal): Promise<YearStats> {
  return YearStatsSchema.parse(await api.get('/api/users/:id/year-stats', { params: { id: userId }, query: { year: year ?? undefined }, signal }));
}

/** The year in films; the previous year's charts stay up while another year loads. Keyed by viewer: owners see their private entries. */
export function useYearStats(userId: number, year: number | null) {
  const viewerId = useSnapshot(authState).user?.id ?? 0;
  return useQuery({
    queryKey: profileQueryKeys.yearStats(userId, year, viewerId),
    queryFn: ({ signal }) => getYearStats(userId, year, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
