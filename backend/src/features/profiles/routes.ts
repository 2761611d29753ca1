import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { ProfileService } from './service.js';

const NOT_FOUND = 'Profile Not Found: no such user, or the account is deactivated.';

/** Profiles (spec §2 Profile page, §7): read by anyone, edited by their owner. */
export function profileRoutes(routes: ApiRoutes, deps: { service: ProfileService }): void {
  const api = routes.group({ name: 'Profiles', description: 'Users’ profiles: stats, badges, a year in films, and two profiles compared.' });
  const viewer = (req: { user?: { id: number } }) => req.user?.id ?? null;
  const profileContract = (summary: string, description: string) => ({
    access: 'public' as const,
    summary,
    description,
    inputName: 'User',
    example: { params: { id: '1' } },
    errors: { 404: NOT_FOUND },
  });

  api.get(
    '/users/by-username/:username',
    {
      access: 'public',
      summary: 'A profile by username',
      description: 'The same answer as /users/{id}/profile.',
      inputName: 'User',
      errors: { 404: NOT_FOUND },
    },
    async ({ params: { username } }, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await deps.service.byUsername(username, viewer(req)));
    },
  );
  api.get('/users/:id/profile', profileContract('A user’s profile', 'Level, points, badges and the counts of the stat cards. Private diary entries count only for their owner.'), async ({ params: { id } }, req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await deps.service.profile(id, viewer(req)));
  });
  api.get('/users/:id/stats', profileContract('A user’s profile stats', 'The spec’s name for /users/{id}/profile: the same answer.'), async ({ params: { id } }, req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await deps.service.profile(id, viewer(req)));
  });
  api.patch(
    '/users/me/profile',
    {
      access: 'user',
      summary: 'Edit your profile',
      description: 'Display name (1–40) and bio (≤ 500; empty clears it).',
      inputName: 'Profile',
      example: { body: { displayName: 'Film Fan', bio: 'Mostly Michael Mann.' } },
    },
    async ({ body }, req, res) => {
      res.json(await deps.service.update(currentUser(req).id, body));
    },
  );
  api.get(
    '/users/:id/badges',
    {
      access: 'public',
      summary: 'A user’s badges',
      description: 'Newest first.',
      inputName: 'User',
      example: { params: { id: '1' } },
      errors: { 404: NOT_FOUND },
    },
    async ({ params: { id } }, _req, res) => {
      res.json({ badges: await deps.service.badges(id) });
    },
  );
  api.get(
    '/users/:id/year-stats',
    {
      access: 'public',
      summary: 'A user’s year in films',
      description:
        'Films per month, the rating spread in half stars, the average, rewatches, and the most-logged people and genres (from the catalog’s links). Without `year`: the latest year with entries. Private entries count only for their owner.',
      inputName: 'Year stats',
      example: { params: { id: '1' }, query: { year: '2026' } },
      errors: { 404: NOT_FOUND },
    },
    async ({ params: { id }, query }, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await deps.service.yearStats(id, viewer(req), query.year));
    },
  );
  api.get(
    '/users/compare',
    {
      access: 'public',
      summary: 'Compare two profiles',
      description:
        'From public diary entries: films in common (at most 50 listed), the overlap in percent (films in common over films either logged), each one’s favourite (highest rated, most logged on a tie) and the shortest chain between the two favourites (the engine’s default parameters; null when none).',
      inputName: 'Comparison',
      example: { query: { a: '1', b: '2' } },
      errors: { 404: NOT_FOUND },
    },
    async ({ query }, _req, res) => {
      res.json(await deps.service.compare(query.a, query.b));
    },
  );
}
