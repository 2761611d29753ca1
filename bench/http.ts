/**
 * HTTP and socket benchmark of the real server on loopback (issue 4, "bench:http"):
 *
 * 1. Imports TMDB 5000 (../shared/data/tmdb-5000) into a temp DATA_DIR through the real pipeline
 *    (runImport → source files, entity details in the embedded PostgreSQL, graph snapshot); without those files it
 *    falls back to the starter catalog and says so.
 * 2. Starts the server (startServer + loadConfig, every rate limit set to 0 = off) and an Express 5
 *    hello-world app, each in its own child process (bench/http-server.ts), so neither shares an event
 *    loop with the load generator. The server child reports its event-loop delay and CPU over IPC.
 * 3. autocannon, in this process:
 *    a. POST /api/find-connection, one warmed pair (every request a cache hit) vs GET / on the
 *       hello-world app, interleaved rounds, best round of each → ratio (target ≥ 0.7×);
 *    b. uncached person↔person searches: every request a pair of popular people never asked before
 *       (checked: no response says cached) → req/s and p99;
 *    c. a soak at 200 connections mixing cache hits, misses and /api/search typeahead → 0 errors and
 *       0 5xx required; its slowest request, p99 and the server's event-loop delay max against the
 *       issue-9 targets (met / NOT MET), and where the first requests of its 200 new connections
 *       waited (TCP connect, the server's accept queue, the server), matched by client port.
 * 4. Sockets: 1,000 socket.io clients (websocket transport) each start one live search at the same
 *    moment (all uncached, so each streams progress); all must complete. Reports the server's
 *    event-loop delay p99 during the run and the client-seen time to first progress and to completion.
 * 5. Prints a table and writes bench/results/http.json.
 *
 *   npm run bench:http            (= npx tsx bench/http.ts)
 *
 * Event-loop delay: perf_hooks.monitorEventLoopDelay in the server child at 1 ms resolution, reported
 * as delay beyond the 1 ms timer. It samples once per loop turn, so a loop that is busy for most of
 * a window yields few samples (the sample count is reported beside the socket run's p99).
 *
 * Environment: BENCH_DURATION (s per measured autocannon run, default 10), BENCH_WARMUP (s, 2),
 * BENCH_ROUNDS (hits vs hello-world rounds, 2), BENCH_CONNECTIONS (phase a, 50),
 * BENCH_MISS_CONNECTIONS (phase b, 10), BENCH_SOAK_DURATION (s, 60), BENCH_SOAK_CONNECTIONS (200),
 * BENCH_SOCKETS (1000), BENCH_SOCKET_TIMEOUT (s, 120), BENCH_PEOPLE (popular people to pair, 1500),
 * BENCH_SOAK_MIX (default hit:0.6,miss:0.2,typeahead:0.2), BENCH_SEARCH_WORKERS (server's search workers; default the server's own: cores − 1),
 * BENCH_DATA (folder with the TMDB 5000 CSVs; default ../shared/data/tmdb-5000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { subscribe as subscribeChannel, unsubscribe as unsubscribeChannel } from 'node:diagnostics_channel';
import type { Socket as NetSocket } from 'node:net';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path, { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { entityKey, type ClientToServerEvents, type SearchParametersInput, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { runImport } from '../backend/src/ingest/pipeline.js';
import { readSourceEntities } from '../backend/src/ingest/source-files.js';
import { importStarter } from '../backend/src/ingest/starter/importer.js';
import { importTmdb5000 } from '../backend/src/ingest/tmdb5000/importer.js';
import { openDatabase } from '../backend/src/platform/db/database.js';
import { createLogger } from '../backend/src/platform/logging.js';
import type { ChildMessage, ChildStats, ConnectionTimes, ParentMessage } from './http-server.js';
import { round, roundSummary, summarize, type LatencySummary } from './latency.js';
import { prng } from './seeded-random.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const env = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const duration = env('BENCH_DURATION', 10);
const warmup = env('BENCH_WARMUP', 2);
const rounds = Math.round(env('BENCH_ROUNDS', 2));
const connections = Math.round(env('BENCH_CONNECTIONS', 50));
const missConnections = Math.round(env('BENCH_MISS_CONNECTIONS', 10));
const soakDuration = env('BENCH_SOAK_DURATION', 60);
const soakConnections = Math.round(env('BENCH_SOAK_CONNECTIONS', 200));
const socketCount = Math.round(env('BENCH_SOCKETS', 1000));
const socketTimeoutMs = env('BENCH_SOCKET_TIMEOUT', 120) * 1000;
const peopleCount = Math.round(env('BENCH_PEOPLE', 1500));
/** Soak mix: shares of cache hits, uncached searches and typeahead lookups, e.g. "hit:0.6,miss:0.2,typeahead:0.2". */
const soakMix = (() => {
  const mix = { hit: 0, miss: 0, typeahead: 0 };
  for (const part of (process.env.BENCH_SOAK_MIX || 'hit:0.6,miss:0.2,typeahead:0.2').split(',')) {
    const [kind, share] = part.split(':');
    if (!kind || !(kind in mix) || !(Number(share) >= 0)) throw new Error(`BENCH_SOAK_MIX: bad part "${part}"`);
    mix[kind as keyof typeof mix] = Number(share);
  }
  const total = mix.hit + mix.miss + mix.typeahead;
  if (!(total > 0)) throw new Error('BENCH_SOAK_MIX: shares add up to 0');
  return { hit: mix.hit / total, miss: mix.miss / total, typeahead: mix.typeahead / total };
})();
/** Issue 9: under load no one waits (the soak, client-side latency and the server's event loop). */
const SOAK_TARGETS = { slowestMs: 1000, p99Ms: 250, eventLoopMaxMs: 100 };
const tmdbDir = process.env.BENCH_DATA || path.resolve(repoRoot, '../shared/data/tmdb-5000');
const MB = 1024 * 1024;

