import { ProfileComparisonSchema, type ProfileComparison } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/compare?a=&b=: films in common, taste overlap and the chain between favourites. */
export async function compareProfiles(a: number, b: number, signal?: AbortSignal): Promise<ProfileComparison> {
  return ProfileComparisonSchema.parse(await api.get('/api/users/compare', { query: { a, b }, signal }));
}

/** Asked only once the Compare dialog opens. */
export function useProfileComparison(a: number, b: number, enabled: boolean) {
  return useQuery({ queryKey: profileQueryKeys.compare(a, b), queryFn: ({ signal }) => compareProfiles(a, b, signal), enabled, staleTime: 0 });
}
