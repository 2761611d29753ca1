import { pipeline } from 'node:stream/promises';
import { ADMIN_RECENT_USERS, ADMIN_TEXTS, ADMIN_TOP_CONNECTIONS } from '@cinema-dna/shared-types';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { Logger } from '../../platform/logging.js';
import type { AdminService } from './service.js';

const AUDITED = 'Recorded in the audit log (one row, in the change’s transaction).';

/** The admin dashboard's calls (spec §7 Admin): admins only. */
export function adminRoutes(routes: ApiRoutes, deps: { service: AdminService; logger: Logger }): void {
  const { service } = deps;
  const api = routes.group({ name: 'Admin', description: 'The admin dashboard: stats, users, searched connections, operations, exports and the audit log. Admins only.' });
  const noStore = { 'Cache-Control': 'no-store' };

  api.get(
    '/admin/stats',
    {
      access: 'admin',
      summary: 'Dashboard stats',
      description: `Totals counted in the database: users, daily active users (seen by a request or a sign-in in the last 24 hours), searched pairs and searches, the ${ADMIN_TOP_CONNECTIONS} most searched pairs, the ${ADMIN_RECENT_USERS} most recently active users, and System Health measured now.`,
    },
    async (_input, _req, res) => {
      res.set(noStore).json(await service.stats());
    },
  );
  api.get(
    '/admin/users',
    {
      access: 'admin',
      summary: 'Users',
      description: '`search` matches a substring of the username or the email, in any letter case (% and _ are taken literally). Most recently active first.',
      inputName: 'Search',
      example: { query: { search: 'admin', limit: '20' } },
    },
    async ({ query }, _req, res) => {
      res.set(noStore).json(await service.users(query));
    },
  );
  api.patch(
    '/admin/users/:userId',
    {
      access: 'admin',
      summary: 'Change a user’s role or activation',
      description: `Role and/or isActive. Deactivating ends the user’s sessions at once (API keys stop answering too) and hides their public traces (reviews, watchlist, leaderboard rows, feed items, follow counts) until they are reactivated, which brings them back. ${AUDITED} Toast: "${ADMIN_TEXTS.userUpdated}".`,
      inputName: 'User update',
      errors: { 403: ADMIN_TEXTS.notYourself, 404: 'No such user.', 409: ADMIN_TEXTS.lastAdmin },
    },
    async ({ params, body }, req, res) => {
      res.json(await service.updateUser(currentUser(req).id, params.userId, body));
    },
  );
  api.get(
    '/admin/users/:userId/deletion',
    {
      access: 'admin',
      summary: 'What deleting a user would do',
      description: 'The rows a deletion would remove and anonymise, counted now (the confirmation dialog).',
      errors: { 404: 'No such user.' },
    },
    async ({ params }, _req, res) => {
      res.set(noStore).json(await service.deletionPreview(params.userId));
    },
  );
  api.delete(
    '/admin/users/:userId',
    {
      access: 'admin',
      summary: 'Delete a user',
      description: `In one transaction: their diary, reviews, follows both ways, watchlist, saved connections, ledger rows, badges, sessions, API keys, activity items and challenge attempts; their admin actions stay in the audit log without their name. Leaderboards drop them. Answers what was done. ${AUDITED} Toast: "${ADMIN_TEXTS.userDeleted}".`,
      errors: { 403: ADMIN_TEXTS.notYourself, 404: 'No such user.', 409: ADMIN_TEXTS.lastAdmin },
    },
    async ({ params }, req, res) => {
      res.json(await service.deleteUser(currentUser(req).id, params.userId));
    },
  );
  api.get(
    '/admin/connections',
    {
      access: 'admin',
      summary: 'Searched connections',
      description: 'Every searched pair (from → to, as searched) with its count and latest answer, recorded from every answered search (fresh or cached). `fromEntityId` / `toEntityId` are entity keys (`type:id`); each entity ref’s `id` is the id alone. `search` is an entity key (`movie:603`) or an id alone (`603`), matching either end exactly. Most searched first.',
      inputName: 'Search',
      example: (c) => ({ query: { search: c.from.key } }),
    },
    async ({ query }, _req, res) => {
      res.set(noStore).json(await service.connections(query));
    },
  );
  api.delete(
    '/admin/connections/:id',
    {
      access: 'admin',
      summary: 'Delete a searched connection',
      description: `Deletes the pair’s row, takes it off Trending and drops its cached default answers. ${AUDITED} Toast: "${ADMIN_TEXTS.connectionDeleted}".`,
      errors: { 404: 'No such connection.' },
    },
    async ({ params }, req, res) => {
      await service.deleteConnection(currentUser(req).id, params.id);
      res.status(204).end();
    },
  );
  api.post(
    '/admin/clear-cache',
    {
      access: 'admin',
      summary: 'Clear the search cache',
      description: `Deletes every cached connection answer (searches run afresh); \`count\` is how many entries went. ${AUDITED}`,
      errors: { 503: '`SERVICE_UNAVAILABLE`: the cache (Redis) is down or not answering; nothing was cleared. Try again once it is back.' },
    },
    async (_input, req, res) => {
      res.json(await service.clearCache(currentUser(req).id));
    },
  );
  api.post(
    '/admin/rebuild-leaderboards',
    {
      access: 'admin',
      summary: 'Rebuild the leaderboards',
      description: `Rebuilds every board from the points ledger; \`count\` is the players on them. ${AUDITED}`,
    },
    async (_input, req, res) => {
      res.json(await service.rebuildLeaderboards(currentUser(req).id));
    },
  );
  api.get(
    '/admin/export/:kind',
    {
      access: 'admin',
      summary: 'Export data',
      description:
        'Streamed as a download, read from the database in pages of 1,000 rows as the client takes it (never built in memory). Users carry no password hash or secret. CSV of `all`: one header, a first `kind` column (users or connections) and both kinds’ columns. JSON: an object with a `users` and/or `connections` array. ' +
        AUDITED,
      example: { params: { kind: 'users' }, query: { format: 'csv' } },
    },
    async ({ params, query }, req, res) => {
      const stream = await service.export(currentUser(req).id, params.kind, query.format);
      const date = new Date().toISOString().slice(0, 10);
      res.set({
        ...noStore,
        'Content-Type': query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="cinema-dna-${params.kind}-${date}.${query.format}"`,
      });
      try {
        await pipeline(stream, res);
      } catch (error) {
        // Headers are gone: a failure mid-stream can only cut the download short.
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error), kind: params.kind }, 'export interrupted');
        res.destroy();
      }
    },
  );
  api.get(
    '/admin/audit',
    {
      access: 'admin',
      summary: 'The audit log',
      description: 'Every admin and moderator action, newest first; `before` (an entry id, from `nextBefore`) pages back.',
    },
    async ({ query }, _req, res) => {
      res.set(noStore).json(await service.audit(query));
    },
  );
}
