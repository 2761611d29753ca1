import { POPULAR_PEOPLE_LIMIT, PopularPeopleSchema, type PersonCard } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** GET /api/people/popular: the Trending tab's Popular People (spec §9: 6). */
export async function getPopularPeople(limit = POPULAR_PEOPLE_LIMIT, signal?: AbortSignal): Promise<PersonCard[]> {
  return (await getDiscovery(api.get('/api/people/popular', { query: { limit }, signal }), PopularPeopleSchema)).people;
}

export function usePopularPeople() {
  return useQuery({ queryKey: discoveryQueryKeys.popularPeople(POPULAR_PEOPLE_LIMIT), queryFn: ({ signal }) => getPopularPeople(POPULAR_PEOPLE_LIMIT, signal) });
}
