import { DISCOVERY_LIST_LIMIT, TopRatedSchema, type TopRated } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { getDiscovery, withLimit } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/movies/top-rated: Highest Rated, by weighted rating (the Popular tab). */
export const getTopRated = (limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<TopRated> =>
  getDiscovery(withLimit('/api/movies/top-rated', limit), TopRatedSchema, signal);

export function useTopRated() {
  return useQuery({ queryKey: discoveryQueryKeys.topRated(DISCOVERY_LIST_LIMIT), queryFn: ({ signal }) => getTopRated(DISCOVERY_LIST_LIMIT, signal) });
}
