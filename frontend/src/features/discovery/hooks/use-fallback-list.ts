import { DISCOVERY_LIST_LIMIT, type MovieCard } from '@cinema-dna/shared-types';
import { useTrendingMovies } from '../api/get-trending-movies';
import { listWithFallback, ownDataMissing, type ListQuery } from '../lib/list-fallback';

/**
 * A list with the spec's fallback (§2): trending is asked only once the list's own data turns out
 * missing; the list then shows 12 trending films from `offset`. `retry` reads both again.
 */
export function useFallbackList<T extends MovieCard>(own: ListQuery<T> & { refetch: () => unknown }, { offset = 0 }: { offset?: number } = {}) {
  const trending = useTrendingMovies({ enabled: ownDataMissing(own) });
  const view = listWithFallback(own, { data: trending.data?.movies, isError: trending.isError, error: trending.error }, DISCOVERY_LIST_LIMIT, offset);
  const retry = () => {
    void own.refetch();
    if (trending.isError) void trending.refetch();
  };
  return { view, retry };
}
