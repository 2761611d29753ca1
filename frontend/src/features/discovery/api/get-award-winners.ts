import { AwardWinnersSchema, DISCOVERY_LIST_LIMIT, type AwardWinners } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { getDiscovery, withLimit } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/movies/award-winners: most wins first. */
export const getAwardWinners = (limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<AwardWinners> =>
  getDiscovery(withLimit('/api/movies/award-winners', limit), AwardWinnersSchema, signal);

export function useAwardWinners() {
  return useQuery({ queryKey: discoveryQueryKeys.awardWinners(DISCOVERY_LIST_LIMIT), queryFn: ({ signal }) => getAwardWinners(DISCOVERY_LIST_LIMIT, signal) });
}
