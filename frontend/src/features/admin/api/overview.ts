import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { adminQueryKeys } from './query-keys';

/** GET /api/admin/stats: the Overview tab's cards and lists. */
export const getAdminStats = (signal?: AbortSignal) => api.get('/api/admin/stats', { signal });

/** The Overview's numbers; read only while the tab is open. */
export function useAdminStats(enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal), enabled });
}
