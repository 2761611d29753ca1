/**
 * The kill loop: the real built server on the embedded PostgreSQL, 8 concurrent writers (diary,
 * reviews, follows, saved connections) over HTTP, `kill -9` at random instants, restart, verify.
 * Every write the server acknowledged (a 2xx answer) must be in the database after the restart.
 *
 * Half of the kills take the app alone (its PostgreSQL, a separate process, survives and is reused
 * at the restart); the other half take the app and every PostgreSQL process at once — what a power
 * cut or an OOM killer does — so PostgreSQL's own crash recovery runs at the next start.
 *
 * Used by `npm run bench:kill-loop` (200 kills) and by a short integration test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER } from '@cinema-dna/shared-types';
import pg from 'pg';
import { seededRandom } from '../graph/seeded-random.js';
import { freePort } from './private-redis.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ENTRY = path.join(root, 'backend/dist/index.js');
const PASSWORD = 'kill-loop-password-1';
const START_TIMEOUT_MS = 120_000;

export interface KillLoopOptions {
  kills: number;
  /** Writes run this long (uniformly random within) before each kill. */
  minRunMs?: number;
  maxRunMs?: number;
  seed?: number;
  log?: (message: string) => void;
}

export interface KillRound {
  round: number;
  mode: 'app' | 'app+postgres';
  /** From spawning the server to its first 200 from /api/health (the database opened, migrations ran, the graph loaded). */
  restartMs: number;
  acknowledgedSoFar: number;
}

export interface KillLoopResult {
  kills: number;
  killsOfPostgres: number;
  /** Starts that reached a healthy server: every start, or the loop stopped at the first that did not. */
  healthyStarts: number;
  acknowledged: { diary: number; reviews: number; follows: number; saved: number; total: number };
  lost: string[];
  restartMs: number[];
  rounds: KillRound[];
}

type Kind = 'diary' | 'reviews' | 'follows' | 'saved';

/** A signed-in caller with its own cookie and CSRF token (a browser, as far as the server can tell). */
class Client {
  private cookie = '';
  private csrf = '';
  constructor(readonly base: () => string) {}

  async request(method: string, route: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`${this.base()}${route}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie, ...(this.csrf ? { [CSRF_HEADER]: this.csrf } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const setCookie = res.headers.getSetCookie().find((value) => value.startsWith('cdna.sid='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const token = res.headers.get(CSRF_HEADER);
    if (token) this.csrf = token;
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  }

  async register(username: string): Promise<number> {
    const csrf = await this.request('GET', '/api/auth/csrf');
    this.csrf = (csrf.json as { csrfToken: string }).csrfToken;
    const res = await this.request('POST', '/api/auth/register', { username, email: `${username}@example.com`, password: PASSWORD });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.json)}`);
    return (res.json as { id: number }).id;
  }
}


