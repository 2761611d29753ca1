import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { checkHealth, type HealthDeps } from './service.js';

/** GET /api/health: 200 while the app can serve (even degraded), 503 when the database is down. */
export function healthRoutes(routes: ApiRoutes, deps: HealthDeps): void {
  const api = routes.group({ name: 'Health', description: 'Whether this server can serve, with the measured latency of its database, cache and movie graph.' });
  api.get(
    '/health',
    {
      access: 'public',
      summary: 'Health of the server and its dependencies',
      description: 'Measures every dependency for real. `degraded` while the cache is down or the graph is loading; 503 when the database is down. Not rate limited (for load balancers).',
    },
    async (_input, _req, res) => {
      const health = await checkHealth(deps);
      res.status(health.status === 'down' ? 503 : 200).set('Cache-Control', 'no-store').json(health);
    },
  );
}
