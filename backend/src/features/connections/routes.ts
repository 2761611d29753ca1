import { AlternativesRequestSchema, ConnectionsFindRequestSchema, FindConnectionRequestSchema } from '@cinema-dna/shared-types';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { parseInput } from '../../platform/errors.js';
import { rateLimit, type RateLimiter } from '../../platform/rate-limit.js';
import type { ConnectionService } from './service.js';

const splitKey = (key: string) => ({ type: key.slice(0, key.indexOf(':')), id: key.slice(key.indexOf(':') + 1) });

/** Finding connections over REST (the socket path is events.ts), and trending pairs. */
export function connectionRoutes(routes: ApiRoutes, service: ConnectionService, findLimiter: RateLimiter): void {
  const limited = rateLimit(findLimiter);
  routes.post('/find-connection', 'public', limited, async (req, res) => {
    res.type('json').send(await service.findJson(parseInput(FindConnectionRequestSchema, req.body, 'Connection request')));
  });
  // The documented variant: entity keys and maxDegrees.
  routes.post('/connections/find', 'public', limited, async (req, res) => {
    const body = parseInput(ConnectionsFindRequestSchema, req.body, 'Connection request');
    const request = parseInput(
      FindConnectionRequestSchema,
      { fromEntity: splitKey(body.fromEntityId), toEntity: splitKey(body.toEntityId), parameters: body.maxDegrees ? { maxDegrees: body.maxDegrees } : undefined },
      'Connection request',
    );
    res.json(await service.find(request));
  });
  routes.post('/connections/alternatives', 'public', limited, async (req, res) => {
    const { limit, ...request } = parseInput(AlternativesRequestSchema, req.body, 'Connection request');
    res.json(await service.alternatives(request, limit));
  });
  routes.get('/trending', 'public', async (_req, res) => {
    res.json(await service.trending());
  });
}
