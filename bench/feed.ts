/**
 * The activity feed at scale ("bench:feed"): live delivery of a new item to 10,000 followers, and feed
 * page reads over 1,000,000 items.
 *
 * The server is the production one (startServer: PostgreSQL when DATABASE_URL is set, else the embedded PostgreSQL;
 * Redis when REDIS_URL is set, else in process). Seeding goes straight to the tables (generate_series):
 * 10,000 followers of one author, each with a session row and a signed cookie as a sign-in would leave
 * them (hashing 10,000 passwords would measure bcrypt, not the feed), and 1,000,000 activity items
 * spread over those users and 100 days. The followers' sockets are real socket.io clients in child
 * processes (bench/feed-clients.ts); each signs in on the handshake and joins its feed rooms at connect.
 *
 * 1. Delivery: BENCH_FEED_ITEMS times, the author logs a public diary entry through the real path
 *    (`diary.logged` in the outbox → the activity subscriber writes the item → the push subscriber emits
 *    it once to `feed:<author>`). Latency = receipt on each socket − the moment before the record.
 *    Baseline in the same run: a bare emit of the same item to the same room (io.to(room).emit).
 *    Target: every follower within p99 ≤ 500 ms.
 * 2. Reads: GET /api/activity/feed for a user following 200 people, the first page and a deep page (a
 *    cursor 100 pages down), each read BENCH_FEED_READS times. Baseline: a bare `select 1` round trip
 *    (and an HTTP floor, GET /api/auth/csrf with the same cookie). Target: p99 ≤ 20 ms.
 * 3. EXPLAIN (ANALYZE) of the feed query: the plan must scan the (user_id, created_at, id) index.
 * Prints a table (targets met / NOT MET; never asserted) and writes bench/results/feed.json.
 *
 *   npm run bench:feed
 *
 * Environment: BENCH_FEED_FOLLOWERS (10,000), BENCH_FEED_ITEMS_SEEDED (1,000,000), BENCH_FEED_ITEMS (10),
 * BENCH_FEED_READS (300), BENCH_FEED_CLIENT_PROCS (4). Try it small: BENCH_FEED_FOLLOWERS=500 BENCH_FEED_ITEMS_SEEDED=50000 npm run bench:feed
 */
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { feedQuery } from '../backend/src/features/activity/service.js';
import { followeesQuery } from '../backend/src/features/follows/queries.js';
import { loadConfig } from '../backend/src/platform/config.js';
import { userAggregate } from '../backend/src/platform/events/index.js';
import { createLogger } from '../backend/src/platform/logging.js';
import { feedRoom } from '../backend/src/platform/notifier.js';
import { startServer, type RunningServer } from '../backend/src/server.js';
import { dropSchema } from '../backend/src/test-support/targets.js';
import { round, roundSummary, summarize, type LatencySummary } from './latency.js';
import type { FeedClientsCommand, FeedClientsMessage } from './feed-clients.js';

const env = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return Math.round(value);
};
const followerCount = env('BENCH_FEED_FOLLOWERS', 10_000);
const seededItems = env('BENCH_FEED_ITEMS_SEEDED', 1_000_000);
const publishCount = env('BENCH_FEED_ITEMS', 10);
const readCount = env('BENCH_FEED_READS', 300);
const clientProcs = env('BENCH_FEED_CLIENT_PROCS', 4);
const FOLLOWED_BY_READER = 200;
const repoRoot = path.resolve(import.meta.dirname, '..');

export const TARGETS = { deliveryP99Ms: 500, feedReadP99Ms: 20 };

const now = () => performance.timeOrigin + performance.now();
/** A session id signed as express-session signs its cookie (cookie-signature: HMAC-SHA256, base64 without padding). */
const signed = (sid: string, secret: string) => `${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function next<T extends FeedClientsMessage['type']>(child: ReturnType<typeof fork>, type: T, timeoutMs: number, match: (m: Extract<FeedClientsMessage, { type: T }>) => boolean = () => true) {
  return new Promise<Extract<FeedClientsMessage, { type: T }>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${type}' from the clients within ${timeoutMs / 1000} s`)), timeoutMs);
    const listen = (message: FeedClientsMessage) => {
      if (message.type !== type || !match(message as Extract<FeedClientsMessage, { type: T }>)) return;
      clearTimeout(timer);
      child.off('message', listen);
      resolve(message as Extract<FeedClientsMessage, { type: T }>);
    };
    child.on('message', listen);
  });
}

