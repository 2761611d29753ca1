import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORABLE_TEXT_RULE } from '@cinema-dna/shared-types';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactStore } from './features/contact/store.js';
import { createMemorySharedState } from './platform/cache/memory.js';
import type { SharedState } from './platform/cache/types.js';
import { answerParserErrors, errorHandler } from './platform/errors.js';
import { createLogger } from './platform/logging.js';
import { openTestApp, type TestApp } from './test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from './test-support/targets.js';

const logger = createLogger('silent');
const validMessage = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', category: 'feature', message: 'Please add Wong Kar-wai.' };

describe.each(databaseTargets())('HTTP API on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let testApp: TestApp;
  let app: express.Express;
  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    testApp = await openTestApp({ database, shared, bodyLimit: '2kb' });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    await shared.close();
    await database.dispose();
  });

  describe('GET /api/health', () => {
    it('reports database, cache and graph with measured latencies', async () => {
      const res = await request(app).get('/api/health').expect(200);
      expect(res.body).toMatchObject({
        status: 'ok',
        database: { status: 'up', driver: dbTarget.name },
        cache: { status: 'up', driver: 'memory' },
        graph: { status: 'up', entities: testApp.graph.status().entities },
      });
      expect(res.body.graph.entities).toBeGreaterThan(1000);
      expect(res.body.database.latencyMs).toBeGreaterThan(0);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('POST /api/contact', () => {
    it('stores the message and thanks the sender', async () => {
      const res = await request(app).post('/api/contact').send(validMessage).expect(201);
      expect(res.body).toEqual({ success: true, message: "Thank you for contacting us. We'll get back to you within 24 hours." });
      const [stored] = await createContactStore(database.db).list(1);
      expect(stored).toMatchObject(validMessage);
    });

    it('defaults the category to general and trims fields', async () => {
      await request(app).post('/api/contact').send({ ...validMessage, category: undefined, name: '  Bo  ' }).expect(201);
      const [stored] = await createContactStore(database.db).list(1);
      expect(stored).toMatchObject({ name: 'Bo', category: 'general' });
    });

    it('answers 400 VALIDATION_FAILED naming each bad field, and stores nothing', async () => {
      const before = (await createContactStore(database.db).list(100)).length;
      const res = await request(app).post('/api/contact').send({ name: '', email: 'not-an-email', category: 'spam' }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBe('Contact message is invalid');
      const paths = (res.body.details as Array<{ path: string }>).map((d) => d.path).sort();
      expect(paths).toEqual(['category', 'email', 'message', 'name', 'subject']);
      expect((await createContactStore(database.db).list(100)).length).toBe(before);
    });
  });

  describe('errors', () => {
    it('answers a malformed JSON body with 400 INVALID_JSON and no stack trace', async () => {
      const res = await request(app).post('/api/contact').set('content-type', 'application/json').send('{"name": "Ada",').expect(400);
      expect(res.body).toEqual({ code: 'INVALID_JSON', message: 'Request body is not valid JSON', details: {} });
      expect(res.text).not.toMatch(/at .*\.(js|ts):\d+/);
    });

    it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await request(app).post('/api/contact').send({ ...validMessage, message: 'x'.repeat(5_000) }).expect(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers an unknown /api route with 404 NOT_FOUND in the error shape', async () => {
      const res = await request(app).get('/api/does-not-exist').expect(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'No API route for GET /api/does-not-exist', details: {} });
      await request(app).delete('/api/contact').expect(404);
    });

    it('answers a malformed path escape with 400 in the error shape', async () => {
      const res = await request(app).get('/api/entity/person/%E0%A4%A').expect(400);
      expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Request could not be read', details: { status: 400 } });
    });

    it('answers a URL too large for the HTTP parser with 431 in the error shape, not an empty body', async () => {
      const server = createServer(app);
      answerParserErrors(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/search?q=${'x'.repeat(1 << 20)}`);
        expect(res.status).toBe(431);
        expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request URL or headers are too large', details: { reason: 'HPE_HEADER_OVERFLOW' } });
      } finally {
        server.close();
      }
    });

    it.each([
      ['a NUL in a path parameter', () => request(app).get('/api/entity/person/tom%00hanks'), 'params.id'],
      ['a lone surrogate in a path parameter', () => request(app).get('/api/entity/person/%ED%A0%80'), null],
      ['a NUL in a query field no handler reads', () => request(app).get('/api/trending?utm=%00'), 'query.utm'],
      ['a lone surrogate in a body field no schema names', () => request(app).post('/api/contact').set('content-type', 'application/json').send(`{"extra":{"note":"\\ud800"},${JSON.stringify(validMessage).slice(1)}`), 'body.extra.note'],
      ['a NUL in a body key', () => request(app).post('/api/contact').set('content-type', 'application/json').send(`{"a\\u0000":1,${JSON.stringify(validMessage).slice(1)}`), 'body.a\u0000'],
      ['a NUL in a contact field', () => request(app).post('/api/contact').send({ ...validMessage, subject: 'Hi\u0000' }), 'body.subject'],
    ])('refuses %s with 400 naming the field, before the handler runs', async (_name, send, path) => {
      const before = (await createContactStore(database.db).list(100)).length;
      const res = await send();
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), details: expect.anything() });
      if (path) expect(res.body.details).toEqual([{ path, message: STORABLE_TEXT_RULE }]);
      expect((await createContactStore(database.db).list(100)).length).toBe(before);
    });

    it('echoes a safe request id and replaces an unsafe one', async () => {
      const kept = await request(app).get('/api/health').set('x-request-id', 'abc-123');
      expect(kept.headers['x-request-id']).toBe('abc-123');
      const replaced = await request(app).get('/api/health').set('x-request-id', '<script>');
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describe('the error handler', () => {
  it('turns an unexpected failure into a 500 with the request id and no internals', async () => {
    const app = express();
    app.use((req, _res, next) => {
      (req as unknown as { id: string }).id = 'req-42';
      next();
    });
    app.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    app.use(errorHandler(logger));
    const res = await request(app).get('/boom').expect(500);
    expect(res.body).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side', details: { requestId: 'req-42' } });
    expect(res.text).not.toContain('hunter2');
  });
});

describe.each(sharedStateTargets())('health with the $name cache', (target) => {
  it('names the cache driver and measures it', async () => {
    const [dbTarget] = databaseTargets();
    const database = await dbTarget!.open();
    const shared = await target.open();
    const testApp = await openTestApp({ database, shared });
    try {
      const res = await request(testApp.app).get('/api/health').expect(200);
      expect(res.body.cache).toMatchObject({ status: 'up', driver: target.name });
      expect(typeof res.body.cache.latencyMs).toBe('number');
    } finally {
      await testApp.close();
      await shared.close();
      await database.dispose();
    }
  });
});
