import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { UserDirectory } from '../../platform/auth/types.js';
import { notFound } from '../../platform/errors.js';
import type { ActivityService } from './service.js';

/** The activity feed (spec §2 Community, 'Recent Activity') and one user's activity. */
export function activityRoutes(routes: ApiRoutes, deps: { service: ActivityService; users: Pick<UserDirectory, 'findById'> }): void {
  const api = routes.group({ name: 'Activity', description: 'Public moments of users (connections, reviews, lists, follows, badges, challenges, diary entries), newest first.' });
  api.get(
    '/activity/feed',
    {
      access: 'user',
      summary: 'Your feed',
      description:
        'The items of the people you follow, newest first. Pass the previous page’s `nextCursor` as `cursor` for the next page (null on the last). Live: new items arrive on your sockets as `activity:new`.',
      inputName: 'Feed',
      example: { query: { limit: '20' } },
      errors: { 400: 'A cursor this feed did not hand out.' },
    },
    async ({ query }, req, res) => {
      res.json(await deps.service.feed(currentUser(req).id, query));
    },
  );
  api.get(
    '/users/:id/activity',
    {
      access: 'public',
      summary: 'A user’s activity',
      description: 'Their public items, newest first, in pages like the feed.',
      inputName: 'Feed',
      example: { params: { id: '1' } },
      errors: { 400: 'A cursor this feed did not hand out.', 404: 'User not found.' },
    },
    async ({ params: { id }, query }, _req, res) => {
      const user = await deps.users.findById(id);
      if (!user?.isActive) throw notFound('User not found');
      res.json(await deps.service.forUser(id, query));
    },
  );
}
