import { INVALID_CONNECTION_PATH, SaveConnectionRequestSchema } from '@cinema-dna/shared-types';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { UserDirectory } from '../../platform/auth/types.js';
import { AppError, notFound, parseInput, validationDetails } from '../../platform/errors.js';
import type { SavedConnectionService } from './service.js';

const UserParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Parses a save request; a bad path answers with the spec's own text, 'Invalid connection path'. */
function parseSaveRequest(body: unknown) {
  const result = SaveConnectionRequestSchema.safeParse(body);
  if (result.success) return result.data;
  const badPath = result.error.issues.some((issue) => issue.path[0] === 'path');
  throw new AppError(400, 'VALIDATION_FAILED', badPath ? INVALID_CONNECTION_PATH : 'Connection is invalid', validationDetails(result.error));
}

/** Saving found paths, and listing a user's saved ones (their own, or any for moderators and admins). */
export function savedConnectionRoutes(routes: ApiRoutes, deps: { service: SavedConnectionService; users: Pick<UserDirectory, 'findById'> }): void {
  routes.post('/connections/save', 'user', async (req, res) => {
    const input = parseSaveRequest(req.body);
    res.status(201).json(await deps.service.save(currentUser(req).id, input));
  });
  routes.get('/users/me/connections', 'user', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json({ connections: await deps.service.list(currentUser(req).id) });
  });
  routes.get('/users/:id/connections', 'owner-or-staff', async (req, res) => {
    const { id } = parseInput(UserParamsSchema, req.params, 'User');
    if (!(await deps.users.findById(id))) throw notFound('User not found');
    res.set('Cache-Control', 'private, no-store').json({ connections: await deps.service.list(id) });
  });
}
