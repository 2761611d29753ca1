import type { AdminUserUpdate, AdminUsersResponse } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { adminQueryKeys, pageQuery } from './query-keys';

/** GET /api/admin/users?search&offset: filtered by username or email, a page of ADMIN_PAGE_DEFAULT. */
export const getAdminUsers = (search: string, offset = 0, signal?: AbortSignal) =>
  api.get('/api/admin/users', { query: pageQuery(search, offset), signal });

export function useAdminUsers(search: string, offset: number, enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.users(search, offset), queryFn: ({ signal }) => getAdminUsers(search, offset, signal), enabled, placeholderData: (previous) => previous });
}

/** PATCH /api/admin/users/{userId} with a role or the active flag. */
export const updateAdminUser = ({ userId, update }: { userId: number; update: AdminUserUpdate }) =>
  api.patch('/api/admin/users/:userId', { params: { userId }, body: update });

/** Changes a role or the active flag; every cached list shows the server's answer at once. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: (user) => {
      queryClient.setQueriesData<AdminUsersResponse>({ queryKey: adminQueryKeys.usersRoot() }, (data) =>
        data ? { ...data, users: data.users.map((row) => (row.id === user.id ? user : row)) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit() });
    },
  });
}

/** GET /api/admin/users/{userId}/deletion: what deleting them removes and anonymises, counted now. */
export const getUserDeletion = (userId: number, signal?: AbortSignal) => api.get('/api/admin/users/:userId/deletion', { params: { userId }, signal });

export function useUserDeletion(userId: number | null) {
  return useQuery({
    queryKey: adminQueryKeys.deletion(userId ?? 0),
    queryFn: ({ signal }) => getUserDeletion(userId!, signal),
    enabled: userId !== null,
    // Counted again each time the dialog opens: the numbers change as the member uses the site.
    staleTime: 0,
    gcTime: 0,
  });
}

/** DELETE /api/admin/users/{userId}. */
export const deleteAdminUser = (userId: number) => api.delete('/api/admin/users/:userId', { params: { userId } });

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (deletion) => {
      queryClient.setQueriesData<AdminUsersResponse>({ queryKey: adminQueryKeys.usersRoot() }, (data) =>
        data ? { users: data.users.filter((row) => row.id !== deletion.userId), total: Math.max(0, data.total - 1) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.usersRoot() });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.stats() });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit() });
    },
  });
}
