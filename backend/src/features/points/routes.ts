import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { RECENT_AWARDS, type PointsService } from './service.js';

/** A signed-in user's points: level progress and the ledger history. */
export function pointsRoutes(routes: ApiRoutes, service: PointsService): void {
  const api = routes.group({ name: 'Points', description: 'The points ledger: every award, the balance and the level it reaches.' });
  api.get(
    '/users/me/progress',
    {
      access: 'user',
      summary: 'Your level and latest points',
      description: `Your points, level, the next level's threshold and percent of the way there, connections discovered, and the ${RECENT_AWARDS} latest awards.`,
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.progress(currentUser(req).id));
    },
  );
  api.get(
    '/users/me/points',
    {
      access: 'user',
      summary: 'Your points history',
      description: 'Every award of the ledger, newest first, `limit` at a time; pass `nextCursor` back as `cursor` for older ones.',
      example: { query: { limit: '20' } },
    },
    async ({ query }, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.history(currentUser(req).id, query));
    },
  );
}
