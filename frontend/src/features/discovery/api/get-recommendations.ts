import { RecommendationsSchema, type Recommendations } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { authState } from '../../auth';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/recommendations: films for the signed-in user, each with its reason. */
export const getRecommendations = (signal?: AbortSignal): Promise<Recommendations> => getDiscovery(api.get('/api/recommendations', { signal }), RecommendationsSchema);

/**
 * Asked only while signed in (spec §6). Read again each time the page opens: a film logged since
 * changes what is recommended.
 */
export function useRecommendations() {
  const userId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: discoveryQueryKeys.recommendations(userId ?? 0),
    queryFn: ({ signal }) => getRecommendations(signal),
    enabled: typeof userId === 'number',
    staleTime: 0,
  });
}
