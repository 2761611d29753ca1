import type { NamedList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/countries: production countries with how many films each has. */
export async function getCountries(signal?: AbortSignal): Promise<NamedList['items']> {
  const { items } = await apiFetch<NamedList>('/api/countries', { signal });
  return items;
}

export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => getCountries(signal) });
}
