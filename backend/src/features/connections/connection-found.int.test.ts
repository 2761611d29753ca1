import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENTS, SearchParametersSchema, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { loadConfig } from '../../platform/config.js';
import type { DomainEvent, DomainEvents } from '../../platform/events/index.js';
import { createLogger } from '../../platform/logging.js';
import { startServer, type RunningServer } from '../../server.js';
import { createTestUser } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';

const bacon = { id: 'kevin-bacon', type: 'person' as const };
const hanks = { id: 'tom-hanks', type: 'person' as const };
const DEFAULTS = SearchParametersSchema.parse({});

/** Every `connection.found` a test subscriber receives, and the batches they came in. */
function listen(events: DomainEvents) {
  const found: Array<DomainEvent<'connection.found'>> = [];
  events.subscribe({
    id: `test.found.${Math.random()}`,
    events: ['connection.found'],
    async handle(batch) {
      found.push(...batch);
    },
  });
  return found;
}

describe('connection.found from the REST routes', () => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  let found: Array<DomainEvent<'connection.found'>>;
  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await sharedStateTargets()[0]!.open();
    t = await openTestApp({ database, shared });
    found = listen(t.events);
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('carries the anonymous searcher, the pair, the parameters, the answer and the path; a repeat says cached', async () => {
    await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(200);
    await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(200);
    await t.events.settled();
    // The cache hit is answered from the stored text; its entry still names the path's entities.
    const through = ['person:kevin-bacon', 'movie:apollo-13-1995', 'person:tom-hanks'];
    expect(found.map((event) => [event.aggregateKey, event.payload])).toEqual([
      ['anonymous', { actor: null, from: 'person:kevin-bacon', to: 'person:tom-hanks', parameters: DEFAULTS, degrees: 2, cached: false, usedObscure: false, through }],
      ['anonymous', { actor: null, from: 'person:kevin-bacon', to: 'person:tom-hanks', parameters: DEFAULTS, degrees: 2, cached: true, usedObscure: false, through }],
    ]);
    expect(new Set(found.map((event) => event.id)).size).toBe(2);
  });

  it('names the signed-in user as the actor, on both find routes', async () => {
    const { user } = await createTestUser(t.users);
    const { key } = await t.apiKeys.create(user.id, 'searches');
    found.length = 0;
    await request(t.app).post('/api/find-connection').set('Authorization', `Bearer ${key}`).send({ fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 1 } }).expect(200);
    await request(t.app).post('/api/connections/find').set('Authorization', `Bearer ${key}`).send({ fromEntityId: 'person:tom-hanks', toEntityId: 'person:kevin-bacon' }).expect(200);
    await t.events.settled();
    expect(found.map((event) => [event.aggregateKey, event.payload.actor, event.payload.from, event.payload.degrees, event.payload.parameters.maxDegrees])).toEqual([
      [`user:${user.id}`, user.id, 'person:kevin-bacon', null, 1],
      [`user:${user.id}`, user.id, 'person:tom-hanks', 2, 6],
    ]);
  });

  it('is not published for a refused search or a link preview, and trending counts only what was published', async () => {
    found.length = 0;
    await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: { id: 'nobody-at-all', type: 'person' } }).expect(400);
    await t.connections.find({ fromEntity: { id: 'meryl-streep', type: 'person' }, toEntity: hanks }, { actor: null, preview: true });
    await t.events.settled();
    expect(found).toEqual([]);

    // Many searches at once reach trending in batches, every one counted.
    await Promise.all(Array.from({ length: 30 }, () => request(t.app).post('/api/find-connection').send({ fromEntity: { id: 'meryl-streep', type: 'person' }, toEntity: hanks }).expect(200)));
    await t.events.settled();
    expect(found).toHaveLength(30);
    const trending = await request(t.app).get('/api/trending').expect(200);
    const card = trending.body.connections.find((row: { fromEntity: { key: string } }) => row.fromEntity.key === 'person:meryl-streep');
    expect(card.searchCount).toBe(30);
  });
});

describe('connection.found from a live search', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-found-live-'));
  let server: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, FIND_CONNECTION_RATE_LIMIT: '1000' }), { logger: createLogger('silent'), searchWorkers: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Registers over real HTTP (CSRF token, then the form); resolves to the session cookie and the user id. */
  async function register(username: string) {
    const csrf = await fetch(`${server.url}/api/auth/csrf`);
    const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: anonymousCookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'correct-horse-battery' }),
    });
    expect(res.status).toBe(201);
    return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, userId: ((await res.json()) as { id: number }).id };
  }

  async function search(cookie?: string) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const completed = new Promise((resolve) => socket.once(EVENTS.searchCompleted, resolve));
    const ack = await socket.emitWithAck(EVENTS.searchStart, { fromEntity: bacon, toEntity: hanks });
    expect(ack.ok).toBe(true);
    await completed;
  }

  it('names the signed-in user of the socket as the actor, and nobody for an anonymous socket', async () => {
    const found = listen(server.services.events);
    const { cookie, userId } = await register(`live_${Date.now().toString(36)}`);
    await search(cookie);
    await search();
    await server.services.events.settled();
    expect(found.map((event) => [event.payload.actor, event.payload.from, event.payload.to])).toEqual([
      [userId, 'person:kevin-bacon', 'person:tom-hanks'],
      [null, 'person:kevin-bacon', 'person:tom-hanks'],
    ]);
  });
});
