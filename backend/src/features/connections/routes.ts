import { FindConnectionRequestSchema, parseEntityKey, type DocsExampleEntity, type EntityType } from '@cinema-dna/shared-types';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { parseInput } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { ConnectionService } from './service.js';

/** An example's end as the find-connection body names it. */
const ref = (entity: DocsExampleEntity) => ({ id: entity.id, type: entity.type as EntityType });

/** Failures every search may answer besides validation. */
const SEARCH_ERRORS = {
  404: 'An entity named in the request is not in the catalog.',
  409: '`CHALLENGE_IN_PROGRESS`: signed in (session or API key), you are playing a challenge between these two entities (an open daily, weekly or list attempt, or a race that has not finished). Finish or give up first.',
  503: 'The movie graph is still loading, or the search ran out of its time or visited-entities budget (`SEARCH_BUDGET_EXCEEDED`, details `{ limit, value }`).',
};

/** Finding connections over REST (the socket path is socket.ts), and trending pairs. */
export function connectionRoutes(routes: ApiRoutes, service: ConnectionService, findLimiter: RateLimiter): void {
  const api = routes.group({
    name: 'Connections',
    description: 'The shortest chain of links between two entities within six degrees (up to eight), its alternatives, and the most searched pairs.',
  });
  api.post(
    '/find-connection',
    {
      access: 'public',
      summary: 'Find the shortest connection',
      description: 'The shortest chain between two entities with the search parameters (maxDegrees 1..8, allowed types, direct, obscure, popularity, entities to avoid). `cached: true` when answered from the cache. Live progress: the `search:start` socket event.',
      inputName: 'Connection request',
      errors: SEARCH_ERRORS,
      rateLimit: findLimiter,
      example: (c) => ({ body: { fromEntity: ref(c.from), toEntity: ref(c.to), parameters: { maxDegrees: 6 } } }),
    },
    async ({ body }, req, res) => {
      // A hit is sent as the cache holds it, never parsed and stringified again (see cache-entry.ts).
      res.type('json').send(await service.findJson(body, { actor: req.user?.id ?? null }));
    },
  );
  // The documented variant: entity keys and maxDegrees.
  api.post(
    '/connections/find',
    {
      access: 'public',
      summary: 'Find a connection by entity keys',
      description: 'The documented variant of find-connection: `type:id` keys and an optional maxDegrees; every other parameter at its default.',
      inputName: 'Connection request',
      errors: SEARCH_ERRORS,
      rateLimit: findLimiter,
      example: (c) => ({ body: { fromEntityId: c.from.key, toEntityId: c.to.key, maxDegrees: 4 } }),
    },
    async ({ body }, req, res) => {
      const request = parseInput(
        FindConnectionRequestSchema,
        { fromEntity: parseEntityKey(body.fromEntityId), toEntity: parseEntityKey(body.toEntityId), parameters: body.maxDegrees ? { maxDegrees: body.maxDegrees } : undefined },
        'Connection request',
      );
      res.json(await service.find(request, { actor: req.user?.id ?? null }));
    },
  );
  api.post(
    '/connections/alternatives',
    {
      access: 'public',
      summary: 'Other shortest connections',
      description: 'Up to `limit` distinct shortest chains of the same search, lightest first.',
      inputName: 'Connection request',
      errors: SEARCH_ERRORS,
      rateLimit: findLimiter,
      example: (c) => ({ body: { fromEntity: ref(c.from), toEntity: ref(c.to), limit: 3 } }),
    },
    async ({ body: { limit, ...request } }, req, res) => {
      res.json(await service.alternatives(request, limit, req.user?.id ?? null));
    },
  );
  api.get(
    '/trending',
    {
      access: 'public',
      summary: 'Most searched pairs',
      description: 'Each pair with its answer for the default parameters; `degraded: true` with the last known list while the cache is down. Signed in, the pair of a challenge you are playing is left out.',
    },
    async (_input, req, res) => {
      res.json(await service.trending(undefined, req.user?.id ?? null));
    },
  );
}
