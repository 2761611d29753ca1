import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AttemptStateSchema,
  ChallengeListSchema,
  DailyChallengeSchema,
  EVENTS,
  MoveOutcomeSchema,
  parseEntityKey,
  type AttemptState,
  type ClientToServerEvents,
  type DailyChallenge,
  type SearchFailed,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { createLogger } from '../../platform/logging.js';
import { createRealtime, type RealtimeServer } from '../../platform/realtime.js';
import { anonymousClient, apiClient, createTestUser, signedInClient, TEST_PASSWORD, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';
import { registerSearchEvents } from './socket.js';

/** A Wednesday, noon UTC: the games' clock for the whole suite (moved by the time-out test). */
const TODAY = '2026-11-25';
const NOON = Date.parse(`${TODAY}T12:00:00.000Z`);
const REFUSED = { code: 'CHALLENGE_IN_PROGRESS', message: 'Finish or give up your challenge first: the engine will not solve it for you.' };

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Issue 25, rule 3: the engine cannot be used to score. While a signed-in player holds an open
 * attempt (daily, weekly, list) or plays in an unfinished race, every search between that
 * challenge's two ends by that account (session or API key) is refused — cached answers too.
 */
/** One cache is enough (the refusal comes before any cache): Redis when the run has it, as in production. */
const target = sharedStateTargets().at(-1)!;

describe(`the engine refuses to solve an open challenge for its player (${target.name} cache)`, () => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  let daily: DailyChallenge;

  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await target.open();
    t = await openTestApp({ database, shared, findLimit: 10_000 });
    t.clock.set(NOON);
    daily = DailyChallengeSchema.parse((await request(t.app).get('/api/challenges/daily').expect(200)).body);
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  const player = async (): Promise<{ client: ApiClient; userId: number; username: string }> => {
    const { user, username } = await createTestUser(t.users);
    return { client: await signedInClient(t.app, username), userId: user.id, username };
  };
  const start = async (client: ApiClient, challengeId: string) => AttemptStateSchema.parse((await client.send('post', `/api/challenges/${challengeId}/attempts`, {}).expect(201)).body);
  /** Every way the API searches a pair, with `client`'s credentials; the statuses answered. */
  const searchEveryWay = async (client: ApiClient, from: string, to: string): Promise<Record<string, number>> => {
    const [fromEntity, toEntity] = [parseEntityKey(from)!, parseEntityKey(to)!];
    const answers = {
      find: await client.send('post', '/api/connections/find', { fromEntityId: from, toEntityId: to }),
      findMaxDegrees: await client.send('post', '/api/connections/find', { fromEntityId: ` ${from} `, toEntityId: to, maxDegrees: 8 }),
      findConnection: await client.send('post', '/api/find-connection', { fromEntity, toEntity }),
      findConnectionParameters: await client.send('post', '/api/find-connection', {
        fromEntity: { ...fromEntity, name: 'whatever' },
        toEntity,
        parameters: { maxDegrees: 7, includeObscureConnections: true, weightByPopularity: false },
      }),
      alternatives: await client.send('post', '/api/connections/alternatives', { fromEntity, toEntity, limit: 3 }),
      preview: await client.send('get', `/api/share/preview.png?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    };
    for (const res of Object.values(answers)) if (res.status === 409) expect(res.body).toEqual({ ...REFUSED, details: {} });
    return Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.status]));
  };
  const all = (status: number) => ({ find: status, findMaxDegrees: status, findConnection: status, findConnectionParameters: status, alternatives: status, preview: status });

  it('refuses the daily player every search between its ends, both ways, by session and API key, cached or not; others and other pairs are answered', async () => {
    const { from, to } = { from: daily.fromEntity.key, to: daily.toEntity.key };
    // Anybody's earlier searches put the answers in the caches (search cache, preview caches).
    expect(await searchEveryWay(await anonymousClient(t.app), from, to)).toEqual(all(200));
    expect(await searchEveryWay(await anonymousClient(t.app), to, from)).toEqual(all(200));

    const ana = await player();
    const key = await t.apiKeys.create(ana.userId, 'solver');
    const attempt = await start(ana.client, daily.id);
    expect(await searchEveryWay(ana.client, from, to)).toEqual(all(409));
    expect(await searchEveryWay(ana.client, to, from)).toEqual(all(409));
    const bot = apiClient(t.app, { apiKey: key.key });
    expect(await searchEveryWay(bot, from, to)).toEqual(all(409));
    expect(await searchEveryWay(bot, to, from)).toEqual(all(409));

    // Any other pair is hers to search; the same pair is anyone else's.
    expect((await ana.client.send('post', '/api/connections/find', { fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks' })).status).toBe(200);
    expect((await ana.client.send('post', '/api/connections/find', { fromEntityId: from, toEntityId: 'person:tom-hanks' })).status).toBe(200);
    expect(await searchEveryWay((await player()).client, from, to)).toEqual(all(200));
    expect(await searchEveryWay(await anonymousClient(t.app), to, from)).toEqual(all(200));

    // Trending shows the pair's chain to everybody but her.
    await t.events.settled();
    const trendingPairs = async (client: ApiClient) =>
      ((await client.send('get', '/api/trending').expect(200)).body as { connections: Array<{ fromEntity: { key: string }; toEntity: { key: string } }> }).connections
        .map((row) => [row.fromEntity.key, row.toEntity.key].sort().join('|'))
        .filter((pair) => pair === [from, to].sort().join('|'));
    expect((await trendingPairs(await anonymousClient(t.app))).length).toBeGreaterThan(0);
    expect(await trendingPairs(ana.client)).toEqual([]);
    expect(await trendingPairs(bot)).toEqual([]);

    // Given up (the answer revealed): the engine answers her again.
    await ana.client.send('post', `/api/challenges/attempts/${attempt.attemptId}/give-up`, { version: attempt.version }).expect(200);
    expect(await searchEveryWay(ana.client, from, to)).toEqual(all(200));
    expect(await searchEveryWay(bot, to, from)).toEqual(all(200));
    expect((await trendingPairs(ana.client)).length).toBeGreaterThan(0);
  });

  it('answers the player again once the daily is solved link by link', async () => {
    // An optimal chain, as somebody else's give-up reveals it.
    const helper = await player();
    const given = await start(helper.client, daily.id);
    const revealed = AttemptStateSchema.parse((await helper.client.send('post', `/api/challenges/attempts/${given.attemptId}/give-up`, { version: given.version }).expect(200)).body);
    const chain = revealed.result!.reveal.chains[0]!.path.map((step) => step.entity.key);

    const ben = await player();
    let attempt: AttemptState = await start(ben.client, daily.id);
    expect(await searchEveryWay(ben.client, daily.toEntity.key, daily.fromEntity.key)).toEqual(all(409));
    for (const key of chain.slice(1)) {
      const outcome = MoveOutcomeSchema.parse((await ben.client.send('post', `/api/challenges/attempts/${attempt.attemptId}/moves`, { entity: key, version: attempt.version }).expect(200)).body);
      expect(outcome.accepted).toBe(true);
      attempt = outcome.attempt;
    }
    expect(attempt.status).toBe('solved');
    expect(await searchEveryWay(ben.client, daily.fromEntity.key, daily.toEntity.key)).toEqual(all(200));
  });

  it('refuses during a list challenge’s attempt until its clock runs out', async () => {
    const cho = await player();
    const list = ChallengeListSchema.parse((await cho.client.send('get', '/api/challenges').expect(200)).body);
    const challenge = list.challenges.find((each) => each.type === 'speed')!;
    const attempt = await start(cho.client, challenge.id);
    expect(await searchEveryWay(cho.client, challenge.fromEntity.key, challenge.toEntity.key)).toEqual(all(409));
    // Past its end the attempt is timed out (the answer is revealed): nothing left to protect.
    t.clock.advance(Date.parse(attempt.endsAt) - t.clock.now() + 1);
    try {
      expect(await searchEveryWay(cho.client, challenge.toEntity.key, challenge.fromEntity.key)).toEqual(all(200));
    } finally {
      t.clock.set(NOON);
    }
  });

  it('refuses a race’s players between its ends until the race has finished; spectators and others are answered', async () => {
    const [host, guest, outsider] = await Promise.all([player(), player(), player()]);
    const races = t.services.races;
    const { code } = await races.create({ userId: host.userId, displayName: host.username });
    await races.join(code, { socketId: 'host-socket', userId: host.userId, displayName: host.username }, 'player');
    await races.join(code, { socketId: 'guest-socket', userId: guest.userId, displayName: guest.username }, 'player');
    await races.join(code, { socketId: 'outsider-socket', userId: outsider.userId, displayName: outsider.username }, 'spectator');
    // In the lobby there is no pair yet: nothing to refuse.
    expect((await host.client.send('post', '/api/connections/find', { fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks' })).status).toBe(200);
    const countdown = await races.start(code, host.userId);
    expect(countdown.status).toBe('countdown');
    const [from, to] = [countdown.fromEntity!.key, countdown.toEntity!.key];
    expect(await searchEveryWay(host.client, from, to)).toEqual(all(409));
    expect(await searchEveryWay(guest.client, to, from)).toEqual(all(409));
    expect(await searchEveryWay(outsider.client, from, to)).toEqual(all(200));

    await expect.poll(async () => (await races.get(code)).status, { timeout: 15_000, interval: 200 }).toBe('racing');
    expect(await searchEveryWay(guest.client, from, to)).toEqual(all(409));
    // The host gives up: the race goes on for the guest, so it is still refused to both.
    await races.giveUp(code, host.userId);
    expect(await searchEveryWay(host.client, to, from)).toEqual(all(409));
    await races.giveUp(code, guest.userId);
    expect((await races.get(code)).status).toBe('finished');
    expect(await searchEveryWay(host.client, from, to)).toEqual(all(200));
    expect(await searchEveryWay(guest.client, to, from)).toEqual(all(200));
  });

  describe('live search over Socket.IO', () => {
    let http: Server;
    let io: RealtimeServer;
    let url: string;
    const logger = createLogger('silent');
    const sockets: Client[] = [];
    beforeAll(async () => {
      http = createServer(t.app);
      io = await createRealtime(http, {
        logger,
        shared,
        features: [registerSearchEvents({ service: t.connections, logger, findLimiter: t.findLimiter })],
        handshake: t.auth.handshake as never,
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });

    /** A socket signed in as `username` (its session cookie), or anonymous. */
    const socketOf = async (username?: string): Promise<Client> => {
      let cookie: string | undefined;
      if (username) {
        const client = await anonymousClient(url);
        const res = await client.send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(200);
        cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((each) => each.split(';')[0]).join('; ');
      }
      const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    };
    /** Starts a live search and answers how it ended: the result's degrees, or the failure. */
    const liveSearch = async (socket: Client, from: string, to: string) => {
      const ended = new Promise<{ completed: number | null } | { failed: SearchFailed['error'] }>((resolve) => {
        socket.once(EVENTS.searchCompleted, ({ result }) => resolve({ completed: result.degrees }));
        socket.once(EVENTS.searchFailed, ({ error }) => resolve({ failed: error }));
      });
      const ack = await socket.emitWithAck(EVENTS.searchStart, { fromEntity: parseEntityKey(from)!, toEntity: parseEntityKey(to)! });
      expect(ack.ok).toBe(true);
      return ended;
    };

    it('refuses the player’s live search between the daily’s ends on its error event; others search it', async () => {
      const dee = await player();
      const attempt = await start(dee.client, daily.id);
      const mine = await socketOf(dee.username);
      expect(await liveSearch(mine, daily.fromEntity.key, daily.toEntity.key)).toEqual({ failed: { ...REFUSED, details: {} } });
      expect(await liveSearch(mine, daily.toEntity.key, daily.fromEntity.key)).toEqual({ failed: { ...REFUSED, details: {} } });
      expect(await liveSearch(await socketOf(), daily.fromEntity.key, daily.toEntity.key)).toEqual({ completed: expect.any(Number) });
      expect(await liveSearch(await socketOf((await player()).username), daily.fromEntity.key, daily.toEntity.key)).toEqual({ completed: expect.any(Number) });

      await dee.client.send('post', `/api/challenges/attempts/${attempt.attemptId}/give-up`, { version: attempt.version }).expect(200);
      expect(await liveSearch(mine, daily.fromEntity.key, daily.toEntity.key)).toEqual({ completed: expect.any(Number) });
    });
  });
});
