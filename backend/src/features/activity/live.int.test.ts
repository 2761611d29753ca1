import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActivityItemSchema, CSRF_HEADER, EVENTS, type ActivityItem, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logging.js';
import { startServer, type RunningServer } from '../../server.js';
import { TEST_PASSWORD } from '../../test-support/accounts.js';
import { dropSchema, uniqueSuffix } from '../../test-support/targets.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const servers: RunningServer[] = [];
const sockets: Client[] = [];
const dataDirs: string[] = [];

async function server(env: Record<string, string> = {}, redisKeyPrefix = `test:${uniqueSuffix()}:`): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-feed-'));
  dataDirs.push(dataDir);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, EVENTS_POLL_INTERVAL_MS: '100', ...env });
  const running = await startServer(config, { logger: createLogger('silent'), redisKeyPrefix, searchWorkers: 0 });
  servers.push(running);
  return running;
}

/** A registered user's session on `url`, and a caller of the API with it. */
async function member(url: string, name: string) {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const username = `${name}_${uniqueSuffix()}`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anonymousCookie, [CSRF_HEADER]: csrfToken },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = ((await (await fetch(`${url}/api/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string }).csrfToken;
  const userId = ((await res.json()) as { id: number }).id;
  const send = async (method: string, route: string, body?: unknown, base = url) => {
    const sent = await fetch(`${base}${route}`, {
      method,
      headers: { cookie, [CSRF_HEADER]: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: sent.status, body: (await sent.json().catch(() => null)) as unknown };
  };
  return { userId, username, cookie, send };
}

/** A connected client and every activity item it receives. */
async function client(url: string, cookie?: string) {
  const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : {} });
  sockets.push(socket);
  const items: ActivityItem[] = [];
  socket.on(EVENTS.activityNew, (item) => items.push(ActivityItemSchema.parse(item)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, items };
}

/** Lets the server finish what the socket's connect started (joining feed rooms is one query away). */
const settle = (running: RunningServer) => running.services.events.settled().then(() => new Promise((resolve) => setTimeout(resolve, 150)));
const review = (entityId: string) => ({ entityId, entityType: 'movie', rating: 5, title: 'Live', content: 'Seen live: a story told well, and every frame counts.' });

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await Promise.all(servers.splice(0).map((running) => running.close()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('live activity on one process', () => {
  it('a follower’s open socket receives the followee’s new review; a socket that does not follow receives nothing', async () => {
    const node = await server();
    const [a, b, c] = [await member(node.url, 'ana'), await member(node.url, 'ben'), await member(node.url, 'cy')];
    // A's socket is open before the follow: the follow moves it into B's feed room.
    const socketA = await client(node.url, a.cookie);
    const socketC = await client(node.url, c.cookie);
    const anonymous = await client(node.url);
    expect((await a.send('POST', '/api/users/follow', { userId: b.userId })).status).toBe(200);

    expect((await b.send('POST', '/api/reviews', review('mad-max-fury-road-2015'))).status).toBe(201);
    await expect.poll(() => socketA.items.find((item) => item.type === 'review'), { timeout: 10_000 }).toBeDefined();
    const pushed = socketA.items.find((item) => item.type === 'review')!;
    expect(pushed).toMatchObject({ user: { id: b.userId, username: b.username }, content: { movieTitle: 'Mad Max: Fury Road', entityKey: 'movie:mad-max-fury-road-2015', rating: 5 } });
    // The feed read afterwards holds the same item.
    const feed = (await a.send('GET', '/api/activity/feed')).body as { items: ActivityItem[] };
    expect(feed.items).toContainEqual(pushed);

    // Everything B did so far has reached A (the review and the badge it earned); then A unfollows,
    // which moves A's sockets (this one and one opened later) out of B's feed room.
    await settle(node);
    expect(socketA.items.map((item) => item.type).sort()).toEqual(['badge', 'review']);
    const laterA = await client(node.url, a.cookie);
    await settle(node);
    expect((await a.send('DELETE', `/api/users/unfollow/${b.userId}`)).status).toBe(200);
    expect((await b.send('POST', '/api/watchlist', { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13' })).status).toBe(201);
    // C follows B now: C sees the watchlist item, A (unfollowed) does not.
    await settle(node);
    expect((await c.send('POST', '/api/users/follow', { userId: b.userId })).status).toBe(200);
    expect((await b.send('POST', '/api/reviews', review('apollo-13-1995'))).status).toBe(201);
    await expect.poll(() => socketC.items.filter((item) => item.type === 'review').length, { timeout: 10_000 }).toBe(1);
    await settle(node);
    expect(socketA.items.map((item) => item.type).sort()).toEqual(['badge', 'review']);
    expect(laterA.items).toEqual([]);
    expect(anonymous.items).toEqual([]);
    // C received nothing from before its follow, and nothing of anyone else (A's follow of B is A's item: C does not follow A).
    expect(socketC.items.every((item) => item.user.id === b.userId)).toBe(true);
    expect(socketC.items.map((item) => item.content.movieTitle)).not.toContain('Mad Max: Fury Road');
  });

  it('a socket that connects after the follow joins the feed room at connect', async () => {
    const node = servers[0]!;
    const [a, b] = [await member(node.url, 'ana'), await member(node.url, 'ben')];
    expect((await a.send('POST', '/api/users/follow', { userId: b.userId })).status).toBe(200);
    const socketA = await client(node.url, a.cookie);
    await settle(node);
    expect((await b.send('POST', '/api/reviews', review('apollo-13-1995'))).status).toBe(201);
    await expect.poll(() => socketA.items.find((item) => item.type === 'review')?.user.id, { timeout: 10_000 }).toBe(b.userId);
  });
});

const shared = { redis: process.env.REDIS_URL, database: process.env.DATABASE_URL };
describe.runIf(shared.redis && shared.database)('live activity on two app processes over Redis', () => {
  const schema = `test_${uniqueSuffix()}`;
  afterAll(async () => {
    await dropSchema(shared.database!, schema);
  });

  it('a follow on one process moves the follower’s socket on the other; the item written on either reaches it', async () => {
    // One session secret: a session started on either process is good on both (as behind a load balancer).
    const env = { REDIS_URL: shared.redis!, DATABASE_URL: shared.database!, DATABASE_SCHEMA: schema, SESSION_SECRET: `feed-two-nodes-${'s'.repeat(32)}` };
    const prefix = `test:${uniqueSuffix()}:`;
    const nodeA = await server(env, prefix);
    const nodeB = await server(env, prefix);
    expect([nodeA.shared.driver, nodeB.shared.driver]).toEqual(['redis', 'redis']);
    const [ana, ben, cy] = [await member(nodeA.url, 'ana'), await member(nodeB.url, 'ben'), await member(nodeB.url, 'cy')];
    // Ana's socket is on A; she follows Ben through B; Ben writes through B.
    const socketAna = await client(nodeA.url, ana.cookie);
    const socketCy = await client(nodeA.url, cy.cookie);
    expect((await ana.send('POST', '/api/users/follow', { userId: ben.userId }, nodeB.url)).status).toBe(200);
    await settle(nodeB);
    expect((await ben.send('POST', '/api/reviews', review('mad-max-fury-road-2015'), nodeB.url)).status).toBe(201);
    await expect.poll(() => socketAna.items.find((item) => item.type === 'review')?.user.id, { timeout: 10_000 }).toBe(ben.userId);
    await expect.poll(() => socketAna.items.length, { timeout: 10_000 }).toBe(2);
    // Unfollowed through B: Ana's socket on A leaves the room.
    expect((await ana.send('DELETE', `/api/users/unfollow/${ben.userId}`, undefined, nodeB.url)).status).toBe(200);
    await settle(nodeB);
    expect((await ben.send('POST', '/api/watchlist', { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13' }, nodeA.url)).status).toBe(201);
    await Promise.all([settle(nodeA), settle(nodeB)]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The review and the badge it earned; nothing after the unfollow.
    expect(socketAna.items.map((item) => item.type).sort()).toEqual(['badge', 'review']);
    expect(socketCy.items).toEqual([]);
  });
});
