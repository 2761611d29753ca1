/**
 * Losing Redis for real, under load: two app processes (from source, as `npm run dev` runs them) on
 * one PostgreSQL schema and one private redis-server without persistence, with mixed traffic on both
 * (boards, ranks, challenge stats, sign-ins, searches, race reads and creations...) and a race between
 * a player on each process. Redis is stopped for 15 s, started again empty, then frozen (SIGSTOP) for
 * 15 s. Throughout: no answer is a 5xx, every request and race command is answered within 1 s, the
 * race outlives the empty restart and finishes once Redis is back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CSRF_HEADER,
  ChallengeStatsSchema,
  EVENTS,
  HealthSchema,
  LeaderboardSchema,
  RaceStateSchema,
  UserRankSchema,
  type Ack,
  type ClientToServerEvents,
  type RaceMoveOutcome,
  type RaceState,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { RaceRules } from './features/challenges/races/pairs.js';
import { loadSnapshot } from './graph/index.js';
import { snapshotPath } from './ingest/pipeline.js';
import { TEST_PASSWORD } from './test-support/accounts.js';
import { freePort, hasRedisServer, startRedis, stopRedis } from './test-support/private-redis.js';
import { dropSchema, uniqueSuffix } from './test-support/targets.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const root = fileURLToPath(new URL('../../', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL;
const ADMIN = { username: 'outage_admin', password: 'outage-admin-password' };
/** How long each outage lasts (the finding: 15 s of a frozen Redis left sign-ins unanswered for 12 s and more). */
const OUTAGE_MS = 15_000;
/** The answer time every request and race command must meet, outages included. */
const ANSWER_WITHIN_MS = 1_000;
/** One request of the mixed load is sent this often, whatever the earlier ones are doing. */
const LOAD_INTERVAL_MS = 40;

type Phase = 'before' | 'stopped' | 'restarted' | 'frozen' | 'after';
interface Answer {
  kind: string;
  app: string;
  /** The phase it was sent in. */
  phase: Phase;
  /** The phase its answer came in: one sent just before Redis came back may be answered live. */
  answeredIn: Phase;
  status: number;
  ms: number;
  body?: unknown;
  error?: string;
}

const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