export async function runKillLoop(options: KillLoopOptions): Promise<KillLoopResult> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed ?? 24);
  const minRun = options.minRunMs ?? 300;
  const maxRun = options.maxRunMs ?? 1_500;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cinema-dna-kill-loop-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  let output = '';

  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '0',
    FIND_CONNECTION_RATE_LIMIT: '0',
  };

  async function start(): Promise<number> {
    const started = performance.now();
    output = '';
    server = spawn(process.execPath, [SERVER_ENTRY], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
    const exited = new Promise<never>((_, reject) => server!.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before it was healthy:\n${output}`))));
    exited.catch(() => {});
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then((res) => res.status === 200, () => false);
      if (healthy) return Math.round(performance.now() - started);
      if (Date.now() > deadline) throw new Error(`the server was not healthy within ${START_TIMEOUT_MS} ms:\n${output}`);
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
    }
  }

  /**
   * SIGKILL to the app, and (half the time) to every process of its PostgreSQL, the postmaster's whole
   * process group. The app goes first: killed the other way round, the app lives a moment without its
   * database and honestly answers a write in flight with a 500, which is not the crash this loop tests.
   */
  async function kill(withPostgres: boolean): Promise<void> {
    const app = server!;
    const gone = new Promise((resolve) => app.once('exit', resolve));
    const postmaster = withPostgres ? Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) : 0;
    app.kill('SIGKILL');
    await gone;
    server = null;
    if (withPostgres) process.kill(-postmaster, 'SIGKILL'); // pg_ctl starts it as a session leader: its group is every PostgreSQL process
  }

  const acknowledged = { diary: new Set<number>(), reviews: new Set<number>(), saved: new Set<number>() };
  /** Follow state per (follower, followee) after the last acknowledged toggle; `pending` when a later toggle got no answer. */
  const follows = new Map<string, { following: boolean; pending: boolean }>();
  const rounds: KillRound[] = [];
  const restartMs: number[] = [];
  let killsOfPostgres = 0;
  let healthyStarts = 0;
  let database: pg.Pool | null = null;

  try {
    restartMs.push(await start());
    healthyStarts += 1;

    // Accounts, catalog ids and a valid chain to save, read once through the API.
    const writers: Array<{ kind: Kind; client: Client; userId: number }> = [];
    const kinds: Kind[] = ['diary', 'diary', 'reviews', 'reviews', 'follows', 'follows', 'saved', 'saved'];
    for (const [index, kind] of kinds.entries()) {
      const client = new Client(() => base);
      writers.push({ kind, client, userId: await client.register(`killer_${index}_${process.pid}`) });
    }
    const targets: number[] = [];
    for (let i = 0; i < 12; i += 1) targets.push(await new Client(() => base).register(`target_${i}_${process.pid}`));
    database = await database_(dataDir);
    const movies = (await database.query<{ key: string; name: string }>(`select key, name from entities where type = 'movie' order by key`)).rows;
    // Reviews go to any entity (one per account and entity): the whole catalog, so a long loop does not run out.
    const reviewable = (await database.query<{ key: string; type: string }>(`select key, type from entities where type in ('movie', 'person') order by key`)).rows;
    const found = await writers[0]!.client.request('POST', '/api/connections/find', { fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks' });
    const chain = found.json as { path: Array<{ entity: { id: string; name: string; type: string } }> };
    if (found.status !== 200 || chain.path.length < 2) throw new Error(`no chain to save: ${found.status} ${JSON.stringify(found.json).slice(0, 300)}`);
    const [first, last] = [chain.path[0]!.entity, chain.path.at(-1)!.entity];
    const saveBody = { fromEntityId: first.id, fromEntityName: first.name, fromEntityType: first.type, toEntityId: last.id, toEntityName: last.name, toEntityType: last.type, path: chain.path };

    let reviewed = 0;
    let running = false;
    /** One write by one writer; resolves whether or not the server answered. */
    async function write(writer: (typeof writers)[number], counter: number): Promise<void> {
      const { client, kind } = writer;
      try {
        if (kind === 'diary') {
          const movie = movies[counter % movies.length]!;
          const res = await client.request('POST', '/api/diary', { movieId: movie.key.slice('movie:'.length), movieTitle: movie.name, watchedDate: '2026-01-15', rating: 3.5 });
          if (res.status === 201) acknowledged.diary.add((res.json as { id: number }).id);
          else throw new Error(`diary: ${res.status} ${JSON.stringify(res.json)}`);
        } else if (kind === 'reviews') {
          // One review per account and film: each writer walks its own half of the catalog.
          const entity = reviewable[(reviewed++ * 2 + (writers.indexOf(writer) % 2)) % reviewable.length]!;
          const res = await client.request('POST', '/api/reviews', { entityId: entity.key.slice(entity.type.length + 1), entityType: entity.type, rating: 4, title: `Take ${counter}`, content: `Seen again, round ${counter}.` });
          if (res.status === 201) acknowledged.reviews.add((res.json as { id: number }).id);
          // 409: this account reviewed it already (a write whose answer the kill cut off, or the catalog came round again).
          else if (res.status !== 409) throw new Error(`review: ${res.status} ${JSON.stringify(res.json)}`);
        } else if (kind === 'follows') {
          const followee = targets[counter % targets.length]!;
          const key = `${writer.userId}:${followee}`;
          const state = follows.get(key) ?? { following: false, pending: false };
          follows.set(key, { ...state, pending: true });
          const res = state.following ? await client.request('DELETE', `/api/users/unfollow/${followee}`) : await client.request('POST', '/api/users/follow', { userId: followee });
          // 404 on unfollow: a toggle whose answer the kill cut off had already unfollowed.
          if (res.status === 200 || (state.following && res.status === 404)) follows.set(key, { following: !state.following, pending: false });
          else throw new Error(`follow: ${res.status} ${JSON.stringify(res.json)}`);
        } else {
          const res = await client.request('POST', '/api/connections/save', saveBody);
          if (res.status === 201) acknowledged.saved.add((res.json as { id: number }).id);
          else throw new Error(`save: ${res.status} ${JSON.stringify(res.json)}`);
        }
      } catch (error) {
        // No answer (the kill) is expected; any other answer than success to a valid write is a bug worth stopping for.
        if (error instanceof Error && /^(diary|review|follow|save):/.test(error.message)) throw error;
      }
    }
    async function writeLoop(writer: (typeof writers)[number]): Promise<void> {
      for (let counter = 0; running; counter += 1) await write(writer, counter);
    }

    for (let round = 1; round <= options.kills; round += 1) {
      running = true;
      const loops = writers.map((writer) => writeLoop(writer));
      await new Promise((resolve) => setTimeout(resolve, minRun + random() * (maxRun - minRun)));
      const withPostgres = random() < 0.5;
      if (withPostgres) killsOfPostgres += 1;
      await database?.end().catch(() => {});
      database = null;
      await kill(withPostgres);
      running = false;
      await Promise.all(loops);

      const ms = await start();
      healthyStarts += 1;
      restartMs.push(ms);
      database = await database_(dataDir);
      const lost = await verify(database, acknowledged, follows);
      const total = acknowledged.diary.size + acknowledged.reviews.size + acknowledged.saved.size + [...follows.values()].filter((s) => !s.pending).length;
      rounds.push({ round, mode: withPostgres ? 'app+postgres' : 'app', restartMs: ms, acknowledgedSoFar: total });
      log(`kill ${round}/${options.kills} (${withPostgres ? 'app + PostgreSQL' : 'app'}): healthy again in ${ms} ms, ${total} acknowledged writes, ${lost.length} lost`);
      if (lost.length > 0) return result(lost);
    }
    return result([]);
  } finally {
    await database?.end().catch(() => {});
    if (server) {
      const app = server as ChildProcess;
      const gone = new Promise((resolve) => app.once('exit', resolve));
      app.kill('SIGTERM'); // graceful: stops its PostgreSQL too
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  function result(lost: string[]): KillLoopResult {
    const settledFollows = [...follows.values()].filter((state) => !state.pending).length;
    const counts = { diary: acknowledged.diary.size, reviews: acknowledged.reviews.size, follows: settledFollows, saved: acknowledged.saved.size };
    return {
      kills: rounds.length,
      killsOfPostgres,
      healthyStarts,
      acknowledged: { ...counts, total: counts.diary + counts.reviews + counts.follows + counts.saved },
      lost,
      restartMs,
      rounds,
    };
  }
}

/** A connection to the running server's embedded PostgreSQL (its socket is in the cluster folder). */
async function database_(dataDir: string): Promise<pg.Pool> {
  const socketDir = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[4]!.trim();
  return new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 2 });
}

/** Every acknowledged write, looked up in the database. Returns a line per write that is missing. */
async function verify(
  database: pg.Pool,
  acknowledged: { diary: Set<number>; reviews: Set<number>; saved: Set<number> },
  follows: Map<string, { following: boolean; pending: boolean }>,
): Promise<string[]> {
  const lost: string[] = [];
  const present = async (table: string, ids: Set<number>) => {
    const rows = (await database.query<{ id: number }>(`select id from ${table} where id = any($1::int[])`, [[...ids]])).rows;
    const found = new Set(rows.map((row) => row.id));
    for (const id of ids) if (!found.has(id)) lost.push(`${table} #${id}`);
  };
  await present('diary_entries', acknowledged.diary);
  await present('reviews', acknowledged.reviews);
  await present('saved_connections', acknowledged.saved);
  const pairs = new Set((await database.query<{ pair: string }>(`select follower_id || ':' || followee_id as pair from follows`)).rows.map((row) => row.pair));
  for (const [pair, state] of follows) {
    if (!state.pending && pairs.has(pair) !== state.following) lost.push(`follow ${pair} should be ${state.following ? 'present' : 'absent'}`);
  }
  return lost;
}
