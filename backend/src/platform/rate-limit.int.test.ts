import { CSRF_HEADER } from '@cinema-dna/shared-types';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { apiClient, createTestUser, type ApiClient } from '../test-support/accounts.js';
import { openTestApp, type TestApp } from '../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets, uniqueSuffix } from '../test-support/targets.js';
import type { SharedState } from './cache/types.js';
import { loadConfig } from './config.js';
import { createLogger } from './logging.js';

/** A client address of its own per test: these apps trust X-Forwarded-For from a loopback proxy (TRUST_PROXY=loopback). */
let lastOctet = 0;
const freshIp = () => `203.0.113.${(lastOctet = (lastOctet % 250) + 1)}`;

const bacon = { id: 'kevin-bacon', type: 'person' };
const hanks = { id: 'tom-hanks', type: 'person' };

describe.each(sharedStateTargets())('API rate limits on the $name counters', (target) => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await target.open();
    t = await openTestApp({ database, shared, publicLimit: 5, authenticatedLimit: 8, findLimit: 2, trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  /** A signed-in client whose every request comes from `ip`. */
  async function signedInFrom(ip: string): Promise<ApiClient> {
    const { username, password } = await createTestUser(t.users);
    const client = apiClient(t.app);
    const send = client.send.bind(client);
    client.send = (method, url, body) => send(method, url, body).set('X-Forwarded-For', ip);
    client.csrfToken = (await client.send('get', '/api/auth/csrf').expect(200)).body.csrfToken;
    client.csrfToken = (await client.send('post', '/api/auth/login', { username, password }).expect(200)).get(CSRF_HEADER);
    return client;
  }

  it('lets an anonymous IP make 5 requests a minute, then answers 429 RATE_LIMITED with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const ok = await request(t.app).get('/api/trending').set('X-Forwarded-For', ip).expect(200);
      expect(ok.headers['ratelimit-limit']).toBe('5');
      expect(ok.headers['ratelimit-remaining']).toBe(String(4 - i));
      expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await request(t.app).get('/api/search?q=tom').set('X-Forwarded-For', ip).expect(429);
    expect(refused.body).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests: at most 5 per 60 seconds/),
      details: { limit: 5, windowSeconds: 60, retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Writes count too; health checks never do; another address has its own budget.
    await request(t.app).post('/api/contact').set('X-Forwarded-For', ip).send({}).expect(429);
    await request(t.app).get('/api/health').set('X-Forwarded-For', ip).expect(200);
    await request(t.app).get('/api/trending').set('X-Forwarded-For', freshIp()).expect(200);
  });

  it('gives each signed-in user 8 requests a minute wherever they come from, shared by session and API key', async () => {
    const client = await signedInFrom(freshIp());
    const me = (await client.send('get', '/api/auth/me').expect(200)).body as { id: number };
    expect((await client.send('get', '/api/trending').expect(200)).headers['ratelimit-limit']).toBe('8');
    const { key } = await t.apiKeys.create(me.id, 'rate');
    for (let i = 0; i < 3; i += 1) await client.send('get', '/api/trending').expect(200);
    // From another address, with the key: still the same user's budget.
    for (let i = 0; i < 3; i += 1) await request(t.app).get('/api/trending').set('X-Forwarded-For', freshIp()).set('Authorization', `Bearer ${key}`).expect(200);
    const refused = await request(t.app).get('/api/trending').set('Authorization', `Bearer ${key}`).expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    await client.send('get', '/api/auth/me').expect(429);
    // Other users are not affected, even from the same address.
    const other = await signedInFrom(freshIp());
    await other.send('get', '/api/auth/me').expect(200);
  });

  it('counts find-connection per user when signed in, per IP otherwise', async () => {
    const ip = freshIp();
    const alice = await signedInFrom(ip);
    const bob = await signedInFrom(ip);
    const find = (client: ApiClient) => client.send('post', '/api/find-connection', { fromEntity: bacon, toEntity: hanks });
    await find(alice).expect(200);
    const second = await find(alice).expect(200);
    expect(second.headers['ratelimit-limit']).toBe('2');
    expect((await find(alice).expect(429)).body.code).toBe('RATE_LIMITED');
    // Bob shares Alice's address but not her limit.
    await find(bob).expect(200);

    const anonymousIp = freshIp();
    const anonymous = () => request(t.app).post('/api/find-connection').set('X-Forwarded-For', anonymousIp).send({ fromEntity: bacon, toEntity: hanks });
    await anonymous().expect(200);
    await anonymous().expect(200);
    await anonymous().expect(429);
  });
});

