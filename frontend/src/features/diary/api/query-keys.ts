/** Keyed by user, so signing in as someone else never shows the previous user's diary. */
export const diaryQueryKey = (userId: number) => ['diary', userId] as const;
/** Every diary query: one invalidation refreshes the list after a write or an import. */
export const DIARY_QUERY_ROOT = ['diary'] as const;
