import { z } from 'zod';
import { LEADERBOARD_DEFAULT_LIMIT, LEADERBOARD_MAX_LIMIT, LeaderboardMetricSchema, LeaderboardPeriodSchema, LeaderboardSchema, UserRankSchema } from '../leaderboards.js';
import { defineRoutes } from './define.js';

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(LEADERBOARD_MAX_LIMIT)
  .default(LEADERBOARD_DEFAULT_LIMIT)
  .meta({ description: `Rows from the top (1–${LEADERBOARD_MAX_LIMIT}, default ${LEADERBOARD_DEFAULT_LIMIT}).` });
const BoardQuerySchema = z.object({ limit });
const GlobalQuerySchema = z.object({
  period: LeaderboardPeriodSchema.default('all-time').meta({ description: 'all-time (default), monthly (this UTC month) or yearly (this UTC year).' }),
  metric: LeaderboardMetricSchema.default('points').meta({
    description: 'points (default), connections (discoveries: pairs new to the player) or efficiency (over challenge rewards: sum of pars ÷ sum of degrees used).',
  }),
  limit,
});

/** The leaderboards routes: paths, and the schemas of their params, query, body and answers. */
export const leaderboardsRoutes = defineRoutes({
  'GET /api/leaderboards/global': { query: GlobalQuerySchema, responses: { 200: LeaderboardSchema } },
  'GET /api/leaderboards/weekly': { query: BoardQuerySchema, responses: { 200: LeaderboardSchema } },
  'GET /api/leaderboards/challenges': { query: BoardQuerySchema, responses: { 200: LeaderboardSchema } },
  'GET /api/users/me/rank': { responses: { 200: UserRankSchema } },
});
