/**
 * Data for bench:leaderboard: its own PostgreSQL database (created if missing, every migration
 * applied through openDatabase), filled set-wise in SQL with `users` and `points_ledger` rows.
 *
 * Spread: user ids are drawn as ⌊N·u²⌋ (u uniform), so the first users are heavy players (the top
 * one holds ~R/√N rows, ~10,000 at 1M users / 10M rows, ≈ 23 a day), the tail averages R/2N rows and
 * ~1% never scored. Dates fall over the last 14 months, more of them recent (age = 425 days · u^1.3),
 * so this week, this month and this year all hold data. Reasons: discoveries 55% (10 pts, the pair
 * in details), watchlist adds 15% (2), reviews 10% (5), daily logins 12% (1), challenges 5%
 * (50–150 pts with par and degrees in details), badges 2.5% (25–500), hints 0.5% (−5, heavy players only).
 * Award keys are unique per user by construction (they carry the row number), so the unique indexes hold.
 *
 * Loading drops the ledger's secondary indexes and its foreign key, inserts in batches of 1M rows,
 * inserts the users with their balances and levels (users.points = the ledger's sum, as award()
 * keeps it), then recreates the indexes and the key from their saved definitions and VACUUM ANALYZEs.
 * A database generated with the same sizes in the same ISO week and month is reused.
 */
import { LEVELS } from '@cinema-dna/shared-types';
import pg from 'pg';
import { openDatabase } from '../backend/src/platform/db/database.js';

export interface LeaderboardDataOptions {
  /** Server URL without a database name's meaning: the bench's database is created beside it. */
  serverUrl: string;
  database: string;
  users: number;
  rows: number;
  /** Regenerate even when a matching data set is present. */
  force?: boolean;
  log: (message: string) => void;
}

export interface LeaderboardData {
  url: string;
  users: number;
  rows: number;
  reused: boolean;
  generatedAt: string;
  /** Seconds per step when generated in this run. */
  timings: Record<string, number>;
  /** What the data holds, measured (not the intended shares). */
  profile: {
    usersWithRows: number;
    rowsByReason: Record<string, number>;
    rowsThisWeek: number;
    rowsThisMonth: number;
    rowsThisYear: number;
    topUserRows: number;
    topUserPoints: number;
    medianPoints: number;
    tableBytes: number;
    indexBytes: number;
  };
}

const GENERATOR_VERSION = 1;
const BATCH_ROWS = 1_000_000;

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Same ISO week and same month (UTC): the weekly, monthly and yearly windows still hold the data's recent rows. */
function sameWindows(a: Date, b: Date): boolean {
  const monday = (d: Date) => {
    const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return day - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  };
  return monday(a) === monday(b) && a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth();
}

const levelCase = (column: string) =>
  `case ${[...LEVELS]
    .reverse()
    .map((l) => `when ${column} >= ${l.threshold} then ${l.level}`)
    .join(' ')} else 1 end`;

