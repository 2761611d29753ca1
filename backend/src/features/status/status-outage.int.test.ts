import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StatusHistorySchema, StatusResponseSchema, type StatusResponse } from '@cinema-dna/shared-types';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logging.js';
import { statusIncidents } from './schema.js';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../../test-support/private-redis.js';

const CHECK_INTERVAL_MS = 1_000;

describe.runIf(hasRedisServer)('the status checker when Redis goes away and comes back', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-status-'));
  let redis: ChildProcess | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
    if (redis && redis.exitCode === null) await stopRedis(redis);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (): Promise<StatusResponse> => StatusResponseSchema.parse(await (await fetch(`${server!.url}/api/status`)).json());
  const row = (response: StatusResponse, id: string) => response.services.find((service) => service.id === id)!;
  const history = async () => StatusHistorySchema.parse(await (await fetch(`${server!.url}/api/status/history`)).json());
  const openIncidents = async () => (await server!.database.db.select().from(statusIncidents)).filter((incident) => incident.service === 'cache');

  it('finds the cache down within one check and opens an incident; recovered at the next check, the incident closes', { timeout: 60_000 }, async () => {
    const port = await freePort();
    redis = await startRedis(port);
    server = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}`, STATUS_CHECK_INTERVAL_MS: String(CHECK_INTERVAL_MS), RATE_LIMIT_PUBLIC_PER_MINUTE: '0' }),
      { logger: createLogger('silent'), searchWorkers: 0, redisKeyPrefix: `status-test:${process.pid}:` },
    );

    // The first check runs at start: every service answers, with measured response times.
    await expect.poll(async () => row(await status(), 'cache').status, { timeout: 10_000, interval: 200 }).toBe('operational');
    const healthy = await status();
    expect(healthy.overall).toBe('operational');
    expect(healthy.services.map((service) => service.id)).toEqual(['website', 'database', 'cache', 'engine', 'movie-data', 'knowledge-base']);
    for (const service of healthy.services) expect(service.responseTime, service.id).toEqual(expect.any(Number));
    expect(row(healthy, 'cache').description).toMatch(/Redis/);
    expect(healthy.replicas.map((replica) => replica.replica)).toContain(server.services.metrics.replica);
    expect(await openIncidents()).toEqual([]);

    await stopRedis(redis);
    const stoppedAt = Date.now();
    // Within one check (the interval, plus the ping's own timeout when the client is still connecting).
    await expect.poll(async () => row(await status(), 'cache').status, { timeout: CHECK_INTERVAL_MS + 7_000, interval: 200 }).toBe('down');
    const down = await status();
    expect(down.overall).toBe('down');
    expect(row(down, 'cache').responseTime).toBeNull();
    expect(row(down, 'database').responseTime).toEqual(expect.any(Number));
    expect(row(down, 'website').responseTime).toEqual(expect.any(Number));
    expect(new Date(row(down, 'cache').lastChecked).getTime()).toBeGreaterThanOrEqual(stoppedAt - CHECK_INTERVAL_MS);
    const opened = await openIncidents();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ service: 'cache', status: 'down', resolvedAt: null });
    const during = await history();
    expect(during.incidents[0]).toMatchObject({ service: 'cache', serviceName: 'Cache & Realtime', status: 'down', resolvedAt: null });
    // Checks keep finding it down: still one incident.
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 2));
    expect(await openIncidents()).toHaveLength(1);

    redis = await startRedis(port);
    await expect.poll(async () => row(await status(), 'cache').status, { timeout: 20_000, interval: 200 }).toBe('operational');
    const [closed] = await openIncidents();
    expect(closed!.resolvedAt).toBeInstanceOf(Date);
    const after = await history();
    expect(after.incidents[0]).toMatchObject({ id: opened[0]!.id, service: 'cache', resolvedAt: expect.any(String) });
    const cache = after.services.find((service) => service.id === 'cache')!;
    const today = cache.days.at(-1)!;
    expect(today.worst).toBe('down');
    expect(today.uptime).toBeGreaterThan(0);
    expect(today.uptime).toBeLessThan(1);
    expect(cache.days).toHaveLength(90);
    expect(cache.days[0]!.uptime).toBeNull();
  });
});
