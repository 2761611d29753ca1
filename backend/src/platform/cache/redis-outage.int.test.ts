import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ChallengeStatsSchema,
  EVENTS,
  HealthSchema,
  LeaderboardSchema,
  RaceCreatedSchema,
  RaceStateSchema,
  TrendingResponseSchema,
  UserRankSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logging.js';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../../test-support/private-redis.js';
import { createTestUser, signedInClient } from '../../test-support/accounts.js';

describe.runIf(hasRedisServer)('when Redis goes away while the app runs', () => {
  let redis: ChildProcess | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
    if (redis && redis.exitCode === null) await stopRedis(redis);
  });

  it('keeps serving, reports the cache down, and recovers by itself when Redis returns', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-outage-')),
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    server = await startServer(config, { logger: createLogger('silent') });
    const health = async () => HealthSchema.parse(await (await fetch(`${server!.url}/api/health`)).json());
    expect((await health()).cache).toMatchObject({ status: 'up', driver: 'redis' });

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, { transports: ['websocket'], forceNew: true });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const search = { fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } };
    const found = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(search) });
    expect(found.status).toBe(200);
    await server.services.events.settled();
    const trendingBefore = TrendingResponseSchema.parse(await (await fetch(`${server.url}/api/trending`)).json());
    expect(trendingBefore).toMatchObject({ degraded: false, connections: [{ fromEntity: { key: 'person:kevin-bacon' }, searchCount: 1 }] });

    await stopRedis(redis);

    const during = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Outage', email: 'o@example.com', subject: 'Still up?', message: 'Redis is down.' }),
    });
    expect(during.status).toBe(201);
    const down = await fetch(`${server.url}/api/health`);
    expect(down.status).toBe(200);
    const downBody = HealthSchema.parse(await down.json());
    expect(downBody.status).toBe('degraded');
    expect(downBody.cache).toMatchObject({ status: 'down', driver: 'redis', latencyMs: null });
    expect(downBody.database.status).toBe('up');
    // Trending: the last list this server read, marked degraded, instead of a 500.
    const trendingDuring = await fetch(`${server.url}/api/trending`);
    expect(trendingDuring.status).toBe(200);
    expect(TrendingResponseSchema.parse(await trendingDuring.json())).toEqual({ ...trendingBefore, degraded: true });
    // Sockets keep working on this node while other nodes cannot be reached.
    const joined = await socket.emitWithAck(EVENTS.roomJoin, { code: 'outage', displayName: 'Ana' });
    expect(joined).toMatchObject({ ok: true, data: { members: [{ displayName: 'Ana' }] } });

    redis = await startRedis(port);
    await expect.poll(async () => (await health()).cache.status, { timeout: 15_000, interval: 250 }).toBe('up');
    expect((await health()).status).not.toBe('down');
    socket.disconnect();
  });

  it('while Redis is frozen answers within 1 s: boards and ranks as last read (degraded), clear-cache 503, races and sign-ins as ever', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const frozen = await startRedis(port);
    let running: RunningServer | undefined;
    try {
      running = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-frozen-')), REDIS_URL: `redis://127.0.0.1:${port}` }), {
        logger: createLogger('silent'),
        searchWorkers: 0,
      });
      const url = running.url;
      const player = await createTestUser(running.services.users);
      const admin = await createTestUser(running.services.users, { role: 'admin' });
      // Signing in pays the day's login point: both are on the boards.
      const me = await signedInClient(url, player.username);
      const staff = await signedInClient(url, admin.username);
      await expect.poll(async () => LeaderboardSchema.parse((await me.send('get', '/api/leaderboards/global').expect(200)).body).total, { timeout: 10_000, interval: 100 }).toBe(2);
      const board = LeaderboardSchema.parse((await me.send('get', '/api/leaderboards/global').expect(200)).body);
      const rank = UserRankSchema.parse((await me.send('get', '/api/users/me/rank').expect(200)).body);
      expect(ChallengeStatsSchema.parse((await me.send('get', '/api/users/me/challenge-stats').expect(200)).body).degraded).toBeUndefined();
      const race = RaceCreatedSchema.parse((await me.send('post', '/api/challenges/races').expect(201)).body);

      frozen.kill('SIGSTOP');
      const timed = async <T>(call: () => Promise<T>) => {
        const started = performance.now();
        const result = await call();
        expect(performance.now() - started).toBeLessThan(1_000);
        return result;
      };
      const boardThen = await timed(() => me.send('get', '/api/leaderboards/global').expect(200));
      expect(LeaderboardSchema.parse(boardThen.body)).toEqual({ ...board, degraded: true });
      // Not read before on this process: nothing to show, and it says so rather than "nobody is on it".
      expect(LeaderboardSchema.parse((await timed(() => me.send('get', '/api/leaderboards/challenges').expect(200))).body)).toMatchObject({ rows: [], total: 0, degraded: true });
      expect(UserRankSchema.parse((await timed(() => me.send('get', '/api/users/me/rank').expect(200))).body)).toEqual({ ...rank, degraded: true });
      expect(ChallengeStatsSchema.parse((await timed(() => me.send('get', '/api/users/me/challenge-stats').expect(200))).body)).toMatchObject({ rank: null, degraded: true });
      const cleared = await timed(() => staff.send('post', '/api/admin/clear-cache').expect(503));
      expect(cleared.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: expect.objectContaining({ requestId: expect.any(String) }) });
      // Race rooms live in the database: created and read as ever.
      expect(RaceStateSchema.parse((await timed(() => me.send('get', `/api/challenges/races/${race.code}`).expect(200))).body).status).toBe('lobby');
      const another = RaceCreatedSchema.parse((await timed(() => me.send('post', '/api/challenges/races').expect(201))).body);
      expect(RaceStateSchema.parse((await timed(() => me.send('get', `/api/challenges/races/${another.code}`).expect(200))).body).code).toBe(another.code);
      // The login throttle counts on this process alone meanwhile: signing in works.
      await timed(() => signedInClient(url, player.username));

      frozen.kill('SIGCONT');
      await expect.poll(async () => LeaderboardSchema.parse((await me.send('get', '/api/leaderboards/global').expect(200)).body).degraded, { timeout: 10_000, interval: 100 }).toBeUndefined();
      await staff.send('post', '/api/admin/clear-cache').expect(200);
    } finally {
      frozen.kill('SIGCONT');
      await running?.close();
      await stopRedis(frozen);
    }
  });
});