describe.runIf(hasRedisServer && DATABASE_URL)('two app processes while Redis stops, restarts empty and freezes', () => {
  const schema = `outages_${uniqueSuffix()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-outages-'));
  const apps: Array<{ name: string; child: ChildProcess; url: string; output: () => string }> = [];
  const sockets: Client[] = [];
  let redis: ChildProcess | undefined;
  let redisPort = 0;

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(
      apps.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    if (redis && redis.exitCode === null && redis.signalCode === null) {
      redis.kill('SIGCONT');
      await stopRedis(redis);
    }
    await dropSchema(DATABASE_URL!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An app process from source, on the shared schema, DATA_DIR and Redis; resolves once it answers. */
  async function startApp(name: string) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'backend/src/index.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_KEY_PREFIX: `outages:${schema}:`,
        LOG_LEVEL: 'warn',
        // The limits stay on (every request counts in Redis), high enough for this load from one address.
        RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
        FIND_CONNECTION_RATE_LIMIT: '100000',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_SECRET: 'outages-session-secret-long-enough-for-signing',
      },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`${name} exited: ${output}`);
          return fetch(`${url}/api/health`).then((res) => res.status, () => 0);
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(200);
    const app = { name, child, url, output: () => output };
    apps.push(app);
    return app;
  }

  /** A session: its cookie and CSRF token (anonymous until signed in). */
  async function session(url: string, cookie?: string) {
    const res = await fetch(`${url}/api/auth/csrf`, { headers: cookie ? { cookie } : {} });
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return { cookie: cookie ?? res.headers.getSetCookie()[0]!.split(';')[0]!, csrfToken };
  }

  async function register(url: string, name: string) {
    const anonymous = await session(url);
    const username = `${name}_${uniqueSuffix()}`;
    const res = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: anonymous.cookie, [CSRF_HEADER]: anonymous.csrfToken },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    const { id } = (await res.json()) as { id: number };
    return { username, userId: id, ...(await session(url, cookie)) };
  }

  async function signIn(url: string, username: string, password: string) {
    const anonymous = await session(url);
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: anonymous.cookie, [CSRF_HEADER]: anonymous.csrfToken },
      body: JSON.stringify({ username, password }),
    });
    expect(res.status).toBe(200);
    return session(url, res.headers.getSetCookie()[0]!.split(';')[0]!);
  }

  /** A connected socket and every race state it receives. */
  async function raceClient(url: string, cookie: string) {
    const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
    sockets.push(socket);
    const states: RaceState[] = [];
    socket.on(EVENTS.raceState, (state) => states.push(RaceStateSchema.parse(state)));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, states };
  }

  it('answers every request within 1 s and never with a 5xx, and the race outlives the restart and finishes', { timeout: 240_000 }, async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    // One after the other: the first migrates the schema and imports the starter catalog.
    const a = await startApp('A');
    const b = await startApp('B');
    const both = [a, b];

    const [host, guest, reader] = [await register(a.url, 'host'), await register(b.url, 'guest'), await register(a.url, 'reader')];
    const admin = await signIn(a.url, ADMIN.username, ADMIN.password);
    // Registration pays the day's login point: the boards have players before Redis goes.
    await expect
      .poll(async () => LeaderboardSchema.parse(await (await fetch(`${a.url}/api/leaderboards/global?limit=10`)).json()).total, { timeout: 15_000, interval: 200 })
      .toBeGreaterThanOrEqual(3);

    // The race: hosted on A, the guest plays through B.
    const created = await fetch(`${a.url}/api/challenges/races`, { method: 'POST', headers: { cookie: host.cookie, [CSRF_HEADER]: host.csrfToken } });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };
    const hostClient = await raceClient(a.url, host.cookie);
    const guestClient = await raceClient(b.url, guest.cookie);

    /** Race commands, each timed: every one is answered within 1 s, outages included. */
    const commandTimes: Array<{ phase: Phase; event: string; ms: number }> = [];
    let phase: Phase = 'before';
    async function send<T>(client: { socket: Client }, event: string, payload: unknown): Promise<T> {
      const started = performance.now();
      // Any command by name: the typed socket's events are checked where the test names them.
      const ack = (await (client.socket as unknown as Socket).timeout(5_000).emitWithAck(event, payload)) as Ack<T>;
      commandTimes.push({ phase, event, ms: performance.now() - started });
      if (!ack.ok) throw new Error(`${event} refused in phase ${phase}: ${JSON.stringify(ack.error)}`);
      return ack.data;
    }
    await send(hostClient, EVENTS.raceJoin, { code, as: 'player' });
    await send(guestClient, EVENTS.raceJoin, { code, as: 'player' });
    const started = await send<RaceState>(hostClient, EVENTS.raceStart, { code });
    const rules = new RaceRules(await loadSnapshot(snapshotPath(dataDir)));
    const chain = rules.optimal({ from: started.fromEntity!.key, to: started.toEntity!.key, par: started.par! }, 1).chains[0]!;
    expect(chain.length).toBeGreaterThanOrEqual(3);
    await until(started.startsAt! + 50);
    const move = (client: { socket: Client }, entity: string) => send<RaceMoveOutcome>(client, EVENTS.raceMove, { code, entity });
    /** What each player does while Redis is away: takes back the first link and plays it again, then a refused pick. */
    const playDuringOutage = async () => {
      for (const client of [hostClient, guestClient]) {
        expect((await send<RaceMoveOutcome>(client, EVENTS.raceUndo, { code })).chain).toHaveLength(1);
        expect((await move(client, chain[1]!)).accepted).toBe(true);
        expect(await move(client, chain[0]!)).toMatchObject({ accepted: false, reason: 'Already in your chain' });
      }
    };
    for (const client of [hostClient, guestClient]) expect((await move(client, chain[1]!)).accepted).toBe(true);

    // The mixed load: one request every LOAD_INTERVAL_MS, alternating the apps, never waiting for the earlier ones.
    const answers: Answer[] = [];
    const pending = new Set<Promise<void>>();
    const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const kinds: Array<{ kind: string; request: (url: string) => Promise<Response> }> = [
      { kind: 'board-global', request: (url) => fetch(`${url}/api/leaderboards/global?limit=10`) },
      { kind: 'board-weekly', request: (url) => fetch(`${url}/api/leaderboards/weekly`) },
      { kind: 'board-challenges', request: (url) => fetch(`${url}/api/leaderboards/challenges`) },
      { kind: 'rank', request: (url) => fetch(`${url}/api/users/me/rank`, { headers: { cookie: reader.cookie } }) },
      { kind: 'challenge-stats', request: (url) => fetch(`${url}/api/users/me/challenge-stats`, { headers: { cookie: reader.cookie } }) },
      {
        kind: 'sign-in',
        request: async (url) => {
          const anonymous = await session(url);
          const body = JSON.stringify({ username: reader.username, password: TEST_PASSWORD });
          return fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: anonymous.cookie, [CSRF_HEADER]: anonymous.csrfToken }, body });
        },
      },
      { kind: 'trending', request: (url) => fetch(`${url}/api/trending`) },
      { kind: 'health', request: (url) => fetch(`${url}/api/health`) },
      { kind: 'typeahead', request: (url) => fetch(`${url}/api/search?q=tom`) },
      { kind: 'find-connection', request: (url) => fetch(`${url}/api/find-connection`, json({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } })) },
      { kind: 'entity', request: (url) => fetch(`${url}/api/entity/person/tom-hanks`) },
      { kind: 'race-read', request: (url) => fetch(`${url}/api/challenges/races/${code}`) },
      { kind: 'race-create', request: (url) => fetch(`${url}/api/challenges/races`, { method: 'POST', headers: { cookie: reader.cookie, [CSRF_HEADER]: reader.csrfToken } }) },
    ];
    let sent = 0;
    const fire = () => {
      const { kind, request } = kinds[sent % kinds.length]!;
      // An odd number of kinds: each kind goes to A and B in turn.
      const app = both[sent % 2]!;
      sent += 1;
      const at = phase;
      const begun = performance.now();
      const done = request(app.url)
        .then(async (res) => {
          const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
          answers.push({ kind, app: app.name, phase: at, answeredIn: phase, status: res.status, ms: performance.now() - begun, body });
        })
        .catch((error: unknown) => {
          answers.push({ kind, app: app.name, phase: at, answeredIn: phase, status: 0, ms: performance.now() - begun, error: String(error) });
        });
      const tracked = done.finally(() => pending.delete(tracked));
      pending.add(tracked);
    };
    // Warm: each kind once on each app (first calls compile and fill caches, which is not what this measures).
    for (const app of both) for (const { request } of kinds) expect((await request(app.url)).status).toBeLessThan(300);
    const load = setInterval(fire, LOAD_INTERVAL_MS);

    try {
      // Every kind answered live on both apps: each has its last rows to fall back on.
      await expect.poll(() => new Set(answers.filter((x) => x.status < 300).map((x) => `${x.kind}@${x.app}`)).size, { timeout: 30_000, interval: 100 }).toBe(kinds.length * 2);

      // 1. Redis stopped for 15 s.
      await stopRedis(redis);
      phase = 'stopped';
      const stoppedAt = Date.now();
      await playDuringOutage();
      const clearWhileStopped = await timedFetch(`${a.url}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken } });
      expect(clearWhileStopped.status).toBe(503);
      expect(clearWhileStopped.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: expect.any(Object) });
      expect(clearWhileStopped.ms).toBeLessThan(ANSWER_WITHIN_MS);
      const beforeRestart = RaceStateSchema.parse((await timedFetch(`${b.url}/api/challenges/races/${code}`)).body);
      await until(stoppedAt + OUTAGE_MS);

      // 2. Started again without persistence: Redis is empty, the race is not.
      // The phase moves first: what is sent while Redis starts may already be answered live.
      phase = 'restarted';
      redis = await startRedis(redisPort);
      for (const app of both) {
        await expect.poll(async () => HealthSchema.parse(await (await fetch(`${app.url}/api/health`)).json()).cache.status, { timeout: 15_000, interval: 100 }).toBe('up');
      }
      for (const app of both) {
        const after = RaceStateSchema.parse((await timedFetch(`${app.url}/api/challenges/races/${code}`)).body);
        expect(after).toMatchObject({ code, status: 'racing', version: beforeRestart.version, startsAt: started.startsAt, endsAt: started.endsAt });
        expect(after.players.map((p) => [p.userId, p.links, p.moves])).toEqual(beforeRestart.players.map((p) => [p.userId, p.links, p.moves]));
      }
      for (const client of [hostClient, guestClient]) {
        const resynced = await send<{ state: RaceState; chain: RaceMoveOutcome }>(client, EVENTS.raceResync, { code });
        expect(resynced.chain.chain.map((step) => step.entity.key)).toEqual(chain.slice(0, 2));
      }
      // The boards went with Redis's data: they are rebuilt from the ledger, and each app reads them whole again.
      const restartedAt = answers.length;
      const latest = (kind: string, app: string) => answers.slice(restartedAt).findLast((x) => x.kind === kind && x.app === app && x.status === 200)?.body;
      const boardsBack = () =>
        both.every((app) => {
          const board = LeaderboardSchema.optional().parse(latest('board-global', app.name));
          const rank = UserRankSchema.optional().parse(latest('rank', app.name));
          return board !== undefined && !board.degraded && board.rows.length >= 3 && rank !== undefined && !rank.degraded && rank.globalRank !== null;
        });
      await expect.poll(boardsBack, { timeout: 20_000, interval: 100 }).toBe(true).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${JSON.stringify(both.map((app) => [latest('board-global', app.name), latest('rank', app.name)]))}\nA:${a.output().slice(-3000)}\nB:${b.output().slice(-3000)}`);
      });

      // 3. Frozen for 15 s: connections stay open, nothing answers.
      redis.kill('SIGSTOP');
      phase = 'frozen';
      const frozenAt = Date.now();
      await playDuringOutage();
      const clearWhileFrozen = await timedFetch(`${a.url}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken } });
      expect(clearWhileFrozen.status).toBe(503);
      expect(clearWhileFrozen.ms).toBeLessThan(ANSWER_WITHIN_MS);
      await until(frozenAt + OUTAGE_MS);
      phase = 'after';
      redis.kill('SIGCONT');
      for (const app of both) {
        await expect.poll(async () => HealthSchema.parse(await (await fetch(`${app.url}/api/health`)).json()).cache.status, { timeout: 15_000, interval: 100 }).toBe('up');
      }

      // 4. The race finishes: both solve, and each player's socket hears it, across the processes again.
      for (const client of [hostClient, guestClient]) {
        let outcome: RaceMoveOutcome | undefined;
        for (const entity of chain.slice(2)) outcome = await move(client, entity);
        expect(outcome).toMatchObject({ accepted: true, status: 'solved' });
      }
      for (const client of [hostClient, guestClient]) {
        await expect.poll(() => client.states.find((state) => state.status === 'finished'), { timeout: 10_000, interval: 50 }).toBeDefined();
      }
      const finished = RaceStateSchema.parse((await timedFetch(`${b.url}/api/challenges/races/${code}`)).body);
      expect(finished.status).toBe('finished');
      expect(finished.players.map((p) => p.status)).toEqual(['solved', 'solved']);
      expect(finished.players.map((p) => p.rank).sort()).toEqual([1, 2]);
      // Redis answers again: the cache can be cleared, and the boards and ranks are live on both apps.
      await expect
        .poll(async () => (await timedFetch(`${a.url}/api/admin/clear-cache`, { method: 'POST', headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken } })).status, { timeout: 5_000, interval: 100 })
        .toBe(200);
      const live = (x: Answer) => x.phase === 'after' && x.status === 200 && !(x.body as { degraded?: boolean }).degraded;
      const liveKinds = ['board-global', 'board-weekly', 'board-challenges', 'rank', 'challenge-stats'];
      const missing = () => liveKinds.flatMap((kind) => both.filter((app) => !answers.some((x) => live(x) && x.kind === kind && x.app === app.name)).map((app) => `${kind}@${app.name}`));
      await expect.poll(missing, { timeout: 15_000, interval: 100 }).toEqual([]);
    } finally {
      clearInterval(load);
      await Promise.all(pending);
    }

    // What the load met, per phase (docs/storage.md, "Losing Redis", quotes a run of it).
    const table = (['before', 'stopped', 'restarted', 'frozen', 'after'] as Phase[]).map((p) => {
      const inPhase = answers.filter((x) => x.phase === p);
      const times = inPhase.map((x) => x.ms).sort((x, y) => x - y);
      return {
        phase: p,
        requests: inPhase.length,
        '5xx': inPhase.filter((x) => x.status >= 500).length,
        unanswered: inPhase.filter((x) => x.status === 0).length,
        'p99 ms': Math.round(times[Math.floor(times.length * 0.99)] ?? 0),
        'max ms': Math.round(times.at(-1) ?? 0),
        slowest: [...inPhase].sort((x, y) => y.ms - x.ms).slice(0, 3).map((x) => `${x.kind}@${x.app}`).join(', '),
        'race command max ms': Math.round(Math.max(0, ...commandTimes.filter((c) => c.phase === p).map((c) => c.ms))),
      };
    });
    console.table(table);

    expect(answers.filter((x) => x.status === 0 || x.status >= 500).map((x) => `${x.kind}@${x.app} in ${x.phase}: ${x.status} ${x.error ?? JSON.stringify(x.body)}`)).toEqual([]);
    expect(answers.filter((x) => x.ms >= ANSWER_WITHIN_MS).map((x) => `${x.kind}@${x.app} in ${x.phase}: ${Math.round(x.ms)} ms`)).toEqual([]);
    expect(commandTimes.filter((c) => c.ms >= ANSWER_WITHIN_MS).map((c) => `${c.event} in ${c.phase}: ${Math.round(c.ms)} ms`)).toEqual([]);
    for (const p of ['stopped', 'frozen'] as Phase[]) {
      const during = answers.filter((x) => x.phase === p);
      expect(during.length, p).toBeGreaterThan((OUTAGE_MS / LOAD_INTERVAL_MS) * 0.5);
      // Every kind of request kept being answered, sign-ins among them.
      for (const { kind } of kinds) expect(during.filter((x) => x.kind === kind && x.status < 400).length, `${kind} while ${p}`).toBeGreaterThan(0);
      // Boards and ranks answer what each app last read, and say so (while Redis is still away when the answer comes).
      const whileAway = during.filter((x) => x.answeredIn === p);
      for (const x of whileAway.filter((each) => each.kind.startsWith('board-'))) {
        const board = LeaderboardSchema.parse(x.body);
        expect(board.degraded, `${x.kind}@${x.app}`).toBe(true);
        if (x.kind === 'board-global') expect(board.rows.length, `${x.kind}@${x.app}`).toBeGreaterThanOrEqual(3);
      }
      for (const x of whileAway.filter((each) => each.kind === 'rank')) expect(UserRankSchema.parse(x.body)).toMatchObject({ degraded: true, globalRank: expect.any(Number) });
      for (const x of whileAway.filter((each) => each.kind === 'challenge-stats')) expect(ChallengeStatsSchema.parse(x.body).degraded).toBe(true);
    }
    // Neither app fell over.
    for (const app of both) expect(app.child.exitCode, app.output()).toBeNull();
  });
});

/** A request, its status, JSON body and time. */
async function timedFetch(url: string, init?: RequestInit): Promise<{ status: number; body: unknown; ms: number }> {
  const begun = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  const body: unknown = await res.json();
  return { status: res.status, body, ms: performance.now() - begun };
}
