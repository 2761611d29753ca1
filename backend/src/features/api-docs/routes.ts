import { createRequire } from 'node:module';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { ApiRateLimiters } from '../../platform/rate-limit.js';
import { buildAsyncApiDocument } from './asyncapi.js';
import type { DocsExamplesSource } from './catalog-examples.js';
import { buildOpenApiDocument } from './openapi.js';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

export interface ApiDocsDeps {
  /** The API-wide tiers, documented on every route they count. */
  apiLimiters: ApiRateLimiters;
  /** Paths the tiers never count. */
  unlimitedPaths: string[];
  /** The entities the examples name, chosen from the loaded catalog at start-up. */
  examples: DocsExamplesSource;
}

/**
 * The machine-readable contract: OpenAPI for the REST routes and AsyncAPI for the socket events,
 * both generated from the declarations (built once, on first request, when every route is declared).
 */
export function apiDocsRoutes(routes: ApiRoutes, deps: ApiDocsDeps): void {
  const api = routes.group({ name: 'API documentation', description: 'This API described for machines: OpenAPI 3.1 for the HTTP routes, AsyncAPI 3.0 for the Socket.IO events.' });
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  let asyncApi: ReturnType<typeof buildAsyncApiDocument> | undefined;

  api.get(
    '/openapi.json',
    {
      access: 'public',
      summary: 'The OpenAPI document',
      description: 'OpenAPI 3.1, generated from the route declarations: every route, its parameters, body, answers, security and rate limits.',
    },
    async (_input, _req, res) => {
      const examples = await deps.examples.get();
      openApi ??= buildOpenApiDocument(routes, {
        version,
        apiLimits: { public: deps.apiLimiters.public.rule, authenticated: deps.apiLimiters.authenticated.rule },
        unlimitedPaths: deps.unlimitedPaths,
        examples,
      });
      res.set('Cache-Control', 'no-cache').json(openApi);
    },
  );
  api.get(
    '/docs/examples',
    {
      access: 'public',
      summary: 'The entities the docs’ examples name',
      description:
        'Chosen from the loaded catalog at start-up: two well-known actors a short chain of acting apart (`from`, `to`, `degrees` links), a film on that chain, its most linked genre, and the text the search examples type. Every example in these docs and on /docs uses them, so each runs against this server’s catalog.',
    },
    async (_input, _req, res) => {
      res.set('Cache-Control', 'no-cache').json(await deps.examples.get());
    },
  );
  api.get(
    '/asyncapi.json',
    {
      access: 'public',
      summary: 'The AsyncAPI document of the Socket.IO events',
      description: 'AsyncAPI 3.0, generated from the socket event schemas: commands with their acknowledgements, and the events the server sends.',
    },
    (_input, req, res) => {
      asyncApi ??= buildAsyncApiDocument({ version, host: 'localhost:3000' });
      // The server is wherever this document was fetched from.
      const host = req.get('host') ?? asyncApi.servers.app.host;
      res.set('Cache-Control', 'no-cache').json({ ...asyncApi, servers: { app: { ...asyncApi.servers.app, host } } });
    },
  );
}
