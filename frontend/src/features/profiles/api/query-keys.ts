/** Every profile query starts with this, so a follow or an edit refreshes them all at once. */
export const PROFILES_QUERY_ROOT = 'profiles';

export const profileQueryKeys = {
  byUsername: (username: string, viewerId: number) => [PROFILES_QUERY_ROOT, 'by-username', username.toLowerCase(), viewerId] as const,
  yearStats: (userId: number, year: number | null, viewerId: number) => [PROFILES_QUERY_ROOT, 'year-stats', userId, year, viewerId] as const,
  connections: (userId: number) => [PROFILES_QUERY_ROOT, 'connections', userId] as const,
  reviews: (userId: number) => [PROFILES_QUERY_ROOT, 'reviews', userId] as const,
  activity: (userId: number) => [PROFILES_QUERY_ROOT, 'activity', userId] as const,
  watchlist: (userId: number) => [PROFILES_QUERY_ROOT, 'watchlist', userId] as const,
  compare: (a: number, b: number) => [PROFILES_QUERY_ROOT, 'compare', a, b] as const,
};
