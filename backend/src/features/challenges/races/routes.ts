import { RACE_WRONG_CODES_PER_MINUTE } from '@cinema-dna/shared-types';
import { currentUser } from '../../../platform/auth/guards.js';
import type { ApiRoutes } from '../../../platform/auth/route-registry.js';
import { AppError } from '../../../platform/errors.js';
import { isWrongCode, lookupIdentities, type RaceLimits } from './limits.js';
import type { RaceService } from './service.js';

/** Creating a race room, and reading one; the race itself is played over Socket.IO (`race:*`). */
export function raceRoutes(routes: ApiRoutes, races: RaceService, limits: RaceLimits): void {
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
      errors: {
        404: '`NOT_FOUND` "Race not found": no room has that code (or it has ended and been forgotten).',
        429: `\`RATE_LIMITED\`: ${RACE_WRONG_CODES_PER_MINUTE} wrong codes a minute per user and per address (sockets count too), so rooms cannot be found by guessing; \`details.retryAfterSeconds\` and Retry-After say when to try again.`,
      },
    },
    async ({ params }, req, res) => {
      try {
        const state = await limits.wrongCodes.attempt(lookupIdentities({ userId: req.user?.id, ip: req.ip }), () => races.get(params.code), isWrongCode);
        res.set('Cache-Control', 'no-store').json(state);
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') res.set('Retry-After', String((error.details as { retryAfterSeconds: number }).retryAfterSeconds));
        throw error;
      }
    },
  );
}
