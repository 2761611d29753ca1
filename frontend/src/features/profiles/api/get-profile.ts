import { UserProfileSchema, type UserProfile } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/by-username/:username (anyone; 404 'Profile Not Found'). */
export async function getProfileByUsername(username: string, signal?: AbortSignal): Promise<UserProfile> {
  return UserProfileSchema.parse(await api.get('/api/users/by-username/:username', { params: { username }, signal }));
}

/** A profile, read afresh on each visit; keyed by viewer too, since `isFollowing` and `isSelf` depend on who asks. */
export function useProfile(username: string | undefined) {
  const { user, loading } = useSnapshot(authState);
  return useQuery({
    queryKey: profileQueryKeys.byUsername(username ?? '', user?.id ?? 0),
    queryFn: ({ signal }) => getProfileByUsername(username!, signal),
    // Wait for the session check, so a signed-in visitor's follow state is right from the first read.
    enabled: Boolean(username) && !loading && user !== undefined,
    staleTime: 0,
  });
}
