import { HealthSchema } from '../health.js';
import { defineRoutes } from './define.js';

/** The health routes: paths, and the schemas of their params, query, body and answers. */
export const healthRoutes = defineRoutes({
  'GET /api/health': { responses: {
        200: { description: 'The server can serve (status `ok` or `degraded`).', schema: HealthSchema },
        503: { description: 'The database is down (status `down`).', schema: HealthSchema },
      } },
});
