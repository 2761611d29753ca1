import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { checkHealth, type HealthDeps } from './service.js';

/** GET /api/health: 200 while the app can serve (even degraded), 503 when the database is down. */
export function healthRoutes(routes: ApiRoutes, deps: HealthDeps): void {
  routes.get('/health', 'public', async (_req, res) => {
    const health = await checkHealth(deps);
    res.status(health.status === 'down' ? 503 : 200).set('Cache-Control', 'no-store').json(health);
  });
}
