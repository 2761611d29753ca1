/** Every badge query starts with this, so one invalidation refreshes them all. */
export const BADGES_QUERY_ROOT = 'badges';

/** Keyed by user, so signing in as someone else never shows the previous user's badges. */
export const badgeQueryKeys = {
  catalog: () => [BADGES_QUERY_ROOT, 'catalog'] as const,
  earned: (userId: number) => [BADGES_QUERY_ROOT, 'earned', userId] as const,
  progress: (userId: number) => [BADGES_QUERY_ROOT, 'progress', userId] as const,
};
