import { ContactMessageSchema, ContactResponseSchema } from '@cinema-dna/shared-types';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { submitContactMessage } from './service.js';
import type { ContactStore } from './store.js';

/** POST /api/contact: anyone may write to us. */
export function contactRoutes(routes: ApiRoutes, store: ContactStore): void {
  const api = routes.group({ name: 'Contact', description: 'Write to the people running this site.' });
  api.post(
    '/contact',
    { access: 'public', summary: 'Send a message', inputName: 'Contact message', body: ContactMessageSchema, responses: { 201: ContactResponseSchema } },
    async ({ body }, _req, res) => {
      res.status(201).json(await submitContactMessage(store, body));
    },
  );
}
