import { ActivityFeedSchema, FEED_PAGE_DEFAULT, type ActivityFeed } from '@cinema-dna/shared-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { socialQueryKeys } from './query-keys';

/** GET /api/activity/feed?cursor=&limit=: the people you follow, newest first. */
export async function getActivityFeed(cursor: string | null, signal?: AbortSignal): Promise<ActivityFeed> {
  return ActivityFeedSchema.parse(await api.get('/api/activity/feed', { query: { limit: FEED_PAGE_DEFAULT, cursor: cursor || undefined }, signal }));
}

/** The feed, page by page ('Load more' follows `nextCursor`); signed in only. */
export function useActivityFeed() {
  const viewerId = useSnapshot(authState).user?.id;
  return useInfiniteQuery({
    queryKey: socialQueryKeys.feed(viewerId ?? 0),
    queryFn: ({ pageParam, signal }) => getActivityFeed(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: viewerId !== undefined,
    staleTime: 0,
  });
}
