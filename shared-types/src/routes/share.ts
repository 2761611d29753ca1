import { z } from 'zod';
import { EntityKeySchema } from '../entities.js';
import { defineRoutes } from './define.js';

export const SharedLinkSchema = z.object({
  from: EntityKeySchema.meta({ description: 'One end of the pair, `type:id`.' }),
  to: EntityKeySchema.meta({ description: 'The other end, `type:id`.' }),
});

/** The share routes: paths, and the schemas of their params, query, body and answers. */
export const shareRoutes = defineRoutes({
  'GET /api/share/preview.png': { query: SharedLinkSchema, responses: { 200: { description: 'The preview image.', contentType: 'image/png', headers: { 'Cache-Control': 'public, max-age=3600' } } } },
});
