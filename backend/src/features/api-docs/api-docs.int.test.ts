import asyncApiSpecs from '@asyncapi/specs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES } from '@cinema-dna/shared-types';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { registeredRoutes, type ResponseDeclaration } from '../../platform/auth/route-registry.js';
import { createTestUser, signedInClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { openApiPath } from './openapi.js';

interface OpenApiOperation {
  tags: string[];
  summary: string;
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
  'x-rateLimit'?: Array<{ name: string; limit: number; windowSeconds: number }>;
}
type OpenApiDoc = {
  openapi: string;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
};

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
  rawPath?: string;
}

/** Every route Express actually serves, walked from the app's router stack (mounted routers included). */
function servedRoutes(app: Express): string[] {
  const served: string[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) served.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, `${prefix}${typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, '');
  return served.sort();
}

const operations = (doc: OpenApiDoc) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, operation })));

describe.each(databaseTargets())('API documents on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let doc: OpenApiDoc;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, publicLimit: 100, authenticatedLimit: 1000, findLimit: 20 });
    doc = (await request(t.app).get('/api/openapi.json').expect(200).expect('Content-Type', /json/)).body as OpenApiDoc;
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every route Express serves, and nothing it does not', () => {
    const served = servedRoutes(t.app);
    const documented = operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    const declared = registeredRoutes(t.app).map((route) => `${route.method.toUpperCase()} ${openApiPath(route.path)}`).sort();
    expect(served.length).toBeGreaterThan(30);
    expect(documented).toEqual(served.map((route) => openApiPath(route)).sort());
    expect(documented).toEqual(declared);
  });

  it('takes every route from the shared contract the web app is typed from, but the browser navigations of Google sign-in', () => {
    const declared = registeredRoutes(t.app).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    const outside = declared.filter((key) => !(key in API_ROUTES)).sort();
    expect(outside).toEqual(['GET /api/auth/google', 'GET /api/auth/google/callback', 'GET /api/login']);
    expect(Object.keys(API_ROUTES).filter((key) => !declared.includes(key))).toEqual([]);
    // The served schemas are the shared ones, not copies.
    const watchlist = registeredRoutes(t.app).find((route) => route.method === 'post' && route.path === '/api/watchlist');
    expect(watchlist?.contract.body).toBe(API_ROUTES['POST /api/watchlist'].body);
  });

  it('groups every operation under a described tag and names its parameters', () => {
    const tags = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const { key, path, operation } of operations(doc)) {
      expect(operation.tags, key).toHaveLength(1);
      expect(tags.get(operation.tags[0]!), key).toMatch(/\w/);
      expect(operation.summary, key).toMatch(/\w/);
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), key).toEqual(pathNames);
      for (const parameter of declared) expect(parameter.required, `${key} ${parameter.name}`).toBe(true);
    }
    expect(doc.paths['/api/search']!.get!.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(['query:q', 'query:type', 'query:limit']);
    expect(doc.paths['/api/search']!.get!.parameters!.find((p) => p.name === 'q')!.required).toBe(true);
  });

  it('describes bodies, answers and the one error shape', () => {
    const errorRef = { $ref: '#/components/schemas/ErrorBody' };
    expect(doc.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: expect.arrayContaining(['code', 'message', 'details']) });
    for (const { key, operation } of operations(doc)) {
      expect(operation.responses['400']?.content?.['application/json']?.schema, key).toEqual(errorRef);
    }
    const find = doc.paths['/api/find-connection']!.post!;
    expect(find.requestBody!.content['application/json']!.schema).toMatchObject({ type: 'object', required: ['fromEntity', 'toEntity'] });
    expect(find.responses['200']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ConnectionResult' });
    expect(find.responses['503']!.content!['application/json']!.schema).toEqual(errorRef);
    // Not JSON: the preview image and the Google redirects.
    expect(Object.keys(doc.paths['/api/share/preview.png']!.get!.responses['200']!.content!)).toEqual(['image/png']);
    expect(doc.paths['/api/login']!.get!.responses['302']!.headers).toHaveProperty('Location');
    expect(doc.paths['/api/users/me/api-keys/{keyId}']!.delete!.responses['204']!.content).toBeUndefined();
  });

  it('names in its examples the entities chosen from the loaded catalog, and every public example runs (2xx)', async () => {
    const examples = (await request(t.app).get('/api/docs/examples').expect(200)).body;
    // The starter catalog's best-known actors a short chain apart; each end a real entity.
    expect(examples.from.type).toBe('person');
    expect(examples.to.type).toBe('person');
    expect(examples.degrees).toBeGreaterThanOrEqual(2);
    expect(examples.degrees).toBeLessThanOrEqual(4);
    for (const entity of [examples.from, examples.to, examples.movie, examples.genre]) await request(t.app).get(`/api/entity/${entity.type}/${entity.id}`).expect(200);
    const find = doc.paths['/api/connections/find']!.post! as OpenApiOperation & { requestBody: { content: { 'application/json': { example: unknown } } } };
    expect(find.requestBody.content['application/json'].example).toEqual({ fromEntityId: examples.from.key, toEntityId: examples.to.key, maxDegrees: 4 });

    const ran: string[] = [];
    for (const { method, path, operation } of operations(doc)) {
      const op = operation as OpenApiOperation & { 'x-access': string; parameters?: Array<{ in: string; name: string; example?: unknown }>; requestBody?: { content: Record<string, { example?: unknown }> } };
      const isSearch = method === 'post' && ['/api/find-connection', '/api/connections/find', '/api/connections/alternatives'].includes(path);
      if (op['x-access'] !== 'public' || (method !== 'get' && !isSearch)) continue;
      // Examples naming a member (user 1) need members; this server has none. Catalog examples must all run.
      if (/\/(users|activity|profiles)\//.test(path) || path === '/api/login' || path.startsWith('/api/auth/google')) continue;
      let url = path;
      const query = new URLSearchParams();
      let complete = true;
      for (const parameter of op.parameters ?? []) {
        if (parameter.example === undefined) {
          if (parameter.in === 'path') complete = false;
          continue;
        }
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
        else if (parameter.in === 'query') query.set(parameter.name, String(parameter.example));
      }
      if (!complete) continue;
      const target = query.size > 0 ? `${url}?${query}` : url;
      const body = op.requestBody?.content['application/json']?.example;
      const res = method === 'get' ? await request(t.app).get(target) : await request(t.app).post(target).send(body as object);
      expect(res.status, `${method.toUpperCase()} ${target}: ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(300);
      ran.push(`${method.toUpperCase()} ${path}`);
    }
    expect(ran).toEqual(expect.arrayContaining(['GET /api/entity/{type}/{id}', 'GET /api/entity/{type}/{id}/films', 'GET /api/search', 'POST /api/connections/find', 'POST /api/find-connection', 'GET /api/share/preview.png']));
  });

  it('carries examples that really run against this server', async () => {
    const search = doc.paths['/api/search']!.get!;
    expect(search.parameters!.find((p) => p.name === 'q')).toMatchObject({ example: 'tom' });
    const find = doc.paths['/api/find-connection']!.post! as OpenApiOperation & { requestBody: { content: { 'application/json': { example: unknown } } } };
    const body = find.requestBody.content['application/json'].example;
    const res = await request(t.app).post('/api/find-connection').send(body as object).expect(200);
    expect(res.body).toMatchObject({ found: true, path: expect.any(Array) });
    const entity = doc.paths['/api/entity/{type}/{id}']!.get!.parameters! as unknown as Array<{ name: string; example: string }>;
    const [type, id] = ['type', 'id'].map((name) => entity.find((p) => p.name === name)!.example);
    await request(t.app).get(`/api/entity/${type}/${id}`).expect(200);
  });

  it('says who may call each route: session cookie (+ CSRF on writes), Bearer API key, or anyone', () => {
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'cdna.sid' }),
      csrfToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-CSRF-Token' }),
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const security = (path: string, method: string) => doc.paths[path]![method]!.security;
    expect(security('/api/search', 'get')).toEqual([{}, { sessionCookie: [] }, { apiKey: [] }]);
    expect(security('/api/find-connection', 'post')).toEqual([{}, { sessionCookie: [], csrfToken: [] }, { apiKey: [] }]);
    expect(security('/api/auth/login', 'post')).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(security('/api/auth/me', 'get')).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(security('/api/connections/save', 'post')).toEqual([{ sessionCookie: [], csrfToken: [] }, { apiKey: [] }]);
    expect(security('/api/users/me/api-keys', 'post')).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    for (const route of registeredRoutes(t.app)) {
      const operation = doc.paths[openApiPath(route.path)]![route.method]!;
      const anonymous = route.access === 'public' && (route.method === 'get' || route.csrf !== 'always');
      expect(operation.security.some((s) => Object.keys(s).length === 0), `${route.method} ${route.path}`).toBe(anonymous);
      if (route.access !== 'public') expect(Object.keys(operation.responses), route.path).toContain('401');
    }
  });

  it('documents the rate limits the server enforces, with the 429 answer', async () => {
    const find = doc.paths['/api/find-connection']!.post!;
    expect(find['x-rateLimit']).toEqual(
      expect.arrayContaining([
        { name: 'find-connection', limit: 20, windowSeconds: 60, per: expect.any(String) },
        { name: 'api-public', limit: 100, windowSeconds: 60, per: expect.any(String) },
        { name: 'api-authenticated', limit: 1000, windowSeconds: 60, per: expect.any(String) },
      ]),
    );
    expect(find.responses['429']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } }, headers: { 'Retry-After': expect.any(Object) } });
    // Health checks are never counted, so nothing is promised there.
    expect(doc.paths['/api/health']!.get!['x-rateLimit']).toBeUndefined();
    expect(doc.paths['/api/health']!.get!.responses['429']).toBeUndefined();
    // The documented find limit is the one enforced: past 20 searches in a minute (other tests of this file search too), refused.
    const client = request.agent(t.app);
    const search = () => client.post('/api/connections/find').send({ fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks' });
    let answer = await search().expect(200);
    expect(answer.headers['ratelimit-limit']).toBe('20');
    while (answer.headers['ratelimit-remaining'] !== '0') answer = await search().expect(200);
    const refused = await search().expect(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 20, windowSeconds: 60 } });
  });

  it('answers with bodies that fit the declared response schemas', async () => {
    const samples: Array<[string, string, unknown?]> = [
      ['get', '/api/health'],
      ['get', '/api/search?q=tom'],
      ['get', '/api/search/faceted?query=the&entityTypes=movie'],
      ['get', '/api/entity/person/tom-hanks'],
      ['get', '/api/entity/movie/forrest-gump'],
      ['get', '/api/stats'],
      ['get', '/api/genres'],
      ['get', '/api/countries'],
      ['get', '/api/trending'],
      ['get', '/api/auth/csrf'],
      ['get', '/api/auth/session'],
      ['get', '/api/auth/providers'],
      ['get', '/api/openapi.json'],
      ['get', '/api/asyncapi.json'],
      ['post', '/api/find-connection', { fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }],
      ['post', '/api/connections/alternatives', { fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' }, limit: 3 }],
      ['get', '/api/entity/person/nobody-at-all'],
      ['get', '/api/search?q=t'],
    ];
    // Signed in: the routes that answer with the user's own things.
    const { user, username } = await createTestUser(t.users);
    const client = await signedInClient(t.app, username);
    const found = await t.connections.find({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }, { actor: null });
    const save = { fromEntityId: 'kevin-bacon', fromEntityName: 'Kevin Bacon', fromEntityType: 'person', toEntityId: 'tom-hanks', toEntityName: 'Tom Hanks', toEntityType: 'person', path: found.path };
    const signedInSamples: Array<[string, string, unknown?]> = [
      ['get', '/api/auth/me'],
      ['post', '/api/users/me/api-keys', { name: 'docs' }],
      ['get', '/api/users/me/api-keys'],
      ['post', '/api/connections/save', save],
      ['post', '/api/connections/save', { ...save, path: found.path.slice().reverse() }],
      ['get', '/api/users/me/connections'],
      ['get', `/api/users/${user.id}/connections`],
      ['post', '/api/auth/verify-email', { token: 'never-issued' }],
    ];
    const routes = registeredRoutes(t.app);
    for (const [method, url, body] of [...samples, ...signedInSamples]) {
      const path = url.split('?')[0]!;
      const route = routes.find((r) => r.method === method && new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(path))!;
      const res = signedInSamples.some((sample) => sample[1] === url)
        ? await client.send(method as 'get' | 'post', url, body)
        : await request(t.app)[method as 'get' | 'post'](url).send(body as object);
      const declared = route.contract.responses[res.status] as z.ZodType | ResponseDeclaration | undefined;
      const schema = declared instanceof z.ZodType ? declared : (declared?.schema ?? (res.status >= 400 ? z.object({ code: z.string(), message: z.string(), details: z.unknown() }) : undefined));
      expect(schema, `${method} ${url} answered ${res.status}, which it does not declare`).toBeDefined();
      const parsed = schema!.safeParse(res.body);
      expect(parsed.success ? [] : parsed.error.issues, `${method} ${url}`).toEqual([]);
    }
  });

  it('documents the Socket.IO events as AsyncAPI 3.0 from the socket schemas', async () => {
    const res = await request(t.app).get('/api/asyncapi.json').set('Host', 'cinema.example:8080').expect(200);
    const asyncApi = res.body as { asyncapi: string; servers: { app: { host: string } }; operations: Record<string, { action: string; messages: unknown[]; reply?: unknown }>; components: { messages: Record<string, { name: string; payload: { properties?: Record<string, unknown> } }> } };
    expect(asyncApi.asyncapi).toBe('3.0.0');
    // Valid against the official AsyncAPI 3.0.0 JSON Schema (which bundles its own draft-07 meta-schema).
    const ajv = new Ajv({ meta: false, validateSchema: false, strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(asyncApiSpecs.schemas['3.0.0']);
    expect(validate(res.body) ? [] : validate.errors).toEqual([]);
    expect(asyncApi.servers.app.host).toBe('cinema.example:8080');
    expect(Object.fromEntries(Object.entries(asyncApi.operations).map(([id, op]) => [id, op.action]))).toEqual({
      roomJoin: 'receive',
      roomLeave: 'receive',
      searchStart: 'receive',
      searchCancel: 'receive',
      leaderboardWatch: 'receive',
      leaderboardUnwatch: 'receive',
      raceJoin: 'receive',
      raceLeave: 'receive',
      raceReady: 'receive',
      raceStart: 'receive',
      raceMove: 'receive',
      raceUndo: 'receive',
      raceGiveUp: 'receive',
      raceRematch: 'receive',
      raceResync: 'receive',
      raceClock: 'receive',
      adminWatch: 'receive',
      adminUnwatch: 'receive',
      roomChanged: 'send',
      presenceChanged: 'send',
      searchProgressed: 'send',
      searchCompleted: 'send',
      searchFailed: 'send',
      pointsChanged: 'send',
      badgeEarned: 'send',
      leaderboardChanged: 'send',
      raceState: 'send',
      raceProgressed: 'send',
      activityNew: 'send',
      adminMetrics: 'send',
    });
    expect(asyncApi.operations.searchStart!.reply).toBeDefined();
    expect(asyncApi.operations.raceMove!.reply).toBeDefined();
    expect(Object.keys(asyncApi.components.messages.raceProgressed!.payload.properties!)).toEqual(['code', 'userId', 'links', 'moves', 'status']);
    expect(Object.keys(asyncApi.components.messages.searchStart!.payload.properties!)).toEqual(['fromEntity', 'toEntity', 'parameters']);
    expect(Object.keys(asyncApi.components.messages.searchProgressed!.payload.properties!)).toEqual(
      expect.arrayContaining(['requestId', 'layer', 'side', 'frontierSize', 'visited', 'edgesScanned', 'sample', 'elapsedMs']),
    );
  });
});
