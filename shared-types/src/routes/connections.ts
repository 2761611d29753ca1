import { AlternativesRequestSchema, AlternativesResponseSchema, ConnectionResultSchema, ConnectionsFindRequestSchema, FindConnectionRequestSchema, TrendingResponseSchema } from '../connections.js';
import { defineRoutes } from './define.js';

/** The connections routes: paths, and the schemas of their params, query, body and answers. */
export const connectionsRoutes = defineRoutes({
  'POST /api/find-connection': { body: FindConnectionRequestSchema, responses: { 200: ConnectionResultSchema } },
  'POST /api/connections/find': { body: ConnectionsFindRequestSchema, responses: { 200: ConnectionResultSchema } },
  'POST /api/connections/alternatives': { body: AlternativesRequestSchema, responses: { 200: AlternativesResponseSchema } },
  'GET /api/trending': { responses: { 200: TrendingResponseSchema } },
});
