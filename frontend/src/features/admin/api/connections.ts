import type { AdminConnectionsResponse } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminQueryKeys } from './query-keys';

/** GET /api/admin/connections?search: filtered by the from or to entity id. */
export const getAdminConnections = (search: string, signal?: AbortSignal) =>
  apiFetch<AdminConnectionsResponse>(`/api/admin/connections${search ? `?${new URLSearchParams({ search })}` : ''}`, { signal });

export function useAdminConnections(search: string, enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.connections(search), queryFn: ({ signal }) => getAdminConnections(search, signal), enabled, placeholderData: (previous) => previous });
}

/** DELETE /api/admin/connections/{id}. */
export const deleteAdminConnection = (id: number) => apiFetch<unknown>(`/api/admin/connections/${id}`, { method: 'DELETE' });

export function useDeleteAdminConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminConnection,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<AdminConnectionsResponse>({ queryKey: adminQueryKeys.connectionsRoot() }, (data) =>
        data ? { connections: data.connections.filter((row) => row.id !== id), total: Math.max(0, data.total - 1) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.stats() });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit() });
    },
  });
}
