import { ApiKeyCreateRequestSchema } from '@cinema-dna/shared-types';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { parseInput } from '../../platform/errors.js';
import type { ApiKeyService } from './service.js';

const KeyParamsSchema = z.object({ keyId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The signed-in user's API keys. Managing keys needs a session: a leaked key must not be able to
 * mint the keys that would outlive its own revocation.
 */
export function apiKeyRoutes(routes: ApiRoutes, service: ApiKeyService): void {
  routes.post('/users/me/api-keys', 'session-user', async (req, res) => {
    const { name } = parseInput(ApiKeyCreateRequestSchema, req.body, 'API key');
    res.status(201).set('Cache-Control', 'no-store').json(await service.create(currentUser(req).id, name));
  });
  routes.get('/users/me/api-keys', 'session-user', async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ keys: await service.list(currentUser(req).id) });
  });
  routes.delete('/users/me/api-keys/:keyId', 'session-user', async (req, res) => {
    const { keyId } = parseInput(KeyParamsSchema, req.params, 'API key');
    await service.revoke(currentUser(req).id, keyId);
    res.status(204).end();
  });
}
