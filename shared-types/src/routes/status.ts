import { AdminSystemSchema } from '../admin.js';
import { StatusHistorySchema, StatusResponseSchema } from '../status.js';
import { defineRoutes } from './define.js';

/** The status routes: paths, and the schemas of their params, query, body and answers. */
export const statusRoutes = defineRoutes({
  'GET /api/status': { responses: { 200: StatusResponseSchema } },
  'POST /api/status/refresh': { body: null, responses: { 200: StatusResponseSchema } },
  'GET /api/status/history': { responses: { 200: StatusHistorySchema } },
  'GET /api/admin/system': { responses: { 200: AdminSystemSchema } },
});
