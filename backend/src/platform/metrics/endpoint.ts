import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics for Prometheus: only when METRICS_TOKEN is set (404 otherwise), and only with
 * `Authorization: Bearer <token>` (401 otherwise). Both sides are hashed first, so the comparison
 * is timing-safe whatever the length of what was sent.
 */
export function metricsEndpoint(registry: Registry, token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res, next) => {
    try {
      res.set('Cache-Control', 'no-store');
      if (!expected) {
        res.status(404).type('text/plain').send('Not found\n');
        return;
      }
      const match = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '');
      if (!match || !timingSafeEqual(digest(match[1]!.trim()), expected)) {
        res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized\n');
        return;
      }
      const body = await registry.metrics();
      res.status(200).type(registry.contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
