import type { TrendingConnection } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** Trending connections stay fresh for 5 minutes (spec §9). */
export const TRENDING_STALE_MS = 5 * 60_000;

/** GET /api/trending: the most searched pairs. */
export async function getTrending(signal?: AbortSignal): Promise<TrendingConnection[]> {
  const { connections } = await api.get('/api/trending', { signal });
  return connections;
}

export function useTrending() {
  return useQuery({ queryKey: ['trending'], queryFn: ({ signal }) => getTrending(signal), staleTime: TRENDING_STALE_MS });
}
