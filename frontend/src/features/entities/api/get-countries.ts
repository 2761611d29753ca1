import type { NamedList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/countries: production countries with how many films each has. */
export async function getCountries(signal?: AbortSignal): Promise<NamedList['items']> {
  const { items } = await api.get('/api/countries', { signal });
  return items;
}

export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => getCountries(signal) });
}
