import type { GraphStats } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/stats: entity and link counts of the loaded graph (the hero numbers). */
export function getGraphStats(signal?: AbortSignal): Promise<GraphStats> {
  return api.get('/api/stats', { signal });
}

/** Its key in the query cache (the server's first paint of / fills it: src/entry-server.tsx). */
export const GRAPH_STATS_KEY = ['graph-stats'] as const;

export function useGraphStats() {
  return useQuery({ queryKey: GRAPH_STATS_KEY, queryFn: ({ signal }) => getGraphStats(signal) });
}
