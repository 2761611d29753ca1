import { SocialUserListSchema, type SocialUser } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { socialQueryKeys } from './query-keys';

/** GET /api/users/discover: people to follow, each with why ('Discover New Users'). */
export async function getDiscoverUsers(signal?: AbortSignal): Promise<SocialUser[]> {
  return SocialUserListSchema.parse(await api.get('/api/users/discover', { signal })).users;
}

/** Signed in only (spec §6). */
export function useDiscoverUsers() {
  const viewerId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: socialQueryKeys.discover(viewerId ?? 0),
    queryFn: ({ signal }) => getDiscoverUsers(signal),
    enabled: viewerId !== undefined,
    staleTime: 0,
  });
}
