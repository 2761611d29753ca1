import { AsyncApiDocumentSchema, DocsExamplesSchema, OpenApiDocumentSchema } from '../api-docs.js';
import { defineRoutes } from './define.js';

/** The api-docs routes: paths, and the schemas of their params, query, body and answers. */
export const apiDocsRoutes = defineRoutes({
  'GET /api/openapi.json': { responses: { 200: OpenApiDocumentSchema } },
  'GET /api/docs/examples': { responses: { 200: DocsExamplesSchema } },
  'GET /api/asyncapi.json': { responses: { 200: AsyncApiDocumentSchema } },
});
