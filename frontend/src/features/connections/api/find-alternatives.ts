import type { AlternativesResponse, EntityRefInput, SearchParametersInput } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** How many of the other shortest paths the result lets you browse. */
export const ALTERNATIVES_LIMIT = 10;

export interface AlternativesInput {
  fromEntity: EntityRefInput;
  toEntity: EntityRefInput;
  parameters?: SearchParametersInput;
  limit?: number;
}

/** POST /api/connections/alternatives: other paths as short as the one found, lightest first. */
export function findAlternatives(input: AlternativesInput, signal?: AbortSignal): Promise<AlternativesResponse> {
  return api.post('/api/connections/alternatives', { body: { ...input, limit: input.limit ?? ALTERNATIVES_LIMIT }, signal });
}

/** The shortest paths of a search, fetched only when there is more than one to browse. */
export function useAlternatives(input: AlternativesInput, enabled: boolean) {
  return useQuery({
    queryKey: ['connection-alternatives', input.fromEntity, input.toEntity, input.parameters ?? null, input.limit ?? ALTERNATIVES_LIMIT],
    queryFn: ({ signal }) => findAlternatives(input, signal),
    enabled,
  });
}