async function timed(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < Math.min(20, times); i++) await work(); // warm-up
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-bench-feed-'));
  const schema = `bench_feed_${randomBytes(4).toString('hex')}`;
  const secret = `bench-feed-${randomBytes(24).toString('hex')}`;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: secret,
    EVENTS_POLL_INTERVAL_MS: '1000',
    LOG_LEVEL: 'warn',
    // The bench's sockets and reads all come from 127.0.0.1: no per-client limit applies here.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const server: RunningServer = await startServer(config, { logger: createLogger('warn'), redisKeyPrefix: `bench:feed:${randomBytes(4).toString('hex')}:`, searchWorkers: 0 });
  const db = server.database.db;
  const storage = `${server.database.driver} + ${server.shared.driver}`;
  console.log(`server on ${server.url} (${storage})`);
  const children: Array<ReturnType<typeof fork>> = [];
  try {
    // 1. Seed: users, follows, sessions, items.
    let started = performance.now();
    const tag = randomBytes(3).toString('hex');
    const insertUsers = async (prefix: string, count: number) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into users (username, username_lower, email, display_name, last_active_at)
          select ${prefix} || n, ${prefix} || n, ${prefix} || n || '@bench.example', 'Bench ' || n, now()
          from generate_series(1, ${count}) n
          returning id`),
      ).map((row) => Number(row.id));
    const followers = await insertUsers(`bf_${tag}_`, followerCount);
    const [author] = await insertUsers(`ba_${tag}_`, 1);
    const [reader] = await insertUsers(`br_${tag}_`, 1);
    await db.execute(sql`insert into follows (follower_id, followee_id) select id, ${author!} from users where username_lower like ${`bf_${tag}_%`}`);
    await db.execute(sql`
      insert into follows (follower_id, followee_id)
      select ${reader!}, id from users where username_lower like ${`bf_${tag}_%`} order by random() limit ${FOLLOWED_BY_READER}`);
    // Sessions as express-session and Passport leave them after a sign-in; the cookie is signed with the secret.
    const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
    const sids = new Map<number, string>();
    for (const id of [...followers, reader!]) sids.set(id, randomBytes(18).toString('base64url'));
    const entries = [...sids.entries()];
    for (let i = 0; i < entries.length; i += 2_000) {
      const chunk = entries.slice(i, i + 2_000);
      await db.execute(sql`
        insert into sessions (sid, data, expires_at, user_id) values ${sql.join(
          chunk.map(([userId, sid]) => sql`(${sid}, ${JSON.stringify({ cookie: { originalMaxAge: 86_400_000, expires, httpOnly: true, path: '/', sameSite: 'lax', secure: false }, passport: { user: userId } })}::jsonb, ${expires}::timestamptz, ${userId})`),
          sql`, `,
        )}`);
    }
    const cookieOf = (userId: number) => `cdna.sid=${encodeURIComponent(`s:${signed(sids.get(userId)!, secret)}`)}`;
    console.log(`seeded ${followerCount} followers, their follows and sessions in ${round((performance.now() - started) / 1000)} s`);

    started = performance.now();
    const chunk = 100_000;
    for (let from = 1; from <= seededItems; from += chunk) {
      const to = Math.min(seededItems, from + chunk - 1);
      await db.execute(sql`
        insert into activity_items (user_id, type, content, source_event_id, created_at)
        select ${followers[0]!} + (hashint % ${followerCount}), 'badge', jsonb_build_object('badgeName', 'Seed ' || n), 'bench-seed:' || ${tag} || ':' || n,
               now() - interval '100 days' * ((hashint % 1000000) / 1000000.0)
        from (select n, abs(hashtext(n::text)) as hashint from generate_series(${from}::int, ${to}::int) n) s`);
      process.stdout.write(`\r${to.toLocaleString('en')} items`);
    }
    // As autovacuum would leave a table that has settled: statistics, and a visibility map for index-only scans.
    await db.execute(sql`vacuum analyze activity_items`);
    await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(` seeded in ${round(seedSeconds)} s (follower ids are consecutive: ${followers[0]}..${followers.at(-1)})`);

    // 2. The followers' sockets, in child processes.
    started = performance.now();
    for (let i = 0; i < Math.min(clientProcs, followerCount); i++) {
      children.push(fork(path.join(import.meta.dirname, 'feed-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    }
    children.forEach((child, i) =>
      child.send({ type: 'connect', url: server.url, cookies: followers.filter((_, n) => n % children.length === i).map(cookieOf) } satisfies FeedClientsCommand),
    );
    const readies = await Promise.all(children.map((child) => next(child, 'ready', 600_000)));
    const connected = readies.reduce((n, r) => n + r.connected, 0);
    console.log(`${connected} sockets connected in ${round((performance.now() - started) / 1000)} s${readies.some((r) => r.failures.length) ? `; failures: ${readies.flatMap((r) => r.failures).join('; ')}` : ''}`);
    // Joining feed rooms is one query after each connect: let the last ones land.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const roomSize = (await server.io.in(feedRoom(author!)).fetchSockets()).length;
    console.log(`sockets in feed:${author}: ${roomSize}`);

    const collect = async (marker: string) => {
      const parts = await Promise.all(children.map((child) => {
        const answer = next(child, 'collected', 60_000, (m) => m.marker === marker);
        child.send({ type: 'collect', marker, timeoutMs: 15_000 } satisfies FeedClientsCommand);
        return answer;
      }));
      return { times: parts.flatMap((p) => p.times), missing: parts.reduce((n, p) => n + p.missing, 0), stray: Math.max(...parts.map((p) => p.stray)) };
    };

    // 3. Delivery through the real path, then the bare-emit baseline, alternating.
    const delivery: number[] = [];
    const deliveryAll: number[] = [];
    const baseline: number[] = [];
    const baselineAll: number[] = [];
    let missing = 0;
    let baselineMissing = 0;
    let stray = 0;
    for (let i = 0; i < publishCount; i++) {
      const marker = `bench-item-${i}`;
      const t0 = now();
      await server.services.events.transaction((tx) =>
        server.services.events.record(
          tx,
          'diary.logged',
          { userId: author!, entryId: 1_000_000 + i, movieId: 'mad-max-fury-road-2015', movieTitle: marker, watchedDate: '2026-11-27', rating: 4, rewatch: false, isPrivate: false },
          userAggregate(author!),
        ),
      );
      const got = await collect(marker);
      missing += got.missing;
      stray = Math.max(stray, got.stray);
      const latencies = got.times.map((at) => at - t0);
      delivery.push(...latencies);
      deliveryAll.push(Math.max(...latencies));

      const baseMarker = `bench-base-${i}`;
      const item = { id: String(i), type: 'diary' as const, user: { id: author!, username: 'author', displayName: 'Author' }, timestamp: new Date().toISOString(), content: { movieTitle: baseMarker, entityKey: 'movie:mad-max-fury-road-2015', rating: 4, rewatch: false } };
      const b0 = now();
      server.io.to(feedRoom(author!)).emit('activity:new', item);
      const base = await collect(baseMarker);
      baselineMissing += base.missing;
      const baseLatencies = base.times.map((at) => at - b0);
      baseline.push(...baseLatencies);
      baselineAll.push(Math.max(...baseLatencies));
      console.log(`item ${i + 1}/${publishCount}: all ${got.times.length} in ${round(deliveryAll.at(-1)!)} ms (bare emit: ${round(baselineAll.at(-1)!)} ms)`);
    }

    // 4. Feed reads over HTTP for the reader (200 followees), first and deep page, against the floors.
    const readerCookie = cookieOf(reader!);
    const get = async (route: string) => {
      const res = await fetch(`${server.url}${route}`, { headers: { cookie: readerCookie } });
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ items: unknown[]; nextCursor: string | null }>;
    };
    let cursor: string | null = null;
    for (let pageNo = 0; pageNo < 100; pageNo++) cursor = (await get(`/api/activity/feed?limit=20${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
    const deepCursor = cursor!;
    const firstPage = await timed(readCount, () => get('/api/activity/feed'));
    const deepPage = await timed(readCount, () => get(`/api/activity/feed?cursor=${deepCursor}`));
    const selectOne = await timed(readCount, () => db.execute(sql`select 1`));
    const httpFloor = await timed(readCount, () => fetch(`${server.url}/api/auth/csrf`, { headers: { cookie: readerCookie } }).then((res) => res.json()));
    const queryOnly = await timed(readCount, () => db.execute(feedQuery(followeesQuery, reader!, { limit: 20 })));

    // 5. The plan.
    const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, costs off) ${feedQuery(followeesQuery, reader!, { limit: 20, cursor: deepCursor })}`)).map((row) => Object.values(row)[0]!);
    const usesIndex = plan.some((line) => /Index (Only )?Scan.*activity_items_user_created_idx/.test(line));

    report({
      storage,
      connected,
      roomSize,
      missing,
      baselineMissing,
      stray,
      seedSeconds,
      delivery: roundSummary(summarize(delivery)),
      deliveryAll: roundSummary(summarize(deliveryAll)),
      baseline: roundSummary(summarize(baseline)),
      baselineAll: roundSummary(summarize(baselineAll)),
      firstPage: roundSummary(summarize(firstPage)),
      deepPage: roundSummary(summarize(deepPage)),
      queryOnly: roundSummary(summarize(queryOnly)),
      selectOne: roundSummary(summarize(selectOne)),
      httpFloor: roundSummary(summarize(httpFloor)),
      plan,
      usesIndex,
    });
  } finally {
    for (const child of children) {
      child.send({ type: 'close' } satisfies FeedClientsCommand);
    }
    await server.close();
    if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Results {
  storage: string;
  connected: number;
  roomSize: number;
  missing: number;
  baselineMissing: number;
  stray: number;
  seedSeconds: number;
  delivery: LatencySummary;
  deliveryAll: LatencySummary;
  baseline: LatencySummary;
  baselineAll: LatencySummary;
  firstPage: LatencySummary;
  deepPage: LatencySummary;
  queryOnly: LatencySummary;
  selectOne: LatencySummary;
  httpFloor: LatencySummary;
  plan: string[];
  usesIndex: boolean;
}

function report(r: Results): void {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const deliveryMet = r.delivery.p99 <= TARGETS.deliveryP99Ms && r.missing === 0;
  const readMet = r.firstPage.p99 <= TARGETS.feedReadP99Ms && r.deepPage.p99 <= TARGETS.feedReadP99Ms;
  const line = (cells: Array<string | number>, widths: number[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join(' ');
  const widths = [46, 8, 9, 9, 9, 9, 20];
  const rows: Array<[string, LatencySummary, string]> = [
    ['activity:new to each follower (real path)', r.delivery, `p99 ≤ ${TARGETS.deliveryP99Ms}: ${verdict(deliveryMet)}`],
    ['  per item: until the last follower has it', r.deliveryAll, ''],
    ['  baseline: bare io.to(room).emit, same sockets', r.baseline, 'floor'],
    ['  baseline per item: until the last has it', r.baselineAll, ''],
    ['GET /api/activity/feed, first page (HTTP)', r.firstPage, `p99 ≤ ${TARGETS.feedReadP99Ms}: ${verdict(r.firstPage.p99 <= TARGETS.feedReadP99Ms)}`],
    ['GET /api/activity/feed, page 101 (HTTP)', r.deepPage, `p99 ≤ ${TARGETS.feedReadP99Ms}: ${verdict(r.deepPage.p99 <= TARGETS.feedReadP99Ms)}`],
    ['  the feed query alone, first page', r.queryOnly, 'in the server'],
    ['  baseline: select 1 round trip', r.selectOne, 'DB floor'],
    ['  baseline: GET /api/auth/csrf (HTTP, session)', r.httpFloor, 'HTTP floor'],
  ];
  console.log(`\n${r.connected} follower sockets (${r.roomSize} in the author's feed room), ${seededItems.toLocaleString('en')} items seeded, ${r.storage}, ${cpus().length} cores\n`);
  console.log(line(['ms', 'count', 'p50', 'p90', 'p99', 'max', 'target'], widths));
  for (const [name, s, target] of rows) console.log(line([name, s.count, s.p50, s.p90, s.p99, s.max, target], widths));
  console.log(`\nnot delivered: ${r.missing} (bare emit: ${r.baselineMissing}); items a socket should not have received: ${r.stray}`);
  console.log(`feed query plan uses activity_items_user_created_idx: ${r.usesIndex ? 'yes' : 'NO'}`);
  for (const planLine of r.plan.filter((l) => /Scan|Limit|Sort|Nested Loop|Execution Time/.test(l)).slice(0, 12)) console.log(`  ${planLine}`);
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  const file = path.join(repoRoot, 'bench/results/feed.json');
  const json = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadAverage: loadavg().map((v) => round(v)) },
    storage: r.storage,
    size: { followers: followerCount, sockets: r.connected, roomSize: r.roomSize, itemsSeeded: seededItems, itemsPublished: publishCount, readerFollows: FOLLOWED_BY_READER, reads: readCount, clientProcesses: clientProcs },
    targets: TARGETS,
    met: { deliveryP99: deliveryMet, feedReadP99: readMet, planUsesIndex: r.usesIndex },
    deliveryMs: r.delivery,
    deliveryToLastFollowerMs: r.deliveryAll,
    baselineBareEmitMs: r.baseline,
    baselineBareEmitToLastMs: r.baselineAll,
    notDelivered: r.missing,
    baselineNotDelivered: r.baselineMissing,
    strayItems: r.stray,
    feedFirstPageMs: r.firstPage,
    feedDeepPageMs: r.deepPage,
    feedQueryOnlyMs: r.queryOnly,
    baselineSelectOneMs: r.selectOne,
    baselineHttpFloorMs: r.httpFloor,
    seedSeconds: round(r.seedSeconds),
    plan: r.plan,
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
