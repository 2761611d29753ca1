import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EVENTS,
  AdminOperationResultSchema,
  LeaderboardSchema,
  UserRankSchema,
  type ClientToServerEvents,
  type LeaderboardChanged,
  type PointsChanged,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logging.js';
import { startServer, type RunningServer } from '../../server.js';
import { createTestUser, TEST_PASSWORD } from '../../test-support/accounts.js';
import { testAwards } from '../../test-support/points.js';
import { dropSchema, testDatabaseUrl, uniqueSuffix } from '../../test-support/targets.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** PostgreSQL with the in-process shared state, and with Redis when REDIS_URL is set. */
const targets = [undefined, process.env.REDIS_URL].filter((redis, index) => index === 0 || redis).map((redis) => {
  const schema = `test_${uniqueSuffix()}`;
  const env: Record<string, string> = { DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema };
  if (redis) env.REDIS_URL = redis;
  return { name: `postgres + ${redis ? 'redis' : 'memory'}`, env, drop: () => dropSchema(testDatabaseUrl(), schema) };
});

describe.each(targets)('live leaderboards over HTTP and Socket.IO on $name', (target) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-boards-'));
  const admin = { username: `boss_${uniqueSuffix()}`, password: TEST_PASSWORD };
  let server: RunningServer;
  let award: ReturnType<typeof testAwards>;
  const sockets: Client[] = [];

  beforeAll(async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, ...target.env });
    server = await startServer(config, { logger: createLogger('silent'), redisKeyPrefix: `test:${uniqueSuffix()}:`, searchWorkers: 0 });
    award = testAwards(server.services.events);
    await server.services.leaderboards.idle();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
    await target.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function session(route: '/api/auth/register' | '/api/auth/login', username: string, password = TEST_PASSWORD) {
    const csrf = await fetch(`${server.url}/api/auth/csrf`);
    const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: anonymousCookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ username, email: `${username}@example.com`, password }),
    });
    expect(res.status).toBeLessThan(300);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    const token = ((await (await fetch(`${server.url}/api/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string }).csrfToken;
    return { cookie, csrfToken: token, userId: ((await res.json()) as { id: number }).id };
  }

  /** A connected client and every leaderboard change it receives. */
  async function client(cookie?: string) {
    const socket: Client = connect(server.url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(socket);
    const changes: LeaderboardChanged[] = [];
    socket.on(EVENTS.leaderboardChanged, (change) => changes.push(change));
    const points: PointsChanged[] = [];
    socket.on(EVENTS.pointsChanged, (changed) => points.push(changed));
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    /** Resolves with the first change (received or to come) that `match` accepts. */
    const next = (match: (change: LeaderboardChanged) => boolean) =>
      expect.poll(() => changes.find(match), { timeout: 10_000 }).toBeDefined().then(() => changes.find(match)!);
    return { socket, changes, points, next };
  }

  const get = async (route: string, cookie?: string) => {
    const res = await fetch(`${server.url}${route}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const onGlobal = (userId: number, rank: number, score: number) => (change: LeaderboardChanged) =>
    change.board === 'global:all-time:points' && change.entries.some((entry) => entry.userId === userId && entry.rank === rank && entry.score === score);

  it('one player earns, another watching the global board receives the change with the new rank', async () => {
    const earner = await session('/api/auth/register', `earner_${uniqueSuffix()}`);
    const rival = await session('/api/auth/register', `rival_${uniqueSuffix()}`);
    // Registering is the day's login: each starts with 1 point on the boards.
    await server.services.events.settled();
    const watcher = await client(); // anonymous: boards are public
    const bystander = await client(rival.cookie);
    const earnerSocket = await client(earner.cookie);
    expect(await watcher.socket.emitWithAck(EVENTS.leaderboardWatch, { board: 'global:all-time:points' })).toEqual({ ok: true, data: { board: 'global:all-time:points' } });
    expect(await watcher.socket.emitWithAck(EVENTS.leaderboardWatch, { board: 'no-such-board' as never })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });

    await award(rival.userId, 'review', 20);
    expect(await watcher.next(onGlobal(rival.userId, 1, 21))).toEqual({ board: 'global:all-time:points', entries: [{ userId: rival.userId, rank: 1, score: 21 }] });
    await award(earner.userId, 'discovery', 10);
    await watcher.next(onGlobal(earner.userId, 2, 11));
    await award(earner.userId, 'discovery', 15);
    await watcher.next(onGlobal(earner.userId, 1, 26));
    // The earner's own sockets got the new balance (the header's counters).
    await expect.poll(() => earnerSocket.points.at(-1)?.points, { timeout: 10_000 }).toBe(26);
    expect(bystander.points.every((changed) => changed.points !== 26)).toBe(true);

    // Nobody else watches that board: the other sockets received no board change.
    expect(bystander.changes).toEqual([]);
    expect(earnerSocket.changes).toEqual([]);

    // The boards and ranks the pages read agree.
    const global = await get('/api/leaderboards/global');
    expect(global.status).toBe(200);
    const board = LeaderboardSchema.parse(global.body);
    // The configured admin (registered at start, 1 point) sits below them.
    expect(board.rows.slice(0, 2).map((row) => [row.id, row.rank, row.score, row.points, row.connectionsFound])).toEqual([
      [earner.userId, 1, 26, 26, 2],
      [rival.userId, 2, 21, 21, 0],
    ]);
    expect(UserRankSchema.parse((await get('/api/users/me/rank', earner.cookie)).body)).toEqual({ globalRank: 1, weeklyRank: 1, points: 26 });
    expect((await get('/api/users/me/rank')).status).toBe(401);
    expect(LeaderboardSchema.parse((await get('/api/leaderboards/global?period=monthly&metric=connections&limit=1')).body).rows.map((row) => row.id)).toEqual([earner.userId]);

    // Unwatched: no more changes for this socket (a second watcher shows the change went out).
    const second = await client();
    await second.socket.emitWithAck(EVENTS.leaderboardWatch, { board: 'global:all-time:points' });
    expect(await watcher.socket.emitWithAck(EVENTS.leaderboardUnwatch, { board: 'global:all-time:points' })).toEqual({ ok: true, data: { board: 'global:all-time:points' } });
    const seen = watcher.changes.length;
    await award(rival.userId, 'review', 10);
    await second.next(onGlobal(rival.userId, 1, 31));
    expect(watcher.changes.length).toBe(seen);
  });

  it('refuses bad queries with 400 and keeps the rebuild for admins', async () => {
    for (const query of ['period=weekly', 'metric=karma', 'limit=0', 'limit=101', 'limit=ten', 'period=monthly&period=yearly']) {
      const res = await get(`/api/leaderboards/global?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), details: expect.anything() });
    }
    expect((await get('/api/leaderboards/weekly?limit=-1')).status).toBe(400);

    const player = await session('/api/auth/register', `player_${uniqueSuffix()}`);
    const boss = await session('/api/auth/login', admin.username, admin.password);
    const rebuild = (caller: { cookie: string; csrfToken: string }) =>
      fetch(`${server.url}/api/admin/rebuild-leaderboards`, { method: 'POST', headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrfToken } });
    expect((await rebuild(player)).status).toBe(403);
    const before = LeaderboardSchema.parse((await get('/api/leaderboards/global')).body);
    const res = await rebuild(boss);
    expect(res.status).toBe(200);
    // The admin dashboard's audited rebuild: every board from the ledger, counting the players.
    const result = AdminOperationResultSchema.parse(await res.json());
    expect(result.count).toBe(before.total);
    // Rebuilt from the ledger: the same board.
    expect(LeaderboardSchema.parse((await get('/api/leaderboards/global')).body).rows).toEqual(before.rows);
  });

  it("takes a deleted account's entries off the boards", async () => {
    const leaving = await session('/api/auth/register', `leaving_${uniqueSuffix()}`);
    await award(leaving.userId, 'challenge', 500, { par: 3, degrees: 3 });
    await server.services.events.settled();
    const onBoard = async (route: string) => LeaderboardSchema.parse((await get(route)).body).rows.some((row) => row.id === leaving.userId);
    expect(await onBoard('/api/leaderboards/global')).toBe(true);
    expect(await onBoard('/api/leaderboards/challenges')).toBe(true);
    // The one delete path: the admin's (every feature's registered footprint, then the account).
    const admin = await createTestUser(server.services.users, { role: 'admin' });
    expect(await server.services.admin.deleteUser(admin.user.id, leaving.userId)).toMatchObject({ userId: leaving.userId });
    await server.services.events.settled();
    for (const route of ['/api/leaderboards/global', '/api/leaderboards/weekly', '/api/leaderboards/challenges', '/api/leaderboards/global?metric=efficiency']) {
      expect(await onBoard(route), route).toBe(false);
    }
    expect(await server.services.leaderboards.rankOf(leaving.userId)).toEqual({ globalRank: null, weeklyRank: null, points: 0 });
  });
});
