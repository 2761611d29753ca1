import { LedgerHistoryQuerySchema, LedgerHistorySchema, ProgressResponseSchema } from '../progression.js';
import { defineRoutes } from './define.js';

/** The points routes: paths, and the schemas of their params, query, body and answers. */
export const pointsRoutes = defineRoutes({
  'GET /api/users/me/progress': { responses: { 200: ProgressResponseSchema } },
  'GET /api/users/me/points': { query: LedgerHistoryQuerySchema, responses: { 200: LedgerHistorySchema } },
});
