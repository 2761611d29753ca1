import { z } from 'zod';
import { AttemptActionSchema, AttemptMoveSchema, AttemptResultSchema, AttemptStartSchema, AttemptStateSchema, ChallengeIdSchema, ChallengeListSchema, ChallengeSchema, ChallengeStatsSchema, DailyArchiveSchema, DailyChallengeSchema, MoveOutcomeSchema, WholeChainAttemptSchema } from '../challenges.js';
import { defineRoutes } from './define.js';

const ChallengeParamsSchema = z.object({ id: ChallengeIdSchema.meta({ description: 'The challenge: `daily-YYYY-MM-DD`, `weekly-YYYY-Www` or `list-<slug>`.' }) });
const AttemptParamsSchema = z.object({ attemptId: z.string().regex(/^\d{1,15}$/, 'not an attempt id').meta({ description: 'The attempt’s id.' }) });

/** The challenges routes: paths, and the schemas of their params, query, body and answers. */
export const challengesRoutes = defineRoutes({
  'GET /api/challenges/daily': { responses: { 200: DailyChallengeSchema } },
  'GET /api/challenges/daily/archive': { responses: { 200: DailyArchiveSchema } },
  'GET /api/challenges': { responses: { 200: ChallengeListSchema } },
  'GET /api/challenges/weekly': { responses: { 200: ChallengeSchema } },
  'POST /api/challenges/:id/attempts': { params: ChallengeParamsSchema, body: AttemptStartSchema.optional(), responses: { 201: AttemptStateSchema } },
  'GET /api/challenges/attempts/:attemptId': { params: AttemptParamsSchema, responses: { 200: AttemptStateSchema } },
  'POST /api/challenges/attempts/:attemptId/moves': { params: AttemptParamsSchema, body: AttemptMoveSchema, responses: { 200: MoveOutcomeSchema } },
  'POST /api/challenges/attempts/:attemptId/undo': { params: AttemptParamsSchema, body: AttemptActionSchema, responses: { 200: MoveOutcomeSchema } },
  'POST /api/challenges/attempts/:attemptId/hint': { params: AttemptParamsSchema, body: AttemptActionSchema, responses: { 200: AttemptStateSchema } },
  'POST /api/challenges/attempts/:attemptId/give-up': { params: AttemptParamsSchema, body: AttemptActionSchema, responses: { 200: AttemptStateSchema } },
  'POST /api/challenges/attempt': { body: WholeChainAttemptSchema, responses: { 200: AttemptResultSchema } },
  'GET /api/users/me/challenge-stats': { responses: { 200: ChallengeStatsSchema } },
});
