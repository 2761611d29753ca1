import { z } from 'zod';
import { ApiKeyCreateRequestSchema, ApiKeyCreatedSchema, ApiKeyListSchema } from '../api-keys.js';
import { defineRoutes } from './define.js';

const KeyParamsSchema = z.object({ keyId: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The key’s id, as listed.' }) });

/** The api-keys routes: paths, and the schemas of their params, query, body and answers. */
export const apiKeysRoutes = defineRoutes({
  'POST /api/users/me/api-keys': { body: ApiKeyCreateRequestSchema, responses: { 201: ApiKeyCreatedSchema } },
  'GET /api/users/me/api-keys': { responses: { 200: ApiKeyListSchema } },
  'DELETE /api/users/me/api-keys/:keyId': { params: KeyParamsSchema, responses: { 204: { description: 'Revoked: the key stops working at once.' } } },
});
