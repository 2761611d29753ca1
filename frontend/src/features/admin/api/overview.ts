import type { AdminStats } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminQueryKeys } from './query-keys';

/** GET /api/admin/stats: the Overview tab's cards and lists. */
export const getAdminStats = (signal?: AbortSignal) => apiFetch<AdminStats>('/api/admin/stats', { signal });

/** The Overview's numbers; read only while the tab is open. */
export function useAdminStats(enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal), enabled });
}
