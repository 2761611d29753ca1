import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { FollowService } from './service.js';

/** Following, user search and Discover (spec §7 discovery and community): signed-in callers only. */
export function followRoutes(routes: ApiRoutes, service: FollowService): void {
  const api = routes.group({ name: 'Community', description: 'Following other users, finding them (search, Discover) and their activity feed.' });
  api.post(
    '/users/follow',
    {
      access: 'user',
      summary: 'Follow a user',
      description: 'Following someone already followed changes nothing (200). Their new activity then reaches your feed and your open sockets (`activity:new`).',
      inputName: 'Follow',
      example: { body: { userId: 1 } },
      errors: { 400: 'You cannot follow yourself.', 404: 'No such active user.' },
    },
    async ({ body }, req, res) => {
      res.json(await service.follow(currentUser(req).id, body.userId));
    },
  );
  api.delete(
    '/users/unfollow/:userId',
    {
      access: 'user',
      summary: 'Unfollow a user',
      inputName: 'Unfollow',
      example: { params: { userId: '1' } },
      errors: { 404: 'You are not following this user.' },
    },
    async ({ params }, req, res) => {
      res.json(await service.unfollow(currentUser(req).id, params.userId));
    },
  );
  api.get(
    '/users/following',
    {
      access: 'user',
      summary: 'Users you follow',
      description: 'Newest follow first (at most 500), active accounts only.',
    },
    async (_input, req, res) => {
      res.json({ users: await service.following(currentUser(req).id) });
    },
  );
  api.get(
    '/users/followers',
    {
      access: 'user',
      summary: 'Users who follow you',
      description: 'Newest follow first (at most 500), active accounts only.',
    },
    async (_input, req, res) => {
      res.json({ users: await service.followers(currentUser(req).id) });
    },
  );
  api.get(
    '/users/discover',
    {
      access: 'user',
      summary: 'Discover new users',
      description:
        'People followed by those you follow, then people with films in common (diaries, watchlists, reviews), then the most recently active; never you or someone you follow; at most 12, each with `reason` and `reasonKind`.',
    },
    async (_input, req, res) => {
      res.json({ users: await service.discover(currentUser(req).id) });
    },
  );
  api.get(
    '/users/search',
    {
      access: 'user',
      summary: 'Search users',
      description: 'Usernames and display names containing the query (3 to 100 characters), case-insensitively; active accounts only; at most 20, best matches first.',
      inputName: 'Search',
      example: { query: { q: 'ada' } },
    },
    async ({ query }, req, res) => {
      res.json({ users: await service.search(currentUser(req).id, query.q) });
    },
  );
}