export async function prepareLeaderboardData(options: LeaderboardDataOptions): Promise<LeaderboardData> {
  const { users, rows, log } = options;
  const url = databaseUrl(options.serverUrl, options.database);
  if (await isReusable(url, options)) {
    // Migrations added since it was generated.
    await (await openDatabase({ url })).close();
    const client = await connect(url);
    try {
      const meta = await client.query<{ generated_at: Date }>('select generated_at from bench_leaderboard_meta');
      const generatedAt = meta.rows[0]!.generated_at;
      log(`reusing ${users.toLocaleString('en')} users and ${rows.toLocaleString('en')} ledger rows generated ${generatedAt.toISOString()}`);
      return { url, users, rows, reused: true, generatedAt: generatedAt.toISOString(), timings: {}, profile: await measureProfile(client) };
    } finally {
      await client.end();
    }
  }

  // A fresh database each time: a generation that stopped half-way (indexes dropped) leaves nothing behind.
  const admin = await connect(options.serverUrl);
  try {
    await admin.query(`drop database if exists "${options.database}" with (force)`);
    await admin.query(`create database "${options.database}"`);
  } finally {
    await admin.end();
  }
  // Every migration, as the server would apply them.
  const database = await openDatabase({ url });
  await database.close();

  const client = await connect(url);
  const timings: Record<string, number> = {};
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    await client.query(sql, params);
    timings[name] = Math.round(((performance.now() - started) / 1000 + (timings[name] ?? 0)) * 10) / 10;
  };
  try {
    const generatedAt = await generate(client, { users, rows, log, step });
    const profile = await measureProfile(client);
    return { url, users, rows, reused: false, generatedAt: generatedAt.toISOString(), timings, profile };
  } finally {
    await client.end();
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The database holds a complete data set of these sizes, generated in this ISO week and month. */
async function isReusable(url: string, options: LeaderboardDataOptions): Promise<boolean> {
  if (options.force) return false;
  let client: pg.Client;
  try {
    client = await connect(url);
  } catch {
    return false; // no such database yet
  }
  try {
    const meta = await client.query<{ version: number; users: number; rows: string; generated_at: Date }>('select * from bench_leaderboard_meta');
    const previous = meta.rows[0];
    if (!previous || previous.version !== GENERATOR_VERSION || previous.users !== options.users || Number(previous.rows) !== options.rows) return false;
    if (!sameWindows(previous.generated_at, new Date())) return false;
    const counts = await client.query<{ users: string; rows: string }>('select (select count(*) from users) as users, (select count(*) from points_ledger) as rows');
    return Number(counts.rows[0]!.users) === options.users && Number(counts.rows[0]!.rows) === options.rows;
  } catch {
    return false; // no meta table: never completed
  } finally {
    await client.end();
  }
}

async function generate(
  client: pg.Client,
  { users, rows, log, step }: { users: number; rows: number; log: (message: string) => void; step: (name: string, sql: string, params?: unknown[]) => Promise<void> },
): Promise<Date> {
  log(`generating ${users.toLocaleString('en')} users and ${rows.toLocaleString('en')} ledger rows in PostgreSQL...`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('set synchronous_commit = off');
  await client.query('create table bench_leaderboard_meta (version int not null, users int not null, rows bigint not null, generated_at timestamptz not null)');

  const indexes = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = 'points_ledger' and indexname <> 'points_ledger_pkey'`,
  );
  const foreignKeys = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'points_ledger'::regclass and contype = 'f'`,
  );
  for (const fk of foreignKeys.rows) await client.query(`alter table points_ledger drop constraint "${fk.name}"`);
  for (const index of indexes.rows) await client.query(`drop index "${index.name}"`);

  const now = new Date();
  // Heavy players first: ⌊N·u²⌋ + 1. Hints only for the top 10% of ids, so no balance goes negative.
  const ledgerInsert = `
    insert into points_ledger (user_id, reason, points, award_key, source_event_id, details, created_at)
    select user_id, reason,
      case reason
        when 'discovery' then 10 when 'watchlist_add' then 2 when 'review' then 5 when 'daily_login' then 1
        when 'challenge' then 50 + (r4 * 100)::int when 'badge' then (array[25, 50, 100, 250, 500])[1 + floor(r4 * 5)::int]
        else -5 end,
      case reason
        when 'discovery' then 'discovery:person:' || (r4 * 300000)::int || '|movie:' || g
        when 'watchlist_add' then 'watchlist:movie:' || g
        when 'review' then 'review:movie:' || g
        when 'daily_login' then 'daily-login:' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') || '#' || g
        when 'challenge' then 'challenge:' || g
        when 'badge' then 'badge:bench-' || g
        else 'hint:' || g end,
      'bench-' || g,
      case reason
        when 'discovery' then jsonb_build_object('from', 'person:' || (r4 * 300000)::int, 'to', 'movie:' || (g % 500000), 'degrees', 1 + (r5 * 5)::int)
        when 'watchlist_add' then jsonb_build_object('entity', 'movie:' || (g % 500000))
        when 'review' then jsonb_build_object('entity', 'movie:' || (g % 500000), 'rating', 1 + (r5 * 4)::int)
        when 'challenge' then jsonb_build_object('challengeId', (g % 5000), 'par', 2 + (r4 * 3)::int, 'degrees', 2 + (r4 * 3)::int + floor(r5 * r5 * 4)::int)
        when 'badge' then jsonb_build_object('badge', 'bench-' || (g % 40))
        else '{}'::jsonb end,
      created_at
    from (
      select g, user_id, r4, r5, created_at,
        case
          when r3 < 0.55 then 'discovery' when r3 < 0.70 then 'watchlist_add' when r3 < 0.80 then 'review'
          when r3 < 0.92 then 'daily_login' when r3 < 0.97 then 'challenge'
          when r3 < 0.995 or user_id > $3::int / 10 then 'badge' else 'hint' end as reason
      from (
        select g, 1 + least($3::int - 1, floor($3::int * r1 * r1)::int) as user_id, r3, r4, r5,
          $4::timestamptz - interval '425 days' * power(r2, 1.3) - interval '1 second' * (r5 * 3600) as created_at
        from (select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5 from generate_series($1::bigint, $2::bigint) as g) raw
      ) drawn
    ) typed`;
  for (let from = 1; from <= rows; from += BATCH_ROWS) {
    const to = Math.min(rows, from + BATCH_ROWS - 1);
    // Reproducible: each batch seeds the generator.
    await client.query('select setseed($1)', [((from / BATCH_ROWS) % 1000) / 1000]);
    await step('ledger rows', ledgerInsert, [from, to, users, now]);
    log(`  ledger rows ${to.toLocaleString('en')} / ${rows.toLocaleString('en')}`);
  }

  // Users with their balances (users.points = the ledger's sum, as award() keeps it) and levels.
  await step(
    'users',
    `insert into users (id, username, username_lower, email, display_name, level, points, created_at, last_active_at)
     overriding system value
     select g, 'player' || g, 'player' || g, '', 'Player ' || g, ${levelCase('coalesce(s.total, 0)')}, coalesce(s.total, 0),
       coalesce(s.first_at, $2::timestamptz) - interval '1 day', coalesce(s.last_at, $2::timestamptz)
     from generate_series(1, $1::int) as g
     left join (select user_id, sum(points)::int as total, min(created_at) as first_at, max(created_at) as last_at from points_ledger group by user_id) s on s.user_id = g`,
    [users, now],
  );
  await client.query(`select setval(pg_get_serial_sequence('users', 'id'), $1)`, [users]);
  log('  users inserted; rebuilding the ledger indexes...');
  for (const index of indexes.rows) await step(`index ${index.name}`, index.def);
  for (const fk of foreignKeys.rows) await step('foreign key', `alter table points_ledger add constraint "${fk.name}" ${fk.def}`);
  await step('vacuum analyze', 'vacuum analyze users');
  await step('vacuum analyze', 'vacuum analyze points_ledger');
  await client.query('insert into bench_leaderboard_meta (version, users, rows, generated_at) values ($1, $2, $3, $4)', [GENERATOR_VERSION, users, rows, now]);
  return now;
}

async function measureProfile(client: pg.Client): Promise<LeaderboardData['profile']> {
  const byReason = await client.query<{ reason: string; n: string }>('select reason, count(*) as n from points_ledger group by reason order by reason');
  const windows = await client.query<{ week: string; month: string; year: string }>(
    `select count(*) filter (where created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC') as week,
            count(*) filter (where created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as month,
            count(*) filter (where created_at >= date_trunc('year', now() at time zone 'UTC') at time zone 'UTC') as year
     from points_ledger`,
  );
  const top = await client.query<{ rows: string; points: number }>(
    `select count(*) as rows, (select points from users order by points desc limit 1) as points from points_ledger where user_id = (select id from users order by points desc limit 1)`,
  );
  const spread = await client.query<{ with_rows: string; median: number }>(
    `select count(*) filter (where points <> 0) as with_rows, percentile_disc(0.5) within group (order by points) as median from users`,
  );
  const size = await client.query<{ table: string; indexes: string }>(`select pg_table_size('points_ledger') as table, pg_indexes_size('points_ledger') as indexes`);
  return {
    usersWithRows: Number(spread.rows[0]!.with_rows),
    rowsByReason: Object.fromEntries(byReason.rows.map((r) => [r.reason, Number(r.n)])),
    rowsThisWeek: Number(windows.rows[0]!.week),
    rowsThisMonth: Number(windows.rows[0]!.month),
    rowsThisYear: Number(windows.rows[0]!.year),
    topUserRows: Number(top.rows[0]!.rows),
    topUserPoints: top.rows[0]!.points,
    medianPoints: spread.rows[0]!.median,
    tableBytes: Number(size.rows[0]!.table),
    indexBytes: Number(size.rows[0]!.indexes),
  };
}
