/**
 * More than one machine under load ("bench:cluster"): `npm run cluster`'s replicas (scripts/cluster.mjs:
 * the built app behind nginx, the compose scale profile's template) on the machine's PostgreSQL and
 * Redis, driven for BENCH_CLUSTER_SECONDS (120) by mixed HTTP traffic — connection searches, typeahead,
 * feed reads and diary writes — and BENCH_CLUSTER_SOCKETS (500) Socket.IO clients, all through nginx.
 * In the middle: a rolling restart of every replica (SIGTERM, wait for health, next), then a catalog
 * roll-out against the cluster's database and data folder (a new snapshot, announced through Redis): the
 * TMDB 5000 data (`data:tmdb5000`, ../shared/data/tmdb-5000) when it is there, else `data:starter`.
 *
 * Measured: failed requests (any answer other than 2xx, or no answer; target 0), acknowledged diary
 * writes missing afterwards (target 0), sockets not connected at the end (target 0), p99 before / during
 * the restart, and the time from the import's end until every replica serves the new snapshot (target
 * ≤ 30 s). Prints a table (targets met / NOT MET; never asserted) and writes bench/results/cluster.json.
 *
 *   npm run build && DATABASE_URL=... REDIS_URL=... npm run bench:cluster
 *
 * Environment: BENCH_CLUSTER_SECONDS (120), BENCH_CLUSTER_SOCKETS (500), BENCH_CLUSTER_REPLICAS (3),
 * BENCH_CLUSTER_CONCURRENCY (16 HTTP clients), BENCH_CLUSTER_WRITERS (20 signed-in users),
 * BENCH_CLUSTER_ROLLOUT (`tmdb5000` or `starter`; TMDB 5000 when its files are there).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { healthOf, startCluster, type Cluster } from '../scripts/cluster.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 120);
const SOCKETS = Number(process.env.BENCH_CLUSTER_SOCKETS ?? 500);
const REPLICAS = Number(process.env.BENCH_CLUSTER_REPLICAS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CLUSTER_CONCURRENCY ?? 16);
const WRITERS = Number(process.env.BENCH_CLUSTER_WRITERS ?? 20);
/** The public TMDB 5000 pair the roll-out imports (read in place, never copied into the repo). */
const TMDB5000_DIR = fileURLToPath(new URL('../../shared/data/tmdb-5000', import.meta.url));
const ROLLOUT = process.env.BENCH_CLUSTER_ROLLOUT ?? (existsSync(TMDB5000_DIR) ? 'tmdb5000' : 'starter');
const ROLLOUT_ARGS = ROLLOUT === 'tmdb5000' ? ['tmdb5000', '--dir', TMDB5000_DIR] : ['starter'];
const ROLLOUT_TARGET_S = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser-like HTTP client: its own cookies (the proxy's sticky cookie, a session), a CSRF token. */
class Client {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  constructor(private readonly base: string) {}

  /**
   * One request on a connection of its own (no keep-alive to nginx): a browser silently retries a
   * request whose reused connection nginx closed at a reload; a bare client would count it as failed.
   */
  async request(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const { status, setCookies, text } = await new Promise<{ status: number; setCookies: string[]; text: string }>((resolve, reject) => {
      const request = httpRequest(`${this.base}${url}`, { method, headers, agent: false, timeout: 15_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookies: response.headers['set-cookie'] ?? [], text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error('timed out after 15 s')));
      request.on('error', reject);
      request.end(payload);
    });
    for (const cookie of setCookies) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status, json };
  }

  async refreshCsrf(): Promise<void> {
    const { json } = await this.request('GET', '/api/auth/csrf');
    this.csrf = (json as { csrfToken: string }).csrfToken;
  }
}

