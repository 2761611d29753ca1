import { ContactMessageSchema } from '@cinema-dna/shared-types';
import { Router } from 'express';
import { parseInput } from '../../platform/errors.js';
import { submitContactMessage } from './service.js';
import type { ContactStore } from './store.js';

export function contactRoutes(store: ContactStore): Router {
  const router = Router();
  router.post('/contact', async (req, res) => {
    const message = parseInput(ContactMessageSchema, req.body, 'Contact message');
    res.status(201).json(await submitContactMessage(store, message));
  });
  return router;
}