function log(message: string): void {
  process.stderr.write(`[bench:http] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------
// Child processes

class Child {
  readonly url: string;
  private constructor(
    private readonly process: ChildProcess,
    url: string,
  ) {
    this.url = url;
  }

  /** Forks bench/http-server.ts and waits for its 'ready' (or its failure). */
  static async start(label: string, args: string[], childEnv: NodeJS.ProcessEnv, timeoutMs = 180_000): Promise<Child> {
    const child = fork(join(here, 'http-server.ts'), args, {
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [])],
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(message.url);
        } else if (message.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(`${label} failed to start: ${message.message}`));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${label} exited with ${code} before it was ready`));
      });
    }).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    });
    return new Child(child, url);
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  private send(message: ParentMessage): void {
    if (this.process.connected) this.process.send(message);
  }

  /** Starts a measurement window (event-loop delay histogram reset, CPU mark). */
  measure(): void {
    this.send({ type: 'measure' });
  }

  async stats(): Promise<ChildStats> {
    const reply = new Promise<ChildStats>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no stats from the server child')), 10_000);
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'stats') return;
        clearTimeout(timer);
        this.process.off('message', onMessage);
        resolve(message);
      };
      this.process.on('message', onMessage);
    });
    this.send({ type: 'stats' });
    return reply;
  }

  /** Asks it to close, then kills it if it has not exited within 15 s. */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = once(this.process, 'exit');
    this.send({ type: 'stop' });
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// autocannon

