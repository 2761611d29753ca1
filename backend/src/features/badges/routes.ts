import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { BadgeService } from './service.js';

/** The badge catalog (public) and a signed-in user's badges and progress. */
export function badgeRoutes(routes: ApiRoutes, service: BadgeService): void {
  const api = routes.group({ name: 'Badges', description: 'Badges earned at a requirement, across five categories, each with a points reward.' });
  api.get(
    '/badges/available',
    { access: 'public', summary: 'Every badge', description: 'The catalog: category, icon, rarity, points reward and the count at which each is earned.' },
    async (_input, _req, res) => {
      res.set('Cache-Control', 'public, max-age=300').json(service.available());
    },
  );
  api.get(
    '/users/me/badges',
    { access: 'user', summary: 'Your badges', description: 'The badges you earned, newest first.' },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.earned(currentUser(req).id));
    },
  );
  api.get(
    '/users/me/badge-progress',
    {
      access: 'user',
      summary: 'Your progress towards each badge',
      description: 'Badge id → your current count; an unearned badge is count / requirement × 100 percent of the way, capped at 100.',
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.progress(currentUser(req).id));
    },
  );
}
