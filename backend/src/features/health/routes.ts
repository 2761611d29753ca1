import { Router } from 'express';
import { checkHealth, type HealthDeps } from './service.js';

/** GET /api/health: 200 while the app can serve (even degraded), 503 when the database is down. */
export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const health = await checkHealth(deps);
    res.status(health.status === 'down' ? 503 : 200).set('Cache-Control', 'no-store').json(health);
  });
  return router;
}
