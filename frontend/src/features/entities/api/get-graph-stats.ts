import type { GraphStats } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/stats: entity and link counts of the loaded graph (the hero numbers). */
export function getGraphStats(signal?: AbortSignal): Promise<GraphStats> {
  return api.get('/api/stats', { signal });
}

export function useGraphStats() {
  return useQuery({ queryKey: ['graph-stats'], queryFn: ({ signal }) => getGraphStats(signal) });
}