interface LoadRun {
  title: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  server?: ChildStats;
  clientEventLoopDelayMs: { p99: number; max: number };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function load(title: string, options: autocannon.Options, server?: Child): Promise<LoadRun> {
  // autocannon stops with requests in flight; let the server finish them before the next window.
  await sleep(1000);
  server?.measure();
  // The load generator's own event-loop delay: its stalls show up as latency too.
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const result = await autocannon({ ...options, title });
  clientLoop.disable();
  const stats = server ? await server.stats() : undefined;
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count ?? 0;
  return {
    title,
    connections: result.connections,
    durationSeconds: result.duration,
    requests: result.requests.total,
    // Completed responses over the run's wall time (autocannon's own average is per-second samples).
    requestsPerSecond: round(result.requests.total / result.duration),
    latencyMs: { mean: round(result.latency.mean), p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    server: stats,
    clientEventLoopDelayMs: { p99: round(Math.max(0, clientLoop.percentile(99) / 1e6 - 10)), max: round(Math.max(0, clientLoop.max / 1e6 - 10)) },
  };
}

// ---------------------------------------------------------------------------------------------------
// Where new connections' first requests wait

const epochNow = () => performance.timeOrigin + performance.now();

/** One connection as the load generator saw it (epoch ms). */
interface ClientConnection {
  createdAt: number;
  connectedAt?: number;
  firstDataAt?: number;
  port?: number;
}

/** A first request's time, split: TCP connect, the server's accept queue, then the server (read, queue, answer). */
interface FirstRequestTimes {
  totalMs: number;
  connectMs: number;
  acceptQueueMs: number;
  serverMs: number;
}

/**
 * Matches the load generator's connections with the server's record (by the client's port) and
 * splits each first request's time. The slowest requests of a soak are its first ones; this says
 * whether they waited in the kernel (accept queue) or in the server. Clocks of the two processes
 * agree to about a millisecond.
 */
function firstRequestTimes(client: ClientConnection[], server: Record<string, ConnectionTimes>) {
  const rows: FirstRequestTimes[] = [];
  for (const c of client) {
    const s = c.port === undefined ? undefined : server[String(c.port)];
    if (c.connectedAt === undefined || c.firstDataAt === undefined || s?.firstAnsweredAt === undefined) continue;
    rows.push({
      totalMs: round(c.firstDataAt - c.createdAt),
      connectMs: round(c.connectedAt - c.createdAt),
      acceptQueueMs: round(Math.max(0, s.acceptedAt - c.connectedAt)),
      serverMs: round(Math.max(0, s.firstAnsweredAt - s.acceptedAt)),
    });
  }
  rows.sort((a, b) => b.totalMs - a.totalMs);
  const median = (key: keyof FirstRequestTimes) => summarize(rows.map((r) => r[key])).p50;
  return {
    connections: client.length,
    matched: rows.length,
    slowest: rows[0] ?? null,
    median: rows.length ? { totalMs: median('totalMs'), connectMs: median('connectMs'), acceptQueueMs: median('acceptQueueMs'), serverMs: median('serverMs') } : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Requests

interface Person {
  id: string;
  name: string;
  popularity: number;
}

/** Oracle-of-Bacon style person↔person: people joined through movies, obscure links allowed (as bench:graph). */
const P2P: SearchParametersInput = { allowedTypes: ['person', 'movie'], includeObscureConnections: true };

/**
 * A new headers object for every dynamic request: autocannon writes Content-Length into the headers
 * object it is given and reuses it for the next request, so a GET after a POST would otherwise carry
 * the POST's Content-Length (and the server would wait for a body that never comes).
 */
const jsonHeaders = () => ({ 'content-type': 'application/json' });

const findBody = (from: Person, to: Person, parameters: SearchParametersInput = P2P) =>
  JSON.stringify({ fromEntity: { type: 'person', id: from.id }, toEntity: { type: 'person', id: to.id }, parameters });

/** Pairs of distinct popular people, never the same unordered pair twice in a run (so never cached). */
class FreshPairs {
  private readonly used = new Set<string>();
  private readonly random = prng(7);
  exhausted = 0;
  constructor(private readonly people: Person[]) {}

  next(): [Person, Person, SearchParametersInput] {
    const n = this.people.length;
    for (let attempt = 0; attempt < 1000; attempt++) {
      const a = Math.floor(this.random() * n);
      const b = Math.floor(this.random() * n);
      if (a === b) continue;
      const key = a < b ? `${a}:${b}` : `${b}:${a}`;
      if (this.used.has(key)) continue;
      this.used.add(key);
      return [this.people[a]!, this.people[b]!, P2P];
    }
    // A tiny catalog ran out of pairs: a different maxDegrees still makes a new cache key.
    this.exhausted++;
    const a = this.people[this.exhausted % n]!;
    const b = this.people[(this.exhausted + 1) % n]!;
    return [a, b, { ...P2P, maxDegrees: 1 + (this.exhausted % 8), avoid: [`person:bench-${this.exhausted}`] }];
  }

  get count(): number {
    return this.used.size + this.exhausted;
  }
}

/** Typeahead queries: 2–6 letter prefixes of a word of a popular name. */
function typeaheadQueries(names: string[], count: number): string[] {
  const random = prng(11);
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < count * 20; guard++) {
    const words = names[Math.floor(random() * names.length)]!.split(/\s+/).filter((w) => w.length >= 2);
    if (words.length === 0) continue;
    const word = words[Math.floor(random() * words.length)]!;
    out.push(word.slice(0, 2 + Math.floor(random() * Math.min(5, word.length - 1))));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Sockets

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketRun {
  sockets: number;
  connected: number;
  connectSeconds: number;
  started: number;
  completed: number;
  failed: number;
  timedOut: number;
  found: number;
  cached: number;
  progressEvents: number;
  wallSeconds: number;
  ackMs: LatencySummary;
  firstProgressMs: LatencySummary;
  completionMs: LatencySummary;
  failures: string[];
  server: ChildStats;
}

async function socketRun(server: Child, pairs: FreshPairs): Promise<SocketRun> {
  const sockets: ClientSocket[] = [];
  const connectStarted = performance.now();
  try {
    // Connect in batches of 100: a browser crowd arrives over time, not in one SYN burst.
    for (let i = 0; i < socketCount; i += 100) {
      const batch = Array.from({ length: Math.min(100, socketCount - i) }, () => {
        const socket: ClientSocket = connectSocket(server.url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 30_000 });
        sockets.push(socket);
        return new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          socket.once('connect_error', () => resolve(false));
        });
      });
      await Promise.all(batch);
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const live = sockets.filter((s) => s.connected);
    log(`  ${live.length}/${socketCount} sockets connected in ${connectSeconds.toFixed(1)} s; starting ${live.length} searches at once...`);

    const ack: number[] = [];
    const firstProgress: number[] = [];
    const completion: number[] = [];
    const failures: string[] = [];
    let progressEvents = 0;
    let found = 0;
    let cached = 0;
    let failed = 0;
    let completed = 0;
    let started = 0;

    server.measure();
    const wallStarted = performance.now();
    const searches = live.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const [from, to, parameters] = pairs.next();
          const t0 = performance.now();
          let requestId: string | null = null;
          let sawProgress = false;
          let settled = false;
          const finish = () => {
            settled = true;
            resolve();
          };
          socket.on('search:progressed', (event) => {
            if (settled || (requestId !== null && event.requestId !== requestId)) return;
            progressEvents++;
            if (!sawProgress) {
              sawProgress = true;
              firstProgress.push(performance.now() - t0);
            }
          });
          socket.on('search:completed', (event) => {
            if (settled || (requestId !== null && event.requestId !== requestId)) return;
            completion.push(performance.now() - t0);
            completed++;
            if (event.result.found) found++;
            if (event.result.cached) cached++;
            finish();
          });
          socket.on('search:failed', (event) => {
            if (settled) return;
            failed++;
            if (failures.length < 5) failures.push(`${event.error.code}: ${event.error.message}`);
            finish();
          });
          socket.emit('search:start', { fromEntity: { type: 'person', id: from.id }, toEntity: { type: 'person', id: to.id }, parameters }, (response) => {
            ack.push(performance.now() - t0);
            if (response.ok) {
              started++;
              requestId = response.data.requestId;
            } else if (!settled) {
              failed++;
              if (failures.length < 5) failures.push(`ack ${response.error.code}: ${response.error.message}`);
              finish();
            }
          });
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(searches), new Promise<void>((resolve) => (timer = setTimeout(resolve, socketTimeoutMs)))]);
    clearTimeout(timer);
    const wallSeconds = (performance.now() - wallStarted) / 1000;
    const stats = await server.stats();
    return {
      sockets: socketCount,
      connected: live.length,
      connectSeconds: round(connectSeconds),
      started,
      completed,
      failed,
      timedOut: live.length - completed - failed,
      found,
      cached,
      progressEvents,
      wallSeconds: round(wallSeconds),
      ackMs: roundSummary(summarize(ack)),
      firstProgressMs: roundSummary(summarize(firstProgress)),
      completionMs: roundSummary(summarize(completion)),
      failures,
      server: stats,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------------
// Run

const dataDir = mkdtempSync(join(tmpdir(), 'cinema-dna-bench-http-'));
const children: Child[] = [];
const loadBefore = loadavg();
let exitCode = 0;
// Interrupted: stop the children (they also exit on their own when the IPC channel closes) and clean up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the server children`);
    void Promise.all(children.map((child) => child.stop().catch(() => {}))).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}
try {
  // 1. Data.
  const haveTmdb = existsSync(join(tmdbDir, 'tmdb_5000_movies.csv.gz')) || existsSync(join(tmdbDir, 'tmdb_5000_movies.csv'));
  const source = haveTmdb ? 'tmdb5000' : 'starter';
  const logger = createLogger('warn');
  const importStarted = performance.now();
  const database = await openDatabase({ embeddedDir: join(dataDir, 'postgres') });
  let imported;
  try {
    if (haveTmdb) {
      log(`importing TMDB 5000 from ${tmdbDir} into ${dataDir}...`);
      imported = await runImport('tmdb5000', importTmdb5000, { dir: tmdbDir }, { dataDir, db: database.db, logger });
    } else {
      log(`TMDB 5000 files not found in ${tmdbDir}: falling back to the STARTER CATALOG (numbers are not the TMDB 5000 ones)`);
      imported = await runImport('starter', importStarter, {}, { dataDir, db: database.db, logger });
    }
  } finally {
    await database.close(); // stops the embedded server; the server child starts it again on the same folder
  }
  const importSeconds = (performance.now() - importStarted) / 1000;
  log(`imported ${imported.manifest.entities} entities, ${imported.manifest.links} links in ${importSeconds.toFixed(1)} s`);

  const people: Person[] = [];
  const names: string[] = [];
  for await (const entity of readSourceEntities(dataDir, source)) {
    if (entity.type === 'person') people.push({ id: entity.id, name: entity.name, popularity: entity.popularity });
    if (entity.type === 'person' || entity.type === 'movie') names.push(entity.name);
  }
  people.sort((a, b) => b.popularity - a.popularity);
  const popular = people.slice(0, peopleCount);
  if (popular.length < 2) throw new Error('the catalog has fewer than two people');
  const pairs = new FreshPairs(popular);
  const queries = typeaheadQueries(names.slice(0, 20_000), 2000);

  // 2. Servers.
  log('starting the server and the hello-world app (child processes)...');
  const childEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const server = await Child.start('server', [], childEnv);
  children.push(server);
  const hello = await Child.start('hello-world', ['hello'], childEnv, 60_000);
  children.push(hello);
  log(`server ${server.url} (pid ${server.pid}), hello-world ${hello.url} (pid ${hello.pid})`);

  // 3a. Cache hits vs hello-world.
  const [hitFrom, hitTo] = [popular[0]!, popular[1]!];
  const hitBody = findBody(hitFrom, hitTo);
  const post = async (body: string) => {
    const response = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (!response.ok) throw new Error(`warm-up find-connection answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { cached: boolean; degrees: number | null; path: unknown[] };
  };
  const first = await post(hitBody);
  const second = await post(hitBody);
  if (!second.cached) throw new Error('the second identical find-connection was not served from the cache');
  const hitResponseBytes = Buffer.byteLength(JSON.stringify(second));
  log(`cache-hit pair ${hitFrom.name} ↔ ${hitTo.name}: ${first.degrees} degrees, response ${hitResponseBytes} bytes`);
  const hitOptions: autocannon.Options = {
    url: `${server.url}/api/find-connection`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: hitBody,
    connections,
  };
  const helloOptions: autocannon.Options = { url: `${hello.url}/`, connections };
  const helloRuns: LoadRun[] = [];
  const hitRuns: LoadRun[] = [];
  for (let r = 1; r <= rounds; r++) {
    log(`round ${r}/${rounds}: hello-world ${duration} s, then cache hits ${duration} s (${connections} connections, ${warmup} s warm-up each)...`);
    await load('warm-up', { ...helloOptions, duration: warmup });
    helloRuns.push(await load(`hello-world round ${r}`, { ...helloOptions, duration }));
    await load('warm-up', { ...hitOptions, duration: warmup });
    hitRuns.push(await load(`find-connection cache hits round ${r}`, { ...hitOptions, duration }, server));
  }
  const best = (runs: LoadRun[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const helloBest = best(helloRuns);
  const hitBest = best(hitRuns);
  const hitRatio = hitBest.requestsPerSecond / helloBest.requestsPerSecond;
  const ratiosPerRound = hitRuns.map((run, i) => round(run.requestsPerSecond / helloRuns[i]!.requestsPerSecond));
  const stillCached = (await post(hitBody)).cached;

  // 3b. Uncached person↔person.
  log(`uncached person↔person searches: ${duration} s at ${missConnections} connections, each a new pair of the ${popular.length} most popular people...`);
  let missCachedResponses = 0;
  let missFound = 0;
  let missResponses = 0;
  const missRequest: autocannon.Request = {
    setupRequest: (request) => {
      const [from, to, parameters] = pairs.next();
      return { ...request, headers: jsonHeaders(), body: findBody(from, to, parameters) };
    },
    onResponse: (status, body) => {
      if (status !== 200) return;
      missResponses++;
      if (body.includes('"cached":true')) missCachedResponses++;
      if (body.startsWith('{"found":true')) missFound++;
    },
  };
  const missOptions: autocannon.Options = {
    url: `${server.url}/api/find-connection`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [missRequest],
  };
  await load('warm-up', { ...missOptions, connections: missConnections, duration: warmup });
  const missesBefore = { responses: missResponses, cached: missCachedResponses, found: missFound };
  const missRun = await load('uncached person↔person', { ...missOptions, connections: missConnections, duration }, server);
  const missCheck = { responses: missResponses - missesBefore.responses, cached: missCachedResponses - missesBefore.cached, found: missFound - missesBefore.found };

  // 3c. Soak: 200 connections, hits + misses + typeahead.
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  log(`soak: ${soakDuration} s at ${soakConnections} connections (${pct(soakMix.hit)} cache hits over 50 warmed pairs, ${pct(soakMix.miss)} uncached, ${pct(soakMix.typeahead)} typeahead)...`);
  const warmed: string[] = [];
  for (let i = 0; i < 50; i++) {
    const [from, to, parameters] = pairs.next();
    const body = findBody(from, to, parameters);
    await post(body);
    warmed.push(body);
  }
  const mixRandom = prng(23);
  const mixCounts = { hit: 0, miss: 0, typeahead: 0 };
  // Per-kind latency as the client sees it: setupRequest runs right before a request is written and
  // onResponse gets the same context object; requests still unanswered ≥ the timeout at the end timed out.
  type Kind = keyof typeof mixCounts;
  const kindLatency: Record<Kind, number[]> = { hit: [], miss: [], typeahead: [] };
  const kindStatus: Record<Kind, Record<string, number>> = { hit: {}, miss: {}, typeahead: {} };
  const outstanding = new Map<number, { kind: Kind; t0: number }>();
  /** The five slowest soak requests, with when they were sent (seconds into the soak). */
  const slowestSoak: Array<{ kind: Kind; ms: number; sentAtSeconds: number }> = [];
  let soakStart = performance.now();
  let requestSeq = 0;
  const track = (context: object, kind: Kind) => {
    mixCounts[kind]++;
    const id = ++requestSeq;
    (context as { id?: number }).id = id;
    outstanding.set(id, { kind, t0: performance.now() });
  };
  const soakRequest: autocannon.Request = {
    setupRequest: (request, context) => {
      const r = mixRandom();
      if (r < soakMix.hit) {
        track(context, 'hit');
        return { ...request, headers: jsonHeaders(), method: 'POST', path: '/api/find-connection', body: warmed[Math.floor(mixRandom() * warmed.length)]! };
      }
      if (r < soakMix.hit + soakMix.miss) {
        track(context, 'miss');
        const [from, to, parameters] = pairs.next();
        return { ...request, headers: jsonHeaders(), method: 'POST', path: '/api/find-connection', body: findBody(from, to, parameters) };
      }
      track(context, 'typeahead');
      const q = queries[Math.floor(mixRandom() * queries.length)]!;
      return { ...request, headers: {}, method: 'GET', path: `/api/search?q=${encodeURIComponent(q)}`, body: '' };
    },
    onResponse: (status, _body, context) => {
      const id = (context as { id?: number }).id;
      const sent = id === undefined ? undefined : outstanding.get(id);
      if (!sent || id === undefined) return;
      outstanding.delete(id);
      const took = performance.now() - sent.t0;
      kindLatency[sent.kind].push(took);
      if (slowestSoak.length < 5 || took > slowestSoak.at(-1)!.ms) {
        slowestSoak.push({ kind: sent.kind, ms: round(took), sentAtSeconds: round((sent.t0 - soakStart) / 1000) });
        slowestSoak.sort((a, b) => b.ms - a.ms).splice(5);
      }
      kindStatus[sent.kind][status] = (kindStatus[sent.kind][status] ?? 0) + 1;
    },
  };
  const soakTimeoutSeconds = 10;
  // The soak's connections as this process opens them (autocannon uses net.connect; nothing else
  // connects meanwhile), to tell where their first requests waited: see firstRequestTimes().
  const soakSockets: ClientConnection[] = [];
  const onClientSocket = (message: unknown) => {
    const socket = (message as { socket: NetSocket }).socket;
    const times: ClientConnection = { createdAt: epochNow() };
    soakSockets.push(times);
    socket.once('connect', () => {
      times.connectedAt = epochNow();
      times.port = socket.localPort;
    });
    socket.once('data', () => (times.firstDataAt = epochNow()));
  };
  subscribeChannel('net.client.socket', onClientSocket);
  soakStart = performance.now() + 1000; // load() waits a second before it starts
  const soak = await load(
    'soak',
    { url: server.url, requests: [soakRequest], connections: soakConnections, duration: soakDuration, timeout: soakTimeoutSeconds },
    server,
  );
  const soakEnded = performance.now(); // only the quick stats call since autocannon ended
  unsubscribeChannel('net.client.socket', onClientSocket);
  const firstRequests = firstRequestTimes(soakSockets, soak.server?.connections ?? {});
  const soakByKind = Object.fromEntries(
    (Object.keys(mixCounts) as Kind[]).map((kind) => {
      const unanswered = [...outstanding.values()].filter((o) => o.kind === kind);
      return [
        kind,
        {
          sent: mixCounts[kind],
          latencyMs: roundSummary(summarize(kindLatency[kind])),
          statusCodes: kindStatus[kind],
          unansweredAtEnd: unanswered.length,
          // Unanswered for longer than autocannon's timeout before the run ended: the timeouts.
          unansweredOverTimeout: unanswered.filter((o) => soakEnded - o.t0 > soakTimeoutSeconds * 1000).length,
        },
      ];
    }),
  ) as Record<Kind, { sent: number; latencyMs: LatencySummary; statusCodes: Record<string, number>; unansweredAtEnd: number; unansweredOverTimeout: number }>;

  // 4. Sockets.
  log(`socket run: ${socketCount} concurrent live searches...`);
  const sockets = await socketRun(server, pairs);

  // 5. Report.
  const eld = (s: ChildStats | undefined) => (s ? `${s.eventLoopDelay.p50Ms.toFixed(1)} / ${s.eventLoopDelay.p99Ms.toFixed(1)} / ${s.eventLoopDelay.maxMs.toFixed(0)} ms` : '');
  const cpu = (s: ChildStats | undefined) =>
    s ? `${((s.cpu.userSeconds + s.cpu.systemSeconds) / s.cpu.wallSeconds).toFixed(2)} cores (main thread busy ${Math.round(s.cpu.mainThreadBusy * 100)}%)` : '';
  const lat = (run: LoadRun) => `p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms`;
  const codes = (run: LoadRun) =>
    Object.entries(run.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' ');
  const slowestKind = (Object.keys(soakByKind) as Kind[]).reduce((a, b) => (soakByKind[b].latencyMs.max > soakByKind[a].latencyMs.max ? b : a));
  const soakEventLoopMax = soak.server?.eventLoopDelay.maxMs ?? NaN;
  const serverSide = (s: ChildStats | undefined) => (s ? `${s.serverLatency.p50Ms} / ${s.serverLatency.p99Ms} / ${s.serverLatency.maxMs} ms (${s.serverLatency.requests} requests)` : '');
  const gcPauses = (s: ChildStats | undefined) =>
    s ? `${s.gc.count}, ${s.gc.totalPauseMs.toFixed(0)} ms, ${s.gc.maxPauseMs.toFixed(1)} ms (major: ${s.gc.majorCount}, max ${s.gc.maxMajorPauseMs.toFixed(1)} ms)` : '';
  const soak5xx = Object.entries(soak.statusCodes).reduce((sum, [code, count]) => (code.startsWith('5') ? sum + count : sum), 0);
  const allCompleted = sockets.completed === socketCount && sockets.failed === 0;
  const rows: Array<[string, string, string, boolean | null]> = [
    ['data', `${source === 'tmdb5000' ? 'TMDB 5000' : 'STARTER CATALOG (fallback)'}: ${imported.manifest.entities.toLocaleString('en')} entities, ${imported.manifest.links.toLocaleString('en')} links`, '', null],
    [`hello-world GET / (best of ${rounds})`, `${helloBest.requestsPerSecond.toFixed(0)} req/s, ${lat(helloBest)}`, '', null],
    [`find-connection cache hit (best of ${rounds})`, `${hitBest.requestsPerSecond.toFixed(0)} req/s, ${lat(hitBest)}`, '', null],
    ['cache hit / hello-world throughput', `${hitRatio.toFixed(2)}× (per round ${ratiosPerRound.map((x) => `${x.toFixed(2)}×`).join(', ')})`, '≥ 0.7×', hitRatio >= 0.7],
    ['  server CPU / event-loop delay p50/p99/max (hits)', `${cpu(hitBest.server)}; ${eld(hitBest.server)}`, '', null],
    [`uncached person↔person (${missConnections} conns)`, `${missRun.requestsPerSecond.toFixed(0)} req/s, ${lat(missRun)}`, 'report', null],
    ['  every response a miss (none cached)', `${missCheck.responses - missCheck.cached}/${missCheck.responses} misses, ${missCheck.found} found; errors ${missRun.errors}, non-2xx ${missRun.non2xx}`, 'all', missCheck.cached === 0 && missRun.errors === 0 && missRun.non2xx === 0],
    ['  server CPU / event-loop delay p50/p99/max (misses)', `${cpu(missRun.server)}; ${eld(missRun.server)}`, '', null],
    [`soak ${soakDuration} s × ${soakConnections} conns (hit/miss/typeahead)`, `${soak.requestsPerSecond.toFixed(0)} req/s, ${lat(soak)}; ${mixCounts.hit}/${mixCounts.miss}/${mixCounts.typeahead} sent`, '', null],
    [
      '  soak p50 / p99 / max by kind (hit, miss, typeahead)',
      (Object.keys(soakByKind) as Kind[]).map((kind) => `${soakByKind[kind].latencyMs.p50}/${soakByKind[kind].latencyMs.p99}/${soakByKind[kind].latencyMs.max.toFixed(0)} ms`).join(', '),
      '',
      null,
    ],
    ['  soak errors / timeouts / 5xx / statuses', `${soak.errors} / ${soak.timeouts} / ${soak5xx} / ${codes(soak)}`, '0 errors, 0 5xx', soak.errors === 0 && soak5xx === 0],
    ['  soak slowest request (client-side)', `${soak.latencyMs.max} ms (${slowestKind}; the 5 slowest sent at ${slowestSoak.map((r) => `${r.sentAtSeconds} s`).join(', ')})`, '≤ 1000 ms', soak.latencyMs.max <= SOAK_TARGETS.slowestMs],
    [
      "  soak's slowest first request: connect / accept queue / server",
      firstRequests.slowest
        ? `${firstRequests.slowest.connectMs} / ${firstRequests.slowest.acceptQueueMs} / ${firstRequests.slowest.serverMs} ms of ${firstRequests.slowest.totalMs} ms (median ${firstRequests.median!.connectMs} / ${firstRequests.median!.acceptQueueMs} / ${firstRequests.median!.serverMs}; ${firstRequests.matched}/${firstRequests.connections} connections)`
        : 'not matched',
      '',
      null,
    ],
    ['  soak p99 (client-side)', `${soak.latencyMs.p99} ms`, '≤ 250 ms', soak.latencyMs.p99 <= SOAK_TARGETS.p99Ms],
    ['  soak server event-loop delay max', `${soakEventLoopMax.toFixed(0)} ms`, '≤ 100 ms', soakEventLoopMax <= SOAK_TARGETS.eventLoopMaxMs],
    ['  server CPU / event-loop delay p50/p99/max (soak)', `${cpu(soak.server)}; ${eld(soak.server)}`, '', null],
    ['  server-side request time p50 / p99 / max (soak)', serverSide(soak.server), '', null],
    ['  server GC pauses: count, total, max (major) (soak)', gcPauses(soak.server), '', null],
    ['  load generator event-loop delay p99 / max (soak)', `${soak.clientEventLoopDelayMs.p99} / ${soak.clientEventLoopDelayMs.max} ms`, '', null],
    [`live searches (${socketCount} sockets, one each, at once)`, `${sockets.completed}/${socketCount} completed, ${sockets.failed} failed, ${sockets.timedOut} timed out in ${sockets.wallSeconds} s`, 'all', allCompleted],
    ['  server event-loop delay p99 (socket run)', `${sockets.server.eventLoopDelay.p99Ms.toFixed(1)} ms (p50 ${sockets.server.eventLoopDelay.p50Ms.toFixed(1)}, max ${sockets.server.eventLoopDelay.maxMs.toFixed(0)}; ${sockets.server.eventLoopDelay.samples} samples)`, 'report', null],
    ['  time to first progress p50 / p99', `${sockets.firstProgressMs.p50} / ${sockets.firstProgressMs.p99} ms`, '', null],
    ['  time to completion p50 / p99', `${sockets.completionMs.p50} / ${sockets.completionMs.p99} ms`, '', null],
    ['  ack p50 / p99; progress events; found', `${sockets.ackMs.p50} / ${sockets.ackMs.p99} ms; ${sockets.progressEvents}; ${sockets.found}`, '', null],
  ];
  const loadAfter = loadavg();
  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  console.log(
    `\nCinema DNA HTTP benchmark — ${cpus().length} cores, Node ${process.version}, load average ${loadBefore[0]!.toFixed(2)} before / ${loadAfter[0]!.toFixed(2)} after; ` +
      `server and hello-world in child processes, autocannon + socket.io-client in the parent\n`,
  );
  for (const [name, value, target, ok] of rows) {
    console.log(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target.padEnd(15)} ${ok === null ? '' : ok ? 'met' : 'NOT MET'}`);
  }
  if (sockets.failures.length > 0) console.log(`\nsocket failures (first ${sockets.failures.length}): ${sockets.failures.join('; ')}`);
  if (!stillCached) console.log('\nwarning: the cache-hit pair was no longer cached after phase a');
  if (pairs.exhausted > 0) console.log(`\nnote: the catalog ran out of distinct pairs; ${pairs.exhausted} requests varied maxDegrees/avoid instead`);

  const targets = Object.fromEntries(rows.filter((r) => r[3] !== null).map(([name, value, target, ok]) => [name.trim(), { value, target, met: ok }]));
  const results = {
    when: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryBytes: totalmem(),
      node: process.version,
      kernel: release(),
      loadAverageBefore: loadBefore.map(round),
      loadAverageAfter: loadAfter.map(round),
      note: 'shared machine; the load generator, the server (main thread + search workers) and the hello-world app share 2 cores',
    },
    topology: { server: 'child process (node --import tsx bench/http-server.ts)', helloWorld: 'child process (Express 5)', loadGenerator: 'parent process (autocannon, socket.io-client)' },
    settings: { duration, warmup, rounds, connections, missConnections, soakDuration, soakConnections, soakMix, socketCount, peopleCount: popular.length, searchWorkers: process.env.BENCH_SEARCH_WORKERS ?? 'server default (cores - 1)', parameters: P2P },
    data: { source, dir: haveTmdb ? tmdbDir : null, entities: imported.manifest.entities, links: imported.manifest.links, importSeconds: round(importSeconds), snapshot: imported.snapshot },
    cacheHits: { pair: [entityKey('person', hitFrom.id), entityKey('person', hitTo.id)], degrees: first.degrees, responseBytes: hitResponseBytes, helloRuns, hitRuns, best: { hello: helloBest.requestsPerSecond, hits: hitBest.requestsPerSecond }, ratio: round(hitRatio), ratiosPerRound, stillCachedAfter: stillCached },
    uncached: { run: missRun, check: missCheck },
    soak: {
      run: soak,
      mix: mixCounts,
      byKind: soakByKind,
      fiveHundreds: soak5xx,
      slowestRequest: { ms: soak.latencyMs.max, kind: slowestKind },
      slowestRequests: slowestSoak,
      p99Ms: soak.latencyMs.p99,
      eventLoopDelayMaxMs: round(soakEventLoopMax),
      serverSide: soak.server?.serverLatency,
      firstRequests,
      gc: soak.server?.gc,
    },
    sockets,
    distinctPairsUsed: pairs.count,
    targets,
  };
  const out = join(here, 'results', 'http.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
} catch (error) {
  exitCode = 2;
  console.error(error);
} finally {
  await Promise.all(children.map((child) => child.stop().catch(() => {})));
  rmSync(dataDir, { recursive: true, force: true });
}
log(`done (${(process.memoryUsage().rss / MB).toFixed(0)} MB RSS in the load generator)`);
process.exit(exitCode);
