import { STATUS_CHECK_INTERVAL_MS } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

export const STATUS_QUERY_ROOT = 'status';
export const statusQueryKeys = {
  current: () => [STATUS_QUERY_ROOT, 'current'] as const,
  history: () => [STATUS_QUERY_ROOT, 'history'] as const,
};

/** GET /api/status: the latest check of every service. */
export const getStatus = (signal?: AbortSignal) => api.get('/api/status', { signal });

/** The latest checks, read again as often as the server says it checks (STATUS_CHECK_INTERVAL_MS until it has said), so an open page stays current. */
export function useStatus() {
  return useQuery({
    queryKey: statusQueryKeys.current(),
    queryFn: ({ signal }) => getStatus(signal),
    refetchInterval: (query) => query.state.data?.checkIntervalMs ?? STATUS_CHECK_INTERVAL_MS,
  });
}

/** POST /api/status/refresh: checks every service again now and answers with what it measured. */
export const refreshStatus = () => api.post('/api/status/refresh');

export function useRefreshStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshStatus,
    onSuccess: (status) => {
      queryClient.setQueryData(statusQueryKeys.current(), status);
      // A fresh check may open or close an incident and adds to today's bar.
      void queryClient.invalidateQueries({ queryKey: statusQueryKeys.history() });
    },
  });
}

/** GET /api/status/history: 90 days of uptime per service and the incidents. */
export const getStatusHistory = (signal?: AbortSignal) => api.get('/api/status/history', { signal });

export function useStatusHistory() {
  return useQuery({ queryKey: statusQueryKeys.history(), queryFn: ({ signal }) => getStatusHistory(signal) });
}
