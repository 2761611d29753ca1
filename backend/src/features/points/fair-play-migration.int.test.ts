import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, testDatabaseUrl, uniqueSuffix } from '../../test-support/targets.js';

/**
 * The fair-play migration (rule 11): the awards today's code wrote for the issue's cheats, seeded as
 * it wrote them, are re-derived under the rules of points; an honest player's are left as they were.
 */

const MIGRATIONS = fileURLToPath(new URL('../../../migrations', import.meta.url));
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
/** Found by name, not number: a merge may renumber it. */
const FAIR_PLAY = journal.entries.find((entry) => entry.tag.endsWith('_fair_play'))!.tag;

/** A copy of the migrations folder without the fair-play migration and those after it, as deployed before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cdna-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const file = path.join(folder, 'meta', '_journal.json');
  writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag)) }));
  return folder;
}

/** The day the cheats happened (a past UTC day; its hours only order the rows). */
const DAY = '2026-11-20';
const at = (second: number) => new Date(Date.parse(`${DAY}T08:00:00Z`) + second * 1000).toISOString();
const SUBSTANCE = 'A slow burn that pays off: every scene earns its place.';

describe('the fair-play migration on postgres', () => {
  const url = testDatabaseUrl();
  const schemaName = `test_${uniqueSuffix()}`;
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schemaName}` });
  const db = drizzle(pool);
  const folders: string[] = [];
  const rows = async <T,>(query: SQL) => (await db.execute(query)).rows as T[];
  const ids: Record<string, number> = {};

  async function player(name: string): Promise<number> {
    const [row] = await rows<{ id: number }>(sql`insert into users (username, username_lower, email, display_name) values (${name}, ${name}, '', ${name}) returning id`);
    ids[name] = row!.id;
    return row!.id;
  }
  /** One ledger row as today's code wrote it, with the balance and level moved along. */
  async function award(userId: number, reason: string, points: number, awardKey: string, second: number, details: Record<string, unknown> = {}): Promise<void> {
    await db.execute(sql`insert into points_ledger (user_id, reason, points, award_key, source_event_id, details, created_at)
      values (${userId}, ${reason}, ${points}, ${awardKey}, ${randomUUID()}, ${JSON.stringify(details)}::jsonb, ${at(second)})`);
    await db.execute(sql`update users set points = points + ${points} where id = ${userId}`);
  }
  async function counter(userId: number, name: string, value: number, keys: string[] = []): Promise<void> {
    await db.execute(sql`insert into badge_counters (user_id, counter, value) values (${userId}, ${name}, ${value})`);
    for (const key of keys) await db.execute(sql`insert into badge_counted_keys (user_id, counter, key) values (${userId}, ${name}, ${key})`);
  }
  /** A badge earned, and its reward paid (as badge.earned and the ledger did). */
  async function badge(userId: number, badgeId: string, reward: number, second: number): Promise<void> {
    await db.execute(sql`insert into earned_badges (user_id, badge_id, earned_at) values (${userId}, ${badgeId}, ${at(second)})`);
    await award(userId, 'badge', reward, `badge:${badgeId}`, second, { badgeId });
  }
  async function review(userId: number, movie: string, content: string, second: number): Promise<void> {
    await db.execute(sql`insert into reviews (user_id, entity_type, entity_id, rating, title, content, created_at) values (${userId}, 'movie', ${movie}, 4, 'Seen it', ${content}, ${at(second)})`);
    await award(userId, 'review', 5, `review:movie:${movie}`, second, { entity: `movie:${movie}` });
  }
  /** An attempt as the challenges feature wrote it: started at 08:00, finished `timeMs` later (a whole chain without an attempt: at once). */
  async function attempt(userId: number, challengeId: string, fields: { status: string; moves: number; timeMs: number; degrees: number | null; points: number; wholeChain?: boolean }): Promise<void> {
    const finished = fields.wholeChain ? at(0) : new Date(Date.parse(at(0)) + fields.timeMs).toISOString();
    await db.execute(sql`insert into challenge_attempts (user_id, challenge_id, status, chain, moves, rewarded, whole_chain, started_at, ends_at, finished_at, time_ms, degrees, points)
      values (${userId}, ${challengeId}, ${fields.status}, '[]'::jsonb, ${fields.moves}, true, ${fields.wholeChain ?? false}, ${at(0)}, ${at(600)}, ${finished}, ${fields.timeMs}, ${fields.degrees}, ${fields.points})`);
  }
  const solved = (challengeId: string, points: number) => ({ challengeId, daily: true, date: DAY, par: 3, degrees: 3, points });

  const state = async (name: string) => {
    const userId = ids[name]!;
    const [account] = await rows<{ points: number; level: number }>(sql`select points, level from users where id = ${userId}`);
    const [sum] = await rows<{ total: number }>(sql`select coalesce(sum(points), 0)::int as total from points_ledger where user_id = ${userId}`);
    const badges = await rows<{ badge_id: string }>(sql`select badge_id from earned_badges where user_id = ${userId} order by badge_id`);
    const counters = await rows<{ counter: string; value: number }>(sql`select counter, value from badge_counters where user_id = ${userId} order by counter`);
    const byReason = await rows<{ reason: string; n: number; total: number }>(sql`select reason, count(*)::int as n, sum(points)::int as total from points_ledger where user_id = ${userId} group by reason order by reason`);
    return {
      points: account!.points,
      level: account!.level,
      ledgerSum: sum!.total,
      badges: badges.map((row) => row.badge_id),
      counters: Object.fromEntries(counters.map((row) => [row.counter, row.value])),
      ledger: Object.fromEntries(byReason.map((row) => [row.reason, [row.n, row.total]])),
    };
  };

  let honestBefore: Awaited<ReturnType<typeof state>>;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA "${schemaName}"`);
    const before = migrationsBefore(FAIR_PLAY);
    folders.push(before);
    await migrate(db, { migrationsFolder: before, migrationsSchema: schemaName });

    // Reviews: 12 one-letter reviews, then 7 of substance, all in one day: 95 points, First Review, Critic, Century.
    const reviewer = await player('reviewer');
    await award(reviewer, 'daily_login', 1, `daily-login:${DAY}`, 0, { day: DAY });
    for (let n = 0; n < 12; n += 1) await review(reviewer, `short-${n}`, 'x', 10 + n);
    for (let n = 0; n < 7; n += 1) await review(reviewer, `long-${n}`, SUBSTANCE, 30 + n);
    await badge(reviewer, 'first-review', 10, 10);
    await badge(reviewer, 'critic', 50, 20);
    await badge(reviewer, 'century', 10, 40);
    await counter(reviewer, 'reviews', 19, [...Array.from({ length: 12 }, (_, n) => `movie:short-${n}`), ...Array.from({ length: 7 }, (_, n) => `movie:long-${n}`)]);
    await counter(reviewer, 'points', 166);
    await counter(reviewer, 'level', 2);

    // One path saved 25 times: Keeper and Archivist.
    const archivist = await player('archivist');
    await award(archivist, 'daily_login', 1, `daily-login:${DAY}`, 0, { day: DAY });
    for (let n = 0; n < 25; n += 1) {
      await db.execute(sql`insert into saved_connections (user_id, from_entity_id, from_entity_name, from_entity_type, to_entity_id, to_entity_name, to_entity_type, path, degrees)
        values (${archivist}, ${n % 2 === 0 ? 'kevin-bacon' : 'tom-hanks'}, 'A', 'person', ${n % 2 === 0 ? 'tom-hanks' : 'kevin-bacon'}, 'B', 'person', '[]'::jsonb, 2)`);
    }
    await badge(archivist, 'keeper', 10, 1);
    await badge(archivist, 'archivist', 50, 25);
    await counter(archivist, 'saved-connections', 25);
    await counter(archivist, 'points', 61);
    await counter(archivist, 'level', 1);

    // 30 discoveries in a day under the old cap of 30, and 3 on an earlier day.
    const discoverer = await player('discoverer');
    for (let n = 0; n < 30; n += 1) await award(discoverer, 'discovery', 10, `discovery:movie:m-${n}|person:p-${n}`, 100 + n, { from: `person:p-${n}`, to: `movie:m-${n}`, degrees: 2 });
    for (let n = 0; n < 3; n += 1) await award(discoverer, 'discovery', 10, `discovery:movie:old-${n}|person:old-${n}`, -86_400 + n, { from: `person:old-${n}`, to: `movie:old-${n}`, degrees: 2 });
    await badge(discoverer, 'first-connection', 10, 100);
    await badge(discoverer, 'people-person', 15, 100);
    await badge(discoverer, 'movie-linker', 15, 100);
    await badge(discoverer, 'connection-explorer', 25, 109);
    await badge(discoverer, 'century', 10, 110);
    await badge(discoverer, 'film-buff', 25, 125);
    await counter(discoverer, 'discoveries', 33);
    await counter(discoverer, 'discoveries:person', 33);
    await counter(discoverer, 'discoveries:movie', 33);
    await counter(discoverer, 'points', 430);
    await counter(discoverer, 'level', 3);

    // A daily: given up, then replayed at once with the revealed chain (1.8 s for 3 links).
    await db.execute(sql`insert into challenges (id, kind, date, number, title, description, type, difficulty, from_key, to_key, par, optimal_chains, time_limit_seconds, move_limit, reward)
      values (${`daily-${DAY}`}, 'daily', ${DAY}, 1, 'Daily', 'Connect them', 'speed', 'easy', 'person:a', 'person:b', 3, 1, 300, 6, 100),
             ('list-speed-blitz', 'list', null, null, 'Speed Blitz', 'Fast', 'speed', 'medium', 'person:c', 'person:d', 2, 1, 120, 6, 150),
             ('list-on-par', 'list', null, null, 'On Par', 'Par', 'efficiency', 'medium', 'person:e', 'person:f', 3, 1, 300, 5, 100)`);
    const replayer = await player('replayer');
    await attempt(replayer, `daily-${DAY}`, { status: 'gave_up', moves: 2, timeMs: 30_000, degrees: null, points: 0 });
    await attempt(replayer, `daily-${DAY}`, { status: 'solved', moves: 3, timeMs: 1_800, degrees: 3, points: 100 });
    await award(replayer, 'challenge', 100, `challenge:daily-${DAY}`, 200, solved(`daily-${DAY}`, 100));
    // A whole chain past the move limit (7 moves of 6), at a human pace.
    await attempt(replayer, 'list-speed-blitz', { status: 'solved', moves: 7, timeMs: 40_000, degrees: 2, points: 49 });
    await award(replayer, 'challenge', 49, 'challenge:list-speed-blitz', 210, { ...solved('list-speed-blitz', 49), daily: false, date: null, par: 2, degrees: 2 });
    // The engine's chain posted whole without an attempt: scored at the slowest time, half the reward, in no time at all.
    await attempt(replayer, 'list-on-par', { status: 'solved', moves: 3, timeMs: 300_000, degrees: 3, points: 50, wholeChain: true });
    await award(replayer, 'challenge', 50, 'challenge:list-on-par', 220, { ...solved('list-on-par', 50), daily: false, date: null });
    await badge(replayer, 'on-par', 20, 200);
    await badge(replayer, 'first-daily-challenge', 15, 200);
    await badge(replayer, 'century', 10, 200);
    await counter(replayer, 'par-solves', 3, [`daily-${DAY}`, 'list-speed-blitz', 'list-on-par']);
    await counter(replayer, 'daily-challenges', 1, [DAY]);
    await counter(replayer, 'points', 244);
    await counter(replayer, 'level', 2);

    // 12 watchlist adds in a day.
    const collector = await player('collector');
    for (let n = 0; n < 12; n += 1) await award(collector, 'watchlist_add', 2, `watchlist:movie:w-${n}`, 300 + n, { entity: `movie:w-${n}` });
    await badge(collector, 'watchlist-starter', 5, 300);
    await counter(collector, 'watchlist', 12, Array.from({ length: 12 }, (_, n) => `movie:w-${n}`));

    // An honest player: a daily solved in 90 s, a review of substance, a discovery, a saved path, a login.
    const honest = await player('honest');
    await award(honest, 'daily_login', 1, `daily-login:${DAY}`, 0, { day: DAY });
    await attempt(honest, `daily-${DAY}`, { status: 'solved', moves: 3, timeMs: 90_000, degrees: 3, points: 85 });
    await award(honest, 'challenge', 85, `challenge:daily-${DAY}`, 400, solved(`daily-${DAY}`, 85));
    await review(honest, 'heat-1995', SUBSTANCE, 410);
    await award(honest, 'discovery', 10, 'discovery:person:kevin-bacon|person:tom-hanks', 420, { from: 'person:kevin-bacon', to: 'person:tom-hanks', degrees: 2 });
    await db.execute(sql`insert into saved_connections (user_id, from_entity_id, from_entity_name, from_entity_type, to_entity_id, to_entity_name, to_entity_type, path, degrees)
      values (${honest}, 'kevin-bacon', 'Kevin Bacon', 'person', 'tom-hanks', 'Tom Hanks', 'person', '[]'::jsonb, 2)`);
    for (const [id, reward] of [['on-par', 20], ['first-daily-challenge', 15], ['first-review', 10], ['first-connection', 10], ['people-person', 15], ['keeper', 10], ['century', 10]] as const) await badge(honest, id, reward, 430);
    await counter(honest, 'par-solves', 1, [`daily-${DAY}`]);
    await counter(honest, 'daily-challenges', 1, [DAY]);
    await counter(honest, 'reviews', 1, ['movie:heat-1995']);
    await counter(honest, 'discoveries', 1);
    await counter(honest, 'discoveries:person', 1);
    await counter(honest, 'saved-connections', 1);
    await counter(honest, 'points', 191);
    await counter(honest, 'level', 2);
    await db.execute(sql`update users set level = 2 where id = ${honest}`);
    honestBefore = await state('honest');

    await migrate(db, { migrationsFolder: MIGRATIONS, migrationsSchema: schemaName });
  });
  afterAll(async () => {
    await pool.end();
    await dropSchema(url, schemaName);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('takes back what one-letter reviews and reviews past 5 a day paid, with Critic and Century', async () => {
    // Login 1, the first 5 reviews of substance 25, First Review 10 (7 reviews of substance count).
    expect(await state('reviewer')).toEqual({
      points: 36,
      level: 1,
      ledgerSum: 36,
      badges: ['first-review'],
      counters: { level: 1, points: 36, reviews: 7 },
      ledger: { badge: [1, 10], daily_login: [1, 1], review: [5, 25] },
    });
  });

  it('counts one path saved 25 times as one pair: Keeper stays, Archivist goes', async () => {
    expect(await state('archivist')).toEqual({
      points: 11,
      level: 1,
      ledgerSum: 11,
      badges: ['keeper'],
      counters: { level: 1, points: 11, 'saved-connections': 1 },
      ledger: { badge: [1, 10], daily_login: [1, 1] },
    });
  });

  it('keeps 10 discoveries a day: the 11th to 30th go, an earlier day stands, and Film Buff goes with the balance', async () => {
    // 13 discoveries 130, First Connection 10, People Person 15, Movie Linker 15, Connection Explorer 25, Century 10.
    expect(await state('discoverer')).toEqual({
      points: 205,
      level: 2,
      ledgerSum: 205,
      badges: ['century', 'connection-explorer', 'first-connection', 'movie-linker', 'people-person'],
      counters: { 'discoveries': 13, 'discoveries:movie': 13, 'discoveries:person': 13, level: 2, points: 205 },
      ledger: { badge: [5, 75], discovery: [13, 130] },
    });
  });

  it('takes back a challenge replayed after giving up, one solved past its move limit and a whole chain posted in no time, with their badges', async () => {
    expect(await state('replayer')).toEqual({
      points: 0,
      level: 1,
      ledgerSum: 0,
      badges: [],
      counters: { 'daily-challenges': 0, level: 1, 'par-solves': 0, points: 0 },
      ledger: {},
    });
    // The attempts say what they paid: challenge stats sum attempts, and now agree with the ledger.
    const attempts = await rows<{ challenge_id: string; status: string; points: number; rewarded: boolean }>(
      sql`select challenge_id, status, points, rewarded from challenge_attempts where user_id = ${ids.replayer!} and status = 'solved' order by challenge_id`,
    );
    expect(attempts).toEqual([
      { challenge_id: `daily-${DAY}`, status: 'solved', points: 0, rewarded: false },
      { challenge_id: 'list-on-par', status: 'solved', points: 0, rewarded: false },
      { challenge_id: 'list-speed-blitz', status: 'solved', points: 0, rewarded: false },
    ]);
  });

  it('keeps 10 watchlist adds a day', async () => {
    expect(await state('collector')).toMatchObject({ points: 25, ledgerSum: 25, badges: ['watchlist-starter'], ledger: { badge: [1, 5], watchlist_add: [10, 20] } });
  });

  it("leaves an honest player's awards, badges and counters as they were", async () => {
    expect(await state('honest')).toEqual(honestBefore);
    expect(honestBefore).toMatchObject({ points: 191, ledgerSum: 191, level: 2 });
    const [attempt] = await rows<{ points: number; rewarded: boolean }>(sql`select points, rewarded from challenge_attempts where user_id = ${ids.honest!}`);
    expect(attempt).toEqual({ points: 85, rewarded: true });
  });

  it('changes nothing when run again', async () => {
    const everyone = ['reviewer', 'archivist', 'discoverer', 'replayer', 'collector', 'honest'];
    const before = await Promise.all(everyone.map(state));
    const file = readFileSync(path.join(MIGRATIONS, `${FAIR_PLAY}.sql`), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of file.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    expect(await Promise.all(everyone.map(state))).toEqual(before);
  });
});
