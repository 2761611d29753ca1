import { ActivityFeedSchema, PROFILE_RECENT_CONNECTIONS, type ActivityItem } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/activity?limit=: one user's latest public items (anyone may read them). */
export async function getUserActivity(userId: number, signal?: AbortSignal): Promise<ActivityItem[]> {
  return ActivityFeedSchema.parse(await api.get('/api/users/:id/activity', { params: { id: userId }, query: { limit: PROFILE_RECENT_CONNECTIONS }, signal })).items;
}

/** Another user's recent activity: their saved connections are theirs alone, their public moments are not. */
export function useUserActivity(userId: number, enabled: boolean) {
  return useQuery({ queryKey: profileQueryKeys.activity(userId), queryFn: ({ signal }) => getUserActivity(userId, signal), enabled, staleTime: 0 });
}
