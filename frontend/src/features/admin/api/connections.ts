import type { AdminConnectionsResponse } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { adminQueryKeys, pageQuery } from './query-keys';

/** GET /api/admin/connections?search&offset: filtered by the from or to entity id, a page of ADMIN_PAGE_DEFAULT. */
export const getAdminConnections = (search: string, offset = 0, signal?: AbortSignal) =>
  api.get('/api/admin/connections', { query: pageQuery(search, offset), signal });

export function useAdminConnections(search: string, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: adminQueryKeys.connections(search, offset),
    queryFn: ({ signal }) => getAdminConnections(search, offset, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** DELETE /api/admin/connections/{id}. */
export const deleteAdminConnection = (id: number) => api.delete('/api/admin/connections/:id', { params: { id } });

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
