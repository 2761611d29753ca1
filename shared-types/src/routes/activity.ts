import { z } from 'zod';
import { ActivityFeedQuerySchema, ActivityFeedSchema } from '../activity.js';
import { defineRoutes } from './define.js';

const UserParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The user’s id.' }) });

/** The activity routes: paths, and the schemas of their params, query, body and answers. */
export const activityRoutes = defineRoutes({
  'GET /api/activity/feed': { query: ActivityFeedQuerySchema, responses: { 200: ActivityFeedSchema } },
  'GET /api/users/:id/activity': { params: UserParamsSchema, query: ActivityFeedQuerySchema, responses: { 200: ActivityFeedSchema } },
});
