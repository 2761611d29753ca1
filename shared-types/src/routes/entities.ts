import { z } from 'zod';
import { EntityDetailSchema, EntityFilmsQuerySchema, EntityFilmsSchema, FacetedSearchQuerySchema, FacetedSearchResponseSchema, GraphStatsSchema, NamedListSchema, SearchQuerySchema, SearchResponseSchema } from '../catalog.js';
import { EntityTypeSchema } from '../entities.js';
import { defineRoutes } from './define.js';

const EntityParamsSchema = z.object({
  type: EntityTypeSchema,
  id: z.string().min(1).max(150).meta({ description: "The source's own id, e.g. `tom-hanks` or `603`." }),
});

/** The entities routes: paths, and the schemas of their params, query, body and answers. */
export const entitiesRoutes = defineRoutes({
  'GET /api/search': { query: SearchQuerySchema, responses: { 200: SearchResponseSchema } },
  'GET /api/search/faceted': { query: FacetedSearchQuerySchema, responses: { 200: FacetedSearchResponseSchema } },
  'GET /api/entity/:type/:id': { params: EntityParamsSchema, responses: { 200: EntityDetailSchema } },
  'GET /api/entity/:type/:id/films': { params: EntityParamsSchema, query: EntityFilmsQuerySchema, responses: { 200: EntityFilmsSchema } },
  'GET /api/stats': { responses: { 200: GraphStatsSchema } },
  'GET /api/genres': { responses: { 200: NamedListSchema } },
  'GET /api/countries': { responses: { 200: NamedListSchema } },
});
