import { DISCOVERY_LIST_LIMIT, TrendingMoviesSchema, type TrendingMovies } from '@cinema-dna/shared-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/movies/trending: the films trending this week, with when the list was computed. */
export const getTrendingMovies = (limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<TrendingMovies> =>
  getDiscovery(api.get('/api/movies/trending', { query: { limit }, signal }), TrendingMoviesSchema);

/**
 * How many trending films the page reads: the Trending tab shows the first 12, and the lists that fall
 * back to trending take different slices of it (Recent Releases and Coming Soon, side by side, never
 * show the same twelve).
 */
export const TRENDING_READ_LIMIT = 2 * DISCOVERY_LIST_LIMIT;

/** The trending query, shared by the Trending tab, the lists that fall back to it and Surprise Me's fallback. */
export const trendingMoviesQuery = () =>
  queryOptions({ queryKey: discoveryQueryKeys.trending(TRENDING_READ_LIMIT), queryFn: ({ signal }) => getTrendingMovies(TRENDING_READ_LIMIT, signal) });

/** Trending movies; `enabled: false` until a list needs them as its fallback. */
export function useTrendingMovies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...trendingMoviesQuery(), enabled });
}
