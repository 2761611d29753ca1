import { globalBoard } from '@cinema-dna/shared-types';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { Leaderboards } from './service.js';

const RANKING = 'Competition ranking: tied scores share a rank and the next rank skips the places they took (1, 2, 2, 4). `change`: places moved since the UTC day began (0 for a newcomer today).';

/** Boards (public), the caller's own rank, and the admin rebuild. */
export function leaderboardRoutes(routes: ApiRoutes, leaderboards: Leaderboards): void {
  const api = routes.group({
    name: 'Leaderboards',
    description: `Live rankings derived from the points ledger. ${RANKING} While the live boards cannot be read (Redis down or not answering), boards and ranks answer what this server last read, with \`degraded: true\`.`,
  });
  api.get(
    '/leaderboards/global',
    {
      access: 'public',
      summary: 'Global rankings',
      description: `A global board for the period and metric. ${RANKING}`,
      inputName: 'Leaderboard',
      example: { query: { period: 'monthly', metric: 'connections', limit: '10' } },
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', 'no-cache').json(await leaderboards.read(globalBoard(query.period, query.metric), query.limit));
    },
  );
  api.get(
    '/leaderboards/weekly',
    {
      access: 'public',
      summary: 'This week',
      description: `Points earned this ISO week; the board resets every Monday 00:00 UTC. ${RANKING}`,
      inputName: 'Leaderboard',
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', 'no-cache').json(await leaderboards.read('weekly', query.limit));
    },
  );
  api.get(
    '/leaderboards/challenges',
    {
      access: 'public',
      summary: 'Challenge Masters',
      description: `Points from challenge rewards, all time. ${RANKING}`,
      inputName: 'Leaderboard',
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', 'no-cache').json(await leaderboards.read('challenges', query.limit));
    },
  );
  api.get(
    '/users/me/rank',
    {
      access: 'user',
      summary: 'Your ranking',
      description: 'Your rank on the global all-time points board and on this week’s, and your points; a rank is null while you have no score on that board.',
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await leaderboards.rankOf(currentUser(req).id));
    },
  );
}
