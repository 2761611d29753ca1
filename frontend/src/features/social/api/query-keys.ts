/** Every social query starts with this, so one invalidation refreshes them all. */
export const SOCIAL_QUERY_ROOT = 'social';

/** Keyed by the signed-in user, so signing in as someone else never shows the previous user's lists. */
export const socialQueryKeys = {
  discover: (viewerId: number) => [SOCIAL_QUERY_ROOT, 'discover', viewerId] as const,
  following: (viewerId: number) => [SOCIAL_QUERY_ROOT, 'following', viewerId] as const,
  search: (viewerId: number, query: string) => [SOCIAL_QUERY_ROOT, 'search', viewerId, query] as const,
  feed: (viewerId: number) => [SOCIAL_QUERY_ROOT, 'feed', viewerId] as const,
};
