import { DISCOVERY_LIST_LIMIT, TrendingMoviesSchema, type TrendingMovies } from '@cinema-dna/shared-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDiscovery, withLimit } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/movies/trending: the films trending this week, with when the list was computed. */
export const getTrendingMovies = (limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<TrendingMovies> =>
  getDiscovery(withLimit('/api/movies/trending', limit), TrendingMoviesSchema, signal);

/** The trending query, shared by the Trending tab, the lists that fall back to it and Surprise Me's fallback. */
export const trendingMoviesQuery = (limit = DISCOVERY_LIST_LIMIT) =>
  queryOptions({ queryKey: discoveryQueryKeys.trending(limit), queryFn: ({ signal }) => getTrendingMovies(limit, signal) });

/** Trending movies; `enabled: false` until a list needs them as its fallback. */
export function useTrendingMovies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...trendingMoviesQuery(), enabled });
}
