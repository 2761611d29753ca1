/** Every challenges query starts with this, so one invalidation refreshes the card, the list and the stats. */
export const CHALLENGES_QUERY_ROOT = 'challenges';

/** Keyed by user where the answer depends on who asks (completedToday, the user's best, stats). */
export const challengeQueryKeys = {
  root: () => [CHALLENGES_QUERY_ROOT] as const,
  daily: (userId: number | null) => [CHALLENGES_QUERY_ROOT, 'daily', userId] as const,
  archive: (userId: number | null) => [CHALLENGES_QUERY_ROOT, 'archive', userId] as const,
  list: (userId: number | null) => [CHALLENGES_QUERY_ROOT, 'list', userId] as const,
  weekly: (userId: number | null) => [CHALLENGES_QUERY_ROOT, 'weekly', userId] as const,
  stats: (userId: number) => [CHALLENGES_QUERY_ROOT, 'stats', userId] as const,
};
