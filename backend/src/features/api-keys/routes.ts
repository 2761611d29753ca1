import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { ApiKeyService } from './service.js';

/**
 * The signed-in user's API keys. Managing keys needs a session: a leaked key must not be able to
 * mint the keys that would outlive its own revocation.
 */
export function apiKeyRoutes(routes: ApiRoutes, service: ApiKeyService): void {
  const api = routes.group({
    name: 'API keys',
    description: 'Keys for calling the API as yourself with `Authorization: Bearer cdna_…`. Managed from a signed-in browser session only; the key is shown once.',
  });
  api.post(
    '/users/me/api-keys',
    {
      access: 'session-user',
      summary: 'Create an API key',
      description: 'Answers the key once (`cdna_…`); only its SHA-256 is stored.',
      inputName: 'API key',
      example: { body: { name: 'cli' } },
      errors: { 409: 'The user holds the most keys allowed; revoke one first.' },
    },
    async ({ body: { name } }, req, res) => {
      res.status(201).set('Cache-Control', 'no-store').json(await service.create(currentUser(req).id, name));
    },
  );
  api.get('/users/me/api-keys', { access: 'session-user', summary: 'List your API keys', description: 'Never the secrets.', }, async (_input, req, res) => {
    res.set('Cache-Control', 'no-store').json({ keys: await service.list(currentUser(req).id) });
  });
  api.delete(
    '/users/me/api-keys/:keyId',
    {
      access: 'session-user',
      summary: 'Revoke an API key',
      inputName: 'API key',
      example: { params: { keyId: '1' } },
      errors: { 404: 'You hold no key with this id.' },
    },
    async ({ params: { keyId } }, req, res) => {
      await service.revoke(currentUser(req).id, keyId);
      res.status(204).end();
    },
  );
}
