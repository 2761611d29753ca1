import { ContactMessageSchema, ContactResponseSchema } from '../contact.js';
import { InboxMessageParamsSchema, InboxMessageSchema, InboxQuerySchema, InboxResponseSchema, InboxUpdateSchema } from '../inbox.js';
import { defineRoutes } from './define.js';

/** The contact routes: paths, and the schemas of their params, query, body and answers. */
export const contactRoutes = defineRoutes({
  'POST /api/contact': { body: ContactMessageSchema, responses: { 201: ContactResponseSchema } },
  'GET /api/admin/contact': { query: InboxQuerySchema, responses: { 200: InboxResponseSchema } },
  'PATCH /api/admin/contact/:id': { params: InboxMessageParamsSchema, body: InboxUpdateSchema, responses: { 200: InboxMessageSchema } },
});
