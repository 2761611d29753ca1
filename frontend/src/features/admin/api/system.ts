import type { ExportKind } from '@cinema-dna/shared-types';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { adminQueryKeys } from './query-keys';

/** GET /api/admin/system: health rows, load and memory, and the metrics as they are now. */
export const getAdminSystem = (signal?: AbortSignal) => api.get('/api/admin/system', { signal });

export function useAdminSystem(enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.system(), queryFn: ({ signal }) => getAdminSystem(signal), enabled });
}

export type AdminOperation = 'clear-cache' | 'rebuild-leaderboards';

/** POST /api/admin/clear-cache or /api/admin/rebuild-leaderboards. */
export const runAdminOperation = (operation: AdminOperation) => api.post(`/api/admin/${operation}`);

export function useAdminOperation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runAdminOperation, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit() }) });
}

/** Where a streamed export downloads from (a plain link: the browser saves it as it arrives). */
export const exportUrl = (kind: ExportKind, format: 'csv' | 'json') => `/api/admin/export/${kind}?format=${format}`;

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit?limit&before: newest first, a page at a time. */
export const getAuditLog = (before: number | null, signal?: AbortSignal) =>
  api.get('/api/admin/audit', { query: { limit: AUDIT_PAGE_SIZE, before: before || undefined }, signal });

export function useAuditLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminQueryKeys.audit(),
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled,
    // New actions land at the top: each visit to the tab reads the log again.
    staleTime: 0,
  });
}
