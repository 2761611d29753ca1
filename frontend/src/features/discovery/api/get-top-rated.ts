import { DISCOVERY_LIST_LIMIT, TopRatedSchema, type TopRated } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/movies/top-rated: Highest Rated, by weighted rating (the Popular tab). */
export const getTopRated = (limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<TopRated> =>
  getDiscovery(api.get('/api/movies/top-rated', { query: { limit }, signal }), TopRatedSchema);

export function useTopRated() {
  return useQuery({ queryKey: discoveryQueryKeys.topRated(DISCOVERY_LIST_LIMIT), queryFn: ({ signal }) => getTopRated(DISCOVERY_LIST_LIMIT, signal) });
}