describe('with every rate limit off (0 a minute)', () => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await sharedStateTargets()[0]!.open();
    t = await openTestApp({ database, shared, publicLimit: 0, authenticatedLimit: 0, findLimit: 0 });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('sends no RateLimit-* headers: there is no window to tell about, never a limit of 9007199254740991', async () => {
    const answers = {
      'GET /api/trending': await request(t.app).get('/api/trending').expect(200),
      'POST /api/find-connection': await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(200),
      'POST /api/connections/find': await request(t.app).post('/api/connections/find').send({ fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks' }).expect(200),
      'GET /api/share/preview.png': await request(t.app).get('/api/share/preview.png').query({ from: 'person:kevin-bacon', to: 'person:meryl-streep' }).expect(200),
    };
    for (const [name, answer] of Object.entries(answers)) {
      for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(answer.headers[header], `${name} ${header}`).toBeUndefined();
    }
  });
});

describe.each(sharedStateTargets())('whose address counts, on the $name counters', (target) => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await target.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shared.close();
    await database.dispose();
  });
  const open = async (trustProxy?: string[]) => {
    const app = await openTestApp({ database, shared, publicLimit: 3, findLimit: 2, trustProxy });
    apps.push(app);
    return app.app;
  };

  it('with TRUST_PROXY unset, a rotating X-Forwarded-For does not escape the public limit', async () => {
    const app = await open();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await request(app).get('/api/stats').set('X-Forwarded-For', freshIp())).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('with TRUST_PROXY=loopback, two forwarded clients count separately', async () => {
    const app = await open(['loopback']);
    const [ana, ben] = [freshIp(), freshIp()];
    for (let i = 0; i < 3; i += 1) await request(app).get('/api/stats').set('X-Forwarded-For', ana).expect(200);
    await request(app).get('/api/stats').set('X-Forwarded-For', ana).expect(429);
    await request(app).get('/api/stats').set('X-Forwarded-For', ben).expect(200);
    // A client cannot prepend its own choice: the address the trusted proxy saw is the one that counts.
    await request(app).get('/api/stats').set('X-Forwarded-For', `${freshIp()}, ${ana}`).expect(429);
  });
});

describe.runIf(process.env.REDIS_URL)('the public limit across two app processes on one Redis', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('refuses the 101st request of an IP, wherever it lands', async () => {
    const prefix = `test:${uniqueSuffix()}:`;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-rl-')),
        REDIS_URL: process.env.REDIS_URL,
        RATE_LIMIT_PUBLIC_PER_MINUTE: '100',
      });
      servers.push(await startServer(config, { logger: createLogger('silent'), redisKeyPrefix: prefix, searchWorkers: 0 }));
    }
    const [first, second] = servers as [RunningServer, RunningServer];
    const statuses = async (server: RunningServer, count: number) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i += 1) seen.push((await fetch(`${server.url}/api/stats`)).status);
      return seen;
    };
    expect(await statuses(first, 60)).toEqual(Array(60).fill(200));
    const onSecond = await statuses(second, 50);
    expect(onSecond.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(onSecond.slice(40)).toEqual(Array(10).fill(429));
    // And the first process sees the same exhausted budget.
    const after = await fetch(`${first.url}/api/stats`);
    expect(after.status).toBe(429);
    expect(after.headers.get('ratelimit-limit')).toBe('100');
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