interface Sample {
  at: number;
  op: string;
  ms: number;
  ok: boolean;
  status: number;
}

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('bench:cluster needs DATABASE_URL and REDIS_URL.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cinema-dna-bench-cluster-'));
  const isolation = `bench_${randomBytes(4).toString('hex')}`;
  const env = {
    DATABASE_SCHEMA: isolation,
    REDIS_KEY_PREFIX: `${isolation}:`,
    SESSION_SECRET: randomBytes(48).toString('base64'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '0',
    FIND_CONNECTION_RATE_LIMIT: '0',
  };
  const loadBefore = loadavg();
  console.log(`Starting ${REPLICAS} replicas behind nginx (load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, ${cpus().length} cores)...`);
  let cluster: Cluster | null = null;
  const sockets: Socket[] = [];
  try {
    cluster = await startCluster({ replicas: REPLICAS, dataDir, env, log: (line) => console.log(`  ${line}`) });
    const base = cluster.url;

    // Entities to search between and movies to log, from the served catalog.
    const anon = new Client(base);
    const people = ((await anon.request('GET', '/api/search?q=an&type=person&limit=40')).json as { results?: Array<{ id: string; type: string; name: string }> }).results ?? [];
    const movies = ((await anon.request('GET', '/api/search?q=the&type=movie&limit=40')).json as { results?: Array<{ id: string; type: string; name: string }> }).results ?? [];
    if (people.length < 4 || movies.length < 4) throw new Error(`the catalog search gave ${people.length} people and ${movies.length} movies`);
    const prefixes = ['to', 'ke', 'me', 'br', 'sc', 'an', 'ch', 'ma', 'ro', 'ju'];

    // Signed-in writers (diary entries), each its own browser.
    const writers: Client[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const client = new Client(base);
      await client.refreshCsrf();
      const name = `bench_${randomBytes(4).toString('hex')}`;
      const { status } = await client.request('POST', '/api/auth/register', { username: name, email: `${name}@example.com`, password: 'analytical-engine-1843' });
      if (status >= 300) throw new Error(`register answered ${status}`);
      await client.refreshCsrf();
      writers.push(client);
    }

    // The sockets: each its own sticky cookie, like a browser; reconnecting as the app's client does.
    let everDisconnected = 0;
    for (let i = 0; i < SOCKETS; i++) {
      const socket = io(base, {
        extraHeaders: { cookie: `cdna_replica=${randomBytes(16).toString('hex')}` },
        reconnectionDelay: 250,
        reconnectionDelayMax: 2_000,
      });
      socket.on('disconnect', () => (everDisconnected += 1));
      sockets.push(socket);
    }
    const connected = () => sockets.filter((socket) => socket.connected).length;
    for (let waited = 0; connected() < SOCKETS && waited < 30_000; waited += 200) await sleep(200);
    console.log(`  ${connected()} of ${SOCKETS} sockets connected; ${WRITERS} writers signed in.`);

    const samples: Sample[] = [];
    const failures: Array<{ op: string; status: number; at: number; error?: string }> = [];
    const acknowledged = new Map<Client, Set<number>>();
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

    const one = async (client: Client, writer: Client) => {
      const roll = Math.random();
      const t0 = performance.now();
      let op = 'search';
      let status: number;
      try {
        if (roll < 0.3) {
          const a = pick(people);
          let b = pick(people);
          while (b.id === a.id) b = pick(people);
          ({ status } = await client.request('POST', '/api/find-connection', { fromEntity: { id: a.id, type: a.type }, toEntity: { id: b.id, type: b.type } }));
        } else if (roll < 0.65) {
          op = 'typeahead';
          ({ status } = await client.request('GET', `/api/search?q=${pick(prefixes)}&limit=8`));
        } else if (roll < 0.85) {
          op = 'feed';
          ({ status } = await writer.request('GET', '/api/activity/feed'));
        } else {
          op = 'diary write';
          const movie = pick(movies);
          const answer = await writer.request('POST', '/api/diary', { movieId: movie.id, movieTitle: movie.name, watchedDate: '2026-01-15', rating: 4, notes: 'Bench.', rewatch: false, isPrivate: false });
          status = answer.status;
          const id = (answer.json as { id?: number } | null)?.id;
          if (status < 300 && typeof id === 'number') {
            if (!acknowledged.has(writer)) acknowledged.set(writer, new Set());
            acknowledged.get(writer)!.add(id);
          }
        }
        const ok = status >= 200 && status < 300;
        samples.push({ at: Date.now(), op, ms: performance.now() - t0, ok, status });
        if (!ok) failures.push({ op, status, at: Date.now() - started });
      } catch (error) {
        samples.push({ at: Date.now(), op, ms: performance.now() - t0, ok: false, status: 0 });
        failures.push({ op, status: 0, at: Date.now() - started, error: error instanceof Error ? error.message : String(error) });
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, async (_, i) => {
      const client = new Client(base);
      const writer = writers[i % writers.length]!;
      while (Date.now() < until) await one(client, writer);
    });

    // The middle: a rolling restart of every replica, then a catalog roll-out.
    const events = (async () => {
      await sleep(Math.max(5_000, SECONDS * 250));
      const restartStart = Date.now();
      const perReplica: Record<string, number> = {};
      console.log('  rolling restart...');
      await cluster!.rollingRestart({ onReplica: (id, ms) => (perReplica[id] = ms) });
      const restartEnd = Date.now();
      console.log(`  rolling restart done in ${((restartEnd - restartStart) / 1000).toFixed(1)} s; catalog roll-out (${ROLLOUT})...`);
      const importStart = Date.now();
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn('npx', ['tsx', 'backend/src/ingest/cli.ts', ...ROLLOUT_ARGS], {
          cwd: repoRoot,
          env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        child.once('exit', resolve);
      });
      const importEnd = Date.now();
      if (code !== 0) throw new Error(`the import exited with ${code}`);
      const { catalogVersionOf } = await import('../backend/src/graph/index.js');
      const version = catalogVersionOf(path.join(dataDir, 'graph.snapshot'));
      let allServing: number | null = null;
      for (let waited = 0; waited < 120_000; waited += 100) {
        const versions = await Promise.all(cluster!.replicas.map(async (replica) => (await healthOf(replica.url))?.graph.snapshotVersion));
        if (versions.every((each) => each === version)) {
          allServing = Date.now();
          break;
        }
        await sleep(100);
      }
      return { restartStart, restartEnd, perReplica, importStart, importEnd, version, allServing };
    })();

    await Promise.all(workers);
    const timeline = await events;
    // Sockets that never came back: give the last reconnections a moment (the client's backoff caps at 2 s).
    for (let waited = 0; connected() < SOCKETS && waited < 15_000; waited += 250) await sleep(250);
    const socketsBack = connected();

    // Acknowledged writes: every diary entry answered 201 must be in its writer's diary.
    let lost = 0;
    let acknowledgedCount = 0;
    for (const [writer, ids] of acknowledged) {
      acknowledgedCount += ids.size;
      const { json } = await writer.request('GET', '/api/diary');
      const have = new Set(((json as { entries?: Array<{ id: number }> }).entries ?? []).map((entry) => entry.id));
      for (const id of ids) if (!have.has(id)) lost += 1;
    }

    const window = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
    const before = window(started, timeline.restartStart);
    const during = window(timeline.restartStart, timeline.restartEnd);
    const after = window(timeline.restartEnd, until + 60_000);
    const rolloutS = timeline.allServing === null ? null : Math.round((timeline.allServing - timeline.importEnd) / 100) / 10;
    const loadAfter = loadavg();
    const rows: Array<[string, string, string, string]> = [
      ['requests (ok / all)', `${samples.filter((s) => s.ok).length} / ${samples.length}`, '', ''],
      ['failed requests', String(failures.length), '0', failures.length === 0 ? 'met' : 'NOT MET'],
      ['diary writes acknowledged', String(acknowledgedCount), '', ''],
      ['acknowledged writes lost', String(lost), '0', lost === 0 ? 'met' : 'NOT MET'],
      ['sockets back at the end', `${socketsBack} / ${SOCKETS}`, `${SOCKETS}`, socketsBack === SOCKETS ? 'met' : 'NOT MET'],
      ['socket disconnects (handed over)', String(everDisconnected), '', ''],
      ['p99 before restart (ms)', String(percentile(before, 99)), '', ''],
      ['p99 during restart (ms)', String(percentile(during, 99)), 'report', ''],
      ['p99 after (ms)', String(percentile(after, 99)), '', ''],
      ['p50 before / during (ms)', `${percentile(before, 50)} / ${percentile(during, 50)}`, '', ''],
      ['rolling restart (s)', ((timeline.restartEnd - timeline.restartStart) / 1000).toFixed(1), '', ''],
      [`import of ${ROLLOUT} (s)`, ((timeline.importEnd - timeline.importStart) / 1000).toFixed(1), '', ''],
      ['every replica on the new snapshot (s after import)', String(rolloutS), `≤ ${ROLLOUT_TARGET_S}`, rolloutS !== null && rolloutS <= ROLLOUT_TARGET_S ? 'met' : 'NOT MET'],
    ];
    const widths = [52, 16, 8, 8];
    console.log(`\nbench:cluster — ${REPLICAS} replicas behind nginx, ${SECONDS} s, ${CONCURRENCY} HTTP clients, ${SOCKETS} sockets`);
    console.log(['measure', 'value', 'target', ''].map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
    for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
    console.log(`load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')} (${cpus().length} cores)`);
    if (failures.length) console.log('first failures:', failures.slice(0, 10));

    mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    const file = path.join(repoRoot, 'bench/results/cluster.json');
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          settings: { replicas: REPLICAS, seconds: SECONDS, sockets: SOCKETS, concurrency: CONCURRENCY, writers: WRITERS },
          machine: { cores: cpus().length, loadBefore, loadAfter },
          requests: samples.length,
          failedRequests: failures.length,
          failures: failures.slice(0, 50),
          byOp: Object.fromEntries(['search', 'typeahead', 'feed', 'diary write'].map((op) => [op, { count: samples.filter((s) => s.op === op).length, p99: percentile(samples.filter((s) => s.op === op).map((s) => s.ms), 99) }])),
          acknowledgedWrites: acknowledgedCount,
          acknowledgedWritesLost: lost,
          sockets: { total: SOCKETS, backAtEnd: socketsBack, disconnects: everDisconnected },
          p99Ms: { before: percentile(before, 99), during: percentile(during, 99), after: percentile(after, 99) },
          p50Ms: { before: percentile(before, 50), during: percentile(during, 50), after: percentile(after, 50) },
          rollingRestart: { seconds: (timeline.restartEnd - timeline.restartStart) / 1000, perReplicaMs: timeline.perReplica },
          catalogRollout: { data: ROLLOUT, version: timeline.version, importSeconds: (timeline.importEnd - timeline.importStart) / 1000, everyReplicaServingSecondsAfterImport: rolloutS },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`wrote ${path.relative(repoRoot, file)}`);
  } finally {
    for (const socket of sockets) socket.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${isolation}" CASCADE`);
    await client.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
