import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { StatusService } from './service.js';
import type { OperationsService } from './operations.js';

/** Refreshes per client (user, else IP) per minute: each one measures every service for real. */
export const STATUS_REFRESH_PER_MINUTE = 10;

/** GET /api/status, POST /api/status/refresh, GET /api/status/history: the public status page. */
export function statusRoutes(routes: ApiRoutes, deps: { status: StatusService; refreshLimiter: RateLimiter }): void {
  const api = routes.group({
    name: 'Status',
    description: 'The status page: six services measured for real every minute by one of the app replicas, the §4 overall rule, 90 days of uptime and the incidents.',
  });
  api.get(
    '/status',
    {
      access: 'public',
      summary: 'The latest measured state of every service',
      description: 'The latest stored check of each service (measured every 60 s by one replica), the overall state (operational if all are, down if any is, otherwise degraded) and the app replicas alive now.',
    },
    async (_input, _req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.status.current());
    },
  );
  api.post(
    '/status/refresh',
    {
      access: 'public',
      summary: 'Measure every service again, now',
      description: 'Runs the six checks for real (concurrent refreshes share one check), stores them like the minute checks, and answers the status page.',
      rateLimit: deps.refreshLimiter,
    },
    async (_input, _req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.status.refresh());
    },
  );
  api.get(
    '/status/history',
    {
      access: 'public',
      summary: '90 days of uptime per service, and the incidents',
      description: 'Per service and UTC day, the share of checks that found it operational (null: no checks that day), and every incident of the span (a service found degraded or down opens one; its recovery closes it), newest first.',
    },
    async (_input, _req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.status.history());
    },
  );
}

/** GET /api/admin/system: the admin dashboard's System tab. */
export function systemRoutes(routes: ApiRoutes, operations: OperationsService): void {
  const api = routes.group({ name: 'Admin system', description: 'The System tab: dependency health with measured latencies, machine load and the live metrics of every replica.' });
  api.get(
    '/admin/system',
    {
      access: 'admin',
      summary: 'Dependency health, machine load and live metrics',
      description: 'Health rows for the database, the movie API (TMDB) and the knowledge-base API (Wikidata), each a real round trip (`not_configured` without a key or URL); the answering machine’s load and memory; every live replica’s metrics (through shared state) and the outbox backlog.',
    },
    async (_input, _req, res) => {
      res.set('Cache-Control', 'no-store').json(await operations.adminSystem());
    },
  );
}
