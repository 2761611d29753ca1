import { SocialUserListSchema, type SocialUser } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { socialQueryKeys } from './query-keys';

/** GET /api/users/following: 'Users You Follow', newest follow first. */
export async function getFollowing(signal?: AbortSignal): Promise<SocialUser[]> {
  return SocialUserListSchema.parse(await api.get('/api/users/following', { signal })).users;
}

/** Signed in only (spec §6). */
export function useFollowing() {
  const viewerId = useSnapshot(authState).user?.id;
  return useQuery({
    queryKey: socialQueryKeys.following(viewerId ?? 0),
    queryFn: ({ signal }) => getFollowing(signal),
    enabled: viewerId !== undefined,
    staleTime: 0,
  });
}
