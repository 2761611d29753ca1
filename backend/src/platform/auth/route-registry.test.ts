import express, { type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../errors.js';
import { createLogger } from '../logging.js';
import { createApiRoutes, type ApiRoutes, type RouteContract } from './route-registry.js';

const TAG = { name: 'Test', description: 'Routes of this test.' };
const ok = () => undefined;
type AnyContract = RouteContract<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | null | undefined>;

/** An app whose `/api` routes are declared by `declare`; requests are anonymous (no auth middleware). */
function appWith(declare: (routes: ApiRoutes) => void): Express {
  const app = express();
  const api = express.Router();
  api.use(express.json());
  declare(createApiRoutes(api, '/api'));
  app.use('/api', api);
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('declaring a route', () => {
  const register = (method: 'get' | 'post' | 'delete', path: string, contract: unknown) => () => {
    const routes = createApiRoutes(express.Router());
    routes.group(TAG)[method](path, contract as AnyContract, ok);
  };

  it.each([
    ['no contract at all', 'get', '/things', undefined],
    ['no responses', 'get', '/things', { access: 'public', summary: 'Things' }],
    ['only failure responses', 'get', '/things', { access: 'public', summary: 'Things', responses: { 404: z.object({}) } }],
    ['no summary', 'get', '/things', { access: 'public', responses: { 200: z.object({}) } }],
    ['a path parameter without a params schema', 'get', '/things/:id', { access: 'public', summary: 'A thing', responses: { 200: z.object({}) } }],
    ['a params schema naming another parameter', 'get', '/things/:id', { access: 'public', summary: 'A thing', params: z.object({ key: z.string() }), responses: { 200: z.object({}) } }],
    ['a write that does not say what body it reads', 'post', '/things', { access: 'public', summary: 'Add a thing', responses: { 201: z.object({}) } }],
    ['a body on a DELETE', 'delete', '/things/:id', { access: 'user', summary: 'Drop', params: z.object({ id: z.string() }), body: z.object({}), responses: { 204: { description: 'Gone' } } }],
    ['an unknown access', 'get', '/things', { access: 'everyone', summary: 'Things', responses: { 200: z.object({}) } }],
    ['a response with neither schema nor description', 'get', '/things', { access: 'public', summary: 'Things', responses: { 200: {} } }],
    ['an example its own schema refuses', 'post', '/things', { access: 'public', summary: 'Add', body: z.object({ name: z.string() }), responses: { 201: z.object({}) }, example: { body: { name: 7 } } }],
  ] as const)('refuses %s at start-up', (_name, method, path, contract) => {
    expect(register(method, path, contract)).toThrow(/^Route (GET|POST|DELETE) \/api\/things/);
  });

  it('takes a shared route’s params, query, body and answers from the shared contract, and parses with them', async () => {
    const shared = { 'GET /api/things/:id': { params: z.object({ id: z.coerce.number().int() }), responses: { 200: z.object({ id: z.number() }) } } };
    const app = express();
    const api = express.Router();
    const routes = createApiRoutes(api, '/api', shared);
    // The test's own table, not the app's: the contract is typed for the app's, so it is cast here.
    routes.group(TAG).get('/things/:id', { access: 'public', summary: 'A thing' } as AnyContract, ({ params }, _req, res) => {
      res.json({ id: params, type: typeof (params as { id: unknown }).id });
    });
    app.use('/api', api);
    app.use(errorHandler(createLogger('silent')));
    expect(routes.list()[0]?.contract.params).toBe(shared['GET /api/things/:id'].params);
    expect((await request(app).get('/api/things/7')).body).toEqual({ id: { id: 7 }, type: 'number' });
    expect((await request(app).get('/api/things/seven')).status).toBe(400);
  });

  it('refuses a shared route that declares its schemas again (the two would drift)', () => {
    const shared = { 'GET /api/things': { responses: { 200: z.object({}) } } };
    const routes = createApiRoutes(express.Router(), '/api', shared);
    const again: AnyContract = { access: 'public', summary: 'Things', responses: { 200: z.object({}) } };
    expect(() => routes.group(TAG).get('/things', again, ok)).toThrow('Route GET /api/things: responses come from the shared contract');
  });

  it('refuses the same method and path twice', () => {
    const routes = createApiRoutes(express.Router());
    const contract = { access: 'public', summary: 'Things', responses: { 200: z.object({}) } } as const;
    routes.group(TAG).get('/things', contract, ok);
    expect(() => routes.group(TAG).get('/things', contract, ok)).toThrow('declared twice');
  });

  it('refuses a tag without a description', () => {
    expect(() => createApiRoutes(express.Router()).group({ name: 'Bare', description: ' ' })).toThrow('description');
  });

  it('lists what it declared, with the tag and the contract', () => {
    const routes = createApiRoutes(express.Router());
    const params = z.object({ id: z.coerce.number() });
    routes.group(TAG).delete('/things/:id', { access: 'admin', summary: 'Drop a thing', params, responses: { 204: { description: 'Gone' } } }, ok);
    expect(routes.list()).toEqual([{ method: 'delete', path: '/api/things/:id', access: 'admin', csrf: 'session', tag: TAG, contract: expect.objectContaining({ params }) }]);
    expect(routes.tags()).toEqual([TAG]);
  });
});

describe('a declared route', () => {
  const app = appWith((routes) => {
    const api = routes.group(TAG);
    api.get(
      '/things/:id',
      {
        access: 'public',
        summary: 'A thing',
        inputName: 'Thing',
        params: z.object({ id: z.coerce.number().int().positive() }),
        query: z.object({ full: z.enum(['yes', 'no']).default('no') }),
        responses: { 200: z.object({ id: z.number(), full: z.boolean() }) },
      },
      ({ params, query }, _req, res) => {
        // Parsed values: a number, and the default filled in.
        res.json({ id: params.id + 0, full: query.full === 'yes' });
      },
    );
    api.post(
      '/things',
      { access: 'public', summary: 'Add a thing', body: z.object({ name: z.string().trim().min(1, 'Name is required') }), responses: { 201: z.object({ name: z.string() }) } },
      ({ body }, _req, res) => {
        res.status(201).json({ name: body.name });
      },
    );
  });

  it('hands the handler parsed params, query and body', async () => {
    expect((await request(app).get('/api/things/7').expect(200)).body).toEqual({ id: 7, full: false });
    expect((await request(app).get('/api/things/7?full=yes').expect(200)).body).toEqual({ id: 7, full: true });
    expect((await request(app).post('/api/things').send({ name: '  lamp ' }).expect(201)).body).toEqual({ name: 'lamp' });
  });

  it('answers input that fails its schema with 400 VALIDATION_FAILED naming the input and each field, before the handler', async () => {
    expect((await request(app).get('/api/things/abc').expect(400)).body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Thing is invalid',
      details: [{ path: 'id', message: expect.any(String) }],
    });
    expect((await request(app).get('/api/things/7?full=maybe').expect(400)).body).toMatchObject({ message: 'Thing is invalid', details: [{ path: 'full' }] });
    expect((await request(app).post('/api/things').send({ name: ' ' }).expect(400)).body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Request is invalid',
      details: [{ path: 'name', message: 'Name is required' }],
    });
  });
});
