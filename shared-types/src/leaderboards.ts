import { z } from 'zod';

/**
 * Leaderboards (spec §2, §3): boards derived from the points ledger. Ranks are competition
 * ranking ("1224"): tied scores share a rank, and the next rank skips the places they took.
 */

export const LEADERBOARD_PERIODS = ['all-time', 'monthly', 'yearly'] as const;
export const LeaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS);
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriodSchema>;

/**
 * points: the ledger's sum; connections: discoveries (pairs new to the user); efficiency: over the
 * challenges a user solved, the sum of their pars ÷ the sum of the degrees they used (1.0 = always
 * at par; shown as a percent).
 */
export const LEADERBOARD_METRICS = ['points', 'connections', 'efficiency'] as const;
export const LeaderboardMetricSchema = z.enum(LEADERBOARD_METRICS);
export type LeaderboardMetric = z.infer<typeof LeaderboardMetricSchema>;

/**
 * Every board a client can read or watch: `global:<period>:<metric>`, `weekly` (points this ISO
 * week, from Monday 00:00 UTC) and `challenges` (points from challenges, all time).
 */
export const LEADERBOARD_BOARDS = [
  ...LEADERBOARD_PERIODS.flatMap((period) => LEADERBOARD_METRICS.map((metric) => `global:${period}:${metric}` as const)),
  'weekly',
  'challenges',
] as const;
export const LeaderboardBoardSchema = z.enum(LEADERBOARD_BOARDS);
export type LeaderboardBoard = z.infer<typeof LeaderboardBoardSchema>;
export const globalBoard = (period: LeaderboardPeriod, metric: LeaderboardMetric): LeaderboardBoard => `global:${period}:${metric}`;

/** Rows a board read returns by default, and at most. */
export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;

export const LeaderboardRowSchema = z.object({
  /** The user's id. */
  id: z.number().int(),
  rank: z.number().int().positive(),
  username: z.string(),
  displayName: z.string(),
  level: z.number().int(),
  /** The user's all-time balance. */
  points: z.number().int(),
  connectionsFound: z.number().int().nonnegative(),
  badgeCount: z.number().int().nonnegative(),
  /** The board's own value: points of the period, connections, or efficiency (a ratio). */
  score: z.number(),
  /**
   * Places moved today (positive: up): since the UTC day began, or, for a player who joined the board
   * today, since the rank they joined at (CHANGE_BASELINE says so in words).
   */
  change: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

/** What a row's `change` is measured from, in words (the leaderboards page shows it under the board). */
export const CHANGE_BASELINE = 'Change: places moved since 00:00 UTC today, or since joining the board today.';

export const LeaderboardSchema = z.object({
  board: LeaderboardBoardSchema,
  metric: LeaderboardMetricSchema,
  /** The window's key (`all-time`, `2026-11`, `2026`, `2026-W48`). */
  window: z.string(),
  rows: z.array(LeaderboardRowSchema),
  /** Players on the board. */
  total: z.number().int().nonnegative(),
  /**
   * Present (true) only while the live boards cannot be read (Redis down or not answering): `rows`
   * and `total` are then the last this server read of the board, or empty if it read none yet.
   */
  degraded: z.literal(true).optional(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** GET /api/users/me/rank; ranks are null while the user has no score on that board. */
export const UserRankSchema = z.object({
  globalRank: z.number().int().positive().nullable(),
  weeklyRank: z.number().int().positive().nullable(),
  points: z.number().int(),
  /**
   * Present (true) only while the live boards cannot be read: the ranks are then the last this server
   * read for the user (null if none), `points` is the balance as ever.
   */
  degraded: z.literal(true).optional(),
});
export type UserRank = z.infer<typeof UserRankSchema>;

/** Socket `leaderboard:watch` / `leaderboard:unwatch`: join or leave room `leaderboard:<board>`. */
export const LeaderboardWatchSchema = z.object({ board: LeaderboardBoardSchema });
export type LeaderboardWatch = z.infer<typeof LeaderboardWatchSchema>;

/** Socket `leaderboard:changed` (room `leaderboard:<board>`): players whose score moved, with their new rank. */
export const LeaderboardChangedSchema = z.object({
  board: LeaderboardBoardSchema,
  entries: z.array(z.object({ userId: z.number().int(), rank: z.number().int().positive(), score: z.number() })),
});
export type LeaderboardChanged = z.infer<typeof LeaderboardChangedSchema>;

/** A rebuild of every current board from the ledger (POST /api/admin/rebuild-leaderboards answers its player count). */
export const LeaderboardRebuildSchema = z.object({
  boards: z.number().int().nonnegative(),
  /** Users with ledger rows. */
  players: z.number().int().nonnegative(),
  /** Board entries written (a player sits on several boards). */
  entries: z.number().int().nonnegative(),
  /** How long the rebuild took. */
  ms: z.number().int().nonnegative(),
});
export type LeaderboardRebuild = z.infer<typeof LeaderboardRebuildSchema>;
