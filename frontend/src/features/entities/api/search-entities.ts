import type { EntitySummary, EntityType } from '@cinema-dna/shared-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** Typeahead searches start at 2 characters (spec §5). */
export const MIN_SEARCH_LENGTH = 2;
/** Typeahead results stay fresh for 5 minutes (spec §9). */
export const SEARCH_STALE_MS = 5 * 60_000;

export interface EntitySearchInput {
  q: string;
  type?: EntityType;
  limit?: number;
}

/** GET /api/search?q=&type=&limit=: entities whose names match, most popular first. */
export async function searchEntities({ q, type, limit }: EntitySearchInput, signal?: AbortSignal): Promise<EntitySummary[]> {
  const { results } = await api.get('/api/search', { query: { q, type: type || undefined, limit: limit || undefined }, signal });
  return results;
}

export const entitySearchKey = (input: EntitySearchInput) => ['entity-search', input.q.trim().toLowerCase(), input.type ?? null, input.limit ?? null] as const;

/** Typeahead results for `q`; idle below 2 characters or when `enabled` is false. */
export function useEntitySearch(input: EntitySearchInput, enabled = true) {
  const q = input.q.trim();
  return useQuery({
    queryKey: entitySearchKey(input),
    queryFn: ({ signal }) => searchEntities({ ...input, q }, signal),
    enabled: enabled && q.length >= MIN_SEARCH_LENGTH,
    staleTime: SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
