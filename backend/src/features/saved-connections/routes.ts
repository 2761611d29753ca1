import { INVALID_CONNECTION_PATH } from '@cinema-dna/shared-types';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { UserDirectory } from '../../platform/auth/types.js';
import { AppError, notFound, validationDetails } from '../../platform/errors.js';
import type { SavedConnectionService } from './service.js';

/** A save request that fails its schema; a bad path answers with the spec's own text, 'Invalid connection path'. */
function invalidSaveRequest(error: z.ZodError): AppError {
  const badPath = error.issues.some((issue) => issue.path[0] === 'path');
  return new AppError(400, 'VALIDATION_FAILED', badPath ? INVALID_CONNECTION_PATH : 'Connection is invalid', validationDetails(error));
}

/** Saving found paths, and listing a user's saved ones (their own, or any for moderators and admins). */
export function savedConnectionRoutes(routes: ApiRoutes, deps: { service: SavedConnectionService; users: Pick<UserDirectory, 'findById'> }): void {
  const api = routes.group({ name: 'Saved connections', description: 'Connections users keep from their results: each checked against the movie graph.' });
  api.post(
    '/connections/save',
    {
      access: 'user',
      summary: 'Save a found connection',
      description:
        'Keeps a path from a result. Every consecutive pair of the path must be a real link of the loaded graph with the named relationship and direction, from `fromEntity` to `toEntity`; the server counts the degrees (a `degrees` sent is ignored). A path that is not: 400 `INVALID_PATH`, "Invalid connection path".',
      invalidBody: invalidSaveRequest,
      errors: {
        400: '`INVALID_PATH` ("Invalid connection path", `details` naming the step) when the path is not a path of the graph between the two ends.',
        503: 'The movie graph is still loading.',
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json(await deps.service.save(currentUser(req).id, body));
    },
  );
  api.get(
    '/users/me/connections',
    { access: 'user', summary: 'Your saved connections', description: 'Newest first.' },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json({ connections: await deps.service.list(currentUser(req).id) });
    },
  );
  api.get(
    '/users/:id/connections',
    {
      access: 'owner-or-staff',
      summary: 'A user’s saved connections',
      description: 'Your own, or any user’s for moderators and admins.',
      inputName: 'User',
      example: { params: { id: '1' } },
      errors: { 404: 'User not found.' },
    },
    async ({ params: { id } }, _req, res) => {
      if (!(await deps.users.findById(id))) throw notFound('User not found');
      res.set('Cache-Control', 'private, no-store').json({ connections: await deps.service.list(id) });
    },
  );
}
