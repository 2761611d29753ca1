import { AwardWinnersSchema, DISCOVERY_LIST_LIMIT, type AwardWinners } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/movies/award-winners: most wins first. */
export const getAwardWinners = (limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<AwardWinners> =>
  getDiscovery(api.get('/api/movies/award-winners', { query: { limit }, signal }), AwardWinnersSchema);

export function useAwardWinners() {
  return useQuery({ queryKey: discoveryQueryKeys.awardWinners(DISCOVERY_LIST_LIMIT), queryFn: ({ signal }) => getAwardWinners(DISCOVERY_LIST_LIMIT, signal) });
}
