import { FOLLOW_TEXTS, FollowResultSchema, type FollowResult } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { toast } from '../../../ui/toast';
import { SOCIAL_QUERY_ROOT } from './query-keys';

/** Queries outside this feature that show follow state or counts (profiles), refreshed after a change. */
const PROFILE_QUERY_ROOT = 'profiles';

/** POST /api/users/follow {userId}. */
export async function followUser(userId: number): Promise<FollowResult> {
  return FollowResultSchema.parse(await api.post('/api/users/follow', { body: { userId } }));
}

/** DELETE /api/users/unfollow/:userId. */
export async function unfollowUser(userId: number): Promise<FollowResult> {
  return FollowResultSchema.parse(await api.delete('/api/users/unfollow/:userId', { params: { userId } }));
}

/**
 * Follows or unfollows one user (spec §4: not following ⇄ following), with the spec's toasts (§8);
 * afterwards the discover, following, search and feed lists and any open profile read again (§7).
 */
export function useFollowToggle(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followUser(userId) : unfollowUser(userId)),
    onSuccess: (_result, follow) => {
      toast(follow ? { title: FOLLOW_TEXTS.followedTitle, description: FOLLOW_TEXTS.followed } : { title: FOLLOW_TEXTS.unfollowedTitle, description: FOLLOW_TEXTS.unfollowed });
    },
    onError: (_error, follow) => {
      toast({ title: FOLLOW_TEXTS.errorTitle, description: follow ? FOLLOW_TEXTS.followFailed : FOLLOW_TEXTS.unfollowFailed, variant: 'destructive' });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [SOCIAL_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_ROOT] }),
      ]);
    },
  });
}
