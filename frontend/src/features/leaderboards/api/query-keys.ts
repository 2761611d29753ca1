import type { LeaderboardBoard } from '@cinema-dna/shared-types';

/** Every leaderboard query starts with this. */
export const LEADERBOARDS_QUERY_ROOT = 'leaderboards';

export const leaderboardQueryKeys = {
  board: (board: LeaderboardBoard) => [LEADERBOARDS_QUERY_ROOT, 'board', board] as const,
  /** Keyed by user, so signing in as someone else never shows the previous user's rank. */
  myRank: (userId: number) => [LEADERBOARDS_QUERY_ROOT, 'me', userId] as const,
  myRankRoot: () => [LEADERBOARDS_QUERY_ROOT, 'me'] as const,
};
