import { RaceCodeSchema, RaceCreatedSchema, RaceStateSchema } from '@cinema-dna/shared-types';
import { z } from 'zod';
import { currentUser } from '../../../platform/auth/guards.js';
import type { ApiRoutes } from '../../../platform/auth/route-registry.js';
import type { RaceService } from './service.js';

const RaceParamsSchema = z.object({ code: RaceCodeSchema.meta({ description: 'The room’s 6-character code (letters and digits).' }) });

/** Creating a race room, and reading one; the race itself is played over Socket.IO (`race:*`). */
export function raceRoutes(routes: ApiRoutes, races: RaceService): void {
  const api = routes.group({
    name: 'Races',
    description:
      'Live races with friends: a room with a short code, a lobby, one pair and one server clock for everyone. Played over Socket.IO (`race:join`, `race:start`, `race:move`...; see /api/asyncapi.json).',
  });
  api.post(
    '/challenges/races',
    {
      access: 'user',
      summary: 'Create a race room',
      description: 'A new room hosted by the caller: its code and the link to share. The host then joins it with `race:join`.',
      body: null,
      responses: { 201: RaceCreatedSchema },
    },
    async (_input, req, res) => {
      const user = currentUser(req);
      res.status(201).set('Cache-Control', 'no-store').json(await races.create({ userId: user.id, displayName: user.displayName || user.username }));
    },
  );
  api.get(
    '/challenges/races/:code',
    {
      access: 'public',
      summary: 'A race room as it is now',
      description: 'Presence, the pair once the countdown has begun, the absolute start and end times with the server’s clock, progress as link counts; the chains and the reveal once the race has finished.',
      inputName: 'Race',
      params: RaceParamsSchema,
      responses: { 200: RaceStateSchema },
      errors: { 404: '`NOT_FOUND` "Race not found": no room has that code (or it has ended and been forgotten).' },
    },
    async ({ params }, _req, res) => {
      res.set('Cache-Control', 'no-store').json(await races.get(params.code));
    },
  );
}
