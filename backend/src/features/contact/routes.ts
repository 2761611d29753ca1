import { ContactMessageSchema } from '@cinema-dna/shared-types';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { parseInput } from '../../platform/errors.js';
import { submitContactMessage } from './service.js';
import type { ContactStore } from './store.js';

/** POST /api/contact: anyone may write to us. */
export function contactRoutes(routes: ApiRoutes, store: ContactStore): void {
  routes.post('/contact', 'public', async (req, res) => {
    const message = parseInput(ContactMessageSchema, req.body, 'Contact message');
    res.status(201).json(await submitContactMessage(store, message));
  });
}
