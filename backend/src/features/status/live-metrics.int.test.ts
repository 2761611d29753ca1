import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AdminMetricsSchema, AdminSystemSchema, EVENTS, type AdminMetrics, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import express from 'express';
import { Registry } from 'prom-client';
import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.js';
import { createTestUser, TEST_PASSWORD } from '../../test-support/accounts.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logging.js';
import { metricsEndpoint } from '../../platform/metrics/endpoint.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const TOKEN = 'metrics-token-for-the-live-metrics-test';

describe('live metrics, admin:watch and /metrics on a real server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-metrics-'));
  let server: RunningServer;
  const sockets: Client[] = [];

  beforeAll(async () => {
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_TOKEN: TOKEN, RATE_LIMIT_PUBLIC_PER_MINUTE: '0' }), {
      logger: createLogger('silent'),
      searchWorkers: 0,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(username: string): Promise<string> {
    const csrf = await fetch(`${server.url}/api/auth/csrf`);
    const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: anonymousCookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  async function socketFor(cookie?: string): Promise<Client> {
    const socket: Client = connect(server.url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    return socket;
  }

  it('refuses admin:watch to anonymous, user, moderator and deactivated sockets, and to an admin demoted since the handshake', async () => {
    const { users } = server.services;
    const plain = await createTestUser(users, { prefix: 'plain' });
    const moderator = await createTestUser(users, { prefix: 'mod', role: 'moderator' });
    const gone = await createTestUser(users, { prefix: 'gone', role: 'admin' });
    const demoted = await createTestUser(users, { prefix: 'demoted', role: 'admin' });
    const callers: Array<[string, Client]> = [
      ['anonymous', await socketFor()],
      ['user', await socketFor(await signIn(plain.username))],
      ['moderator', await socketFor(await signIn(moderator.username))],
    ];
    // Signed in (and connected) as admins, then deactivated or demoted: the role is read again at the watch.
    const goneSocket = await socketFor(await signIn(gone.username));
    const demotedSocket = await socketFor(await signIn(demoted.username));
    await users.setActive(gone.user.id, false);
    await users.setRole(demoted.user.id, 'user');
    callers.push(['deactivated', goneSocket], ['demoted', demotedSocket]);
    for (const [who, socket] of callers) {
      const ack = await socket.timeout(5_000).emitWithAck(EVENTS.adminWatch, {});
      expect(ack, who).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
  });

  it('accepts an admin: acknowledges the metrics now, pushes admin:metrics every interval, and counts real traffic', async () => {
    const admin = await createTestUser(server.services.users, { prefix: 'admin', role: 'admin' });
    const socket = await socketFor(await signIn(admin.username));
    const pushed: AdminMetrics[] = [];
    socket.on(EVENTS.adminMetrics, (metrics) => pushed.push(metrics));

    const requests = 40;
    for (let i = 0; i < requests; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const ack = await socket.timeout(5_000).emitWithAck(EVENTS.adminWatch, {});
    expect(ack.ok).toBe(true);
    const now = AdminMetricsSchema.parse((ack as { data: unknown }).data);
    const mine = now.replicas.find((replica) => replica.replica === server.services.metrics.replica)!;
    expect(mine).toBeDefined();
    // Counted over the window (at most 10 s): the 40 requests just made are in it.
    expect(mine.requestsPerSecond * 10).toBeGreaterThanOrEqual(requests);
    expect(mine.latencyMs.p50).toEqual(expect.any(Number));
    expect(mine.sockets).toBeGreaterThanOrEqual(1);
    expect(mine.rooms).toBeGreaterThanOrEqual(1);
    expect(now.total.requestsPerSecond).toBeGreaterThan(0);

    // A search answered by the engine, then from the cache: searches, engine p99 and the hit rate move.
    const search = { fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } };
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(search) });
      expect(res.status).toBe(200);
    }
    const after = server.services.metrics.snapshot();
    expect(after.searchesPerMinute).toBeGreaterThan(0);
    expect(after.engineP99Ms).toEqual(expect.any(Number));
    expect(after.cacheHitRate).toBeGreaterThan(0);
    expect(after.cacheHitRate).toBeLessThan(1);

    await expect.poll(() => pushed.length, { timeout: 8_000, interval: 100 }).toBeGreaterThanOrEqual(1);
    expect(AdminMetricsSchema.safeParse(pushed[0]).success).toBe(true);

    // The System tab answers with the same live view and the dependency rows.
    const system = await fetch(`${server.url}/api/admin/system`, { headers: { cookie: await signIn(admin.username) } });
    expect(system.status).toBe(200);
    const body = AdminSystemSchema.parse(await system.json());
    expect(body.health.map((row) => [row.name, row.status])).toEqual([
      ['Database', 'healthy'],
      ['Movie API (TMDB)', 'not_configured'],
      ['Knowledge-base API (Wikidata)', 'not_configured'],
    ]);
    expect(body.health[0]!.latencyMs).toEqual(expect.any(Number));

    const unwatch = await socket.timeout(5_000).emitWithAck(EVENTS.adminUnwatch, {});
    expect(unwatch).toEqual({ ok: true, data: { watching: false } });
    const count = pushed.length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(pushed.length).toBe(count);
  });

  it('serves Prometheus text on /metrics with the token only', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const name of [
      'cdna_http_request_duration_seconds_bucket',
      'cdna_event_loop_delay_p99_seconds',
      'cdna_socket_connections',
      'cdna_socket_rooms',
      'cdna_connection_searches_total',
      'cdna_engine_search_duration_seconds',
      'cdna_outbox_backlog',
      'cdna_process_resident_memory_bytes',
    ]) {
      expect(text, name).toContain(name);
    }
    // Requests are labelled by route template, never by raw URL; /metrics does not time itself.
    const health = /cdna_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} (\d+)/.exec(text);
    expect(Number(health?.[1])).toBeGreaterThanOrEqual(40);
    expect(text).not.toContain('route="/metrics"');
  });

  it('answers 404 on /metrics when no token is configured', async () => {
    const app = express().get('/metrics', metricsEndpoint(new Registry(), undefined));
    expect((await request(app).get('/metrics').set('authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });
});
