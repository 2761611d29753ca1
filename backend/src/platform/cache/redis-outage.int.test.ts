import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENTS, HealthSchema, TrendingResponseSchema, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logging.js';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../../test-support/private-redis.js';

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
});
