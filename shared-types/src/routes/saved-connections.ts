import { z } from 'zod';
import { SaveConnectionRequestSchema, UserConnectionListSchema, UserConnectionSchema } from '../saved-connections.js';
import { defineRoutes } from './define.js';

const UserParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The user’s id.' }) });

/** The saved-connections routes: paths, and the schemas of their params, query, body and answers. */
export const savedConnectionsRoutes = defineRoutes({
  'POST /api/connections/save': { body: SaveConnectionRequestSchema, responses: { 201: UserConnectionSchema } },
  'GET /api/users/me/connections': { responses: { 200: UserConnectionListSchema } },
  'GET /api/users/:id/connections': { params: UserParamsSchema, responses: { 200: UserConnectionListSchema } },
});
