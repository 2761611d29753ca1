import type { NamedList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/genres: every genre with how many films carry it. */
export async function getGenres(signal?: AbortSignal): Promise<NamedList['items']> {
  const { items } = await api.get('/api/genres', { signal });
  return items;
}

export function useGenres() {
  return useQuery({ queryKey: ['genres'], queryFn: ({ signal }) => getGenres(signal) });
}
