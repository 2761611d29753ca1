import { UserConnectionListSchema, type UserConnection } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/connections: saved connections, newest first (their owner, or staff). */
export async function getUserConnections(userId: number, signal?: AbortSignal): Promise<UserConnection[]> {
  return UserConnectionListSchema.parse(await api.get('/api/users/:id/connections', { params: { id: userId }, signal })).connections;
}

/** Only asked when the server lets the viewer read them (`enabled`): one's own profile. */
export function useUserConnections(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKeys.connections(userId),
    queryFn: ({ signal }) => getUserConnections(userId, signal),
    enabled,
    staleTime: 0,
  });
}
