import { LEADERBOARD_BOARDS, type LeaderboardBoard } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../graph/test-graphs.js';
import { BOARD_KEY_PREFIX, type SharedState } from '../../platform/cache/types.js';
import { createDomainEvents, type DomainEvents } from '../../platform/events/index.js';
import { createLogger } from '../../platform/logging.js';
import { createLedgerTotals, insertLedgerRow, insertPlayer, testAwards } from '../../test-support/points.js';
import { createRecordingNotifier, type RecordingNotifier } from '../../test-support/recording-notifier.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';
import { createLeaderboards, type Leaderboards } from './service.js';
import { boardKey, isoWeekKey, isoWeekStart } from './windows.js';

/** The embedded pair always; PostgreSQL with Redis when both are configured. */
const targets = databaseTargets().map((db, index) => ({ name: `${db.name} + ${sharedStateTargets()[index]?.name ?? 'memory'}`, db, shared: sharedStateTargets()[index] ?? sharedStateTargets()[0]! }));

describe.each(targets)('leaderboards on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.db.open>>;
  let shared: SharedState;
  let events: DomainEvents;
  let award: ReturnType<typeof testAwards>;
  let notifier: RecordingNotifier;
  let now: Date;
  let boards: Leaderboards;
  const build = (options: { pageSize?: number } = {}) =>
    createLeaderboards({
      shared,
      db: database.db,
      totals: createLedgerTotals(database.db),
      badgeCounts: async (ids) => new Map(ids.map((id) => [id, id % 3])),
      notifier,
      logger: createLogger('silent'),
      clock: () => now,
      rebuildPageSize: options.pageSize,
    });

  beforeAll(async () => {
    database = await target.db.open();
    events = createDomainEvents({ database, logger: createLogger('silent') });
    award = testAwards(events);
  });
  afterAll(async () => {
    await events.close();
    await database.dispose();
  });
  beforeEach(async () => {
    // Each test starts on empty boards over an empty ledger (players deleted with their rows).
    await database.db.execute(sql`delete from users`);
    shared = await target.shared.open();
    notifier = createRecordingNotifier();
    now = new Date();
    boards = build();
    return async () => {
      for (const key of await shared.sortedSets.keys(BOARD_KEY_PREFIX)) await shared.sortedSets.delete(key);
      await shared.close();
    };
  });

  const earn = async (userId: number, reason: Parameters<typeof award>[1], points: number, challenge?: { par: number; degrees: number }) => {
    const awarded = await award(userId, reason, points, challenge);
    expect(awarded).not.toBeNull();
    return boards.syncUser(userId, awarded!.awardedAt);
  };
  const everyBoard = async () =>
    Object.fromEntries(await Promise.all(LEADERBOARD_BOARDS.map(async (board) => [board, await shared.sortedSets.range(boardKey(board, now), 0, -1)] as const)));

  it('sets absolute scores from the ledger: syncing the same award again changes nothing', async () => {
    const ana = await insertPlayer(database.db, 'ana_lb');
    const ben = await insertPlayer(database.db, 'ben_lb');
    const first = await earn(ana, 'discovery', 10);
    expect(first.map((change) => change.board).sort()).toEqual(
      ['global:all-time:points', 'global:all-time:connections', 'global:monthly:points', 'global:monthly:connections', 'global:yearly:points', 'global:yearly:connections', 'weekly'].sort(),
    );
    expect(first.find((change) => change.board === 'global:all-time:points')).toEqual({ board: 'global:all-time:points', entries: [{ userId: ana, rank: 1, score: 10 }] });
    await earn(ben, 'review', 5);
    await earn(ben, 'challenge', 20, { par: 3, degrees: 4 });
    const before = await everyBoard();
    // Redelivery: the same user synced again (for the same award) writes and announces nothing.
    notifier.sent.length = 0;
    expect(await boards.syncUser(ben, now)).toEqual([]);
    expect(await boards.syncUser(ana, now)).toEqual([]);
    expect(notifier.sent).toEqual([]);
    expect(await everyBoard()).toEqual(before);

    const global = await boards.read('global:all-time:points');
    expect(global).toMatchObject({ board: 'global:all-time:points', metric: 'points', window: 'all-time', total: 2 });
    expect(global.rows).toEqual([
      // Both joined today: ben at 2nd, then past ana (who joined 1st).
      { id: ben, rank: 1, username: 'ben_lb', displayName: 'ben lb', level: 1, points: 25, connectionsFound: 0, badgeCount: ben % 3, score: 25, change: 1 },
      { id: ana, rank: 2, username: 'ana_lb', displayName: 'ana lb', level: 1, points: 10, connectionsFound: 1, badgeCount: ana % 3, score: 10, change: -1 },
    ]);
    expect((await boards.read('challenges')).rows.map((row) => [row.id, row.score])).toEqual([[ben, 20]]);
    expect((await boards.read('global:all-time:efficiency')).rows.map((row) => [row.id, row.score])).toEqual([[ben, 0.75]]);
    expect((await boards.read('global:yearly:connections')).rows.map((row) => [row.id, row.score])).toEqual([[ana, 1]]);
    expect(await boards.rankOf(ana)).toEqual({ globalRank: 2, weeklyRank: 2, points: 10 });
    expect(await boards.rankOf(999_999)).toEqual({ globalRank: null, weeklyRank: null, points: 0 });
  });

  it('ranks ties together (1, 2, 2, 4), on the board, in rankOf and in the change announced', async () => {
    const [a, b, c, d] = [await insertPlayer(database.db), await insertPlayer(database.db), await insertPlayer(database.db), await insertPlayer(database.db)];
    await earn(a, 'review', 30);
    await earn(b, 'review', 20);
    await earn(d, 'review', 10);
    const tied = await earn(c, 'review', 20);
    expect(tied.find((change) => change.board === 'global:all-time:points')!.entries).toEqual([{ userId: c, rank: 2, score: 20 }]);
    const rows = (await boards.read('global:all-time:points')).rows;
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 2, 4]);
    expect(rows.map((row) => row.id).slice(1, 3).sort()).toEqual([b, c].sort());
    expect(rows[3]!.id).toBe(d);
    expect((await boards.rankOf(b)).globalRank).toBe(2);
    expect((await boards.rankOf(c)).globalRank).toBe(2);
    expect((await boards.rankOf(d)).globalRank).toBe(4);
    // A limit that cuts through the tie still ranks from the top.
    expect((await boards.read('global:all-time:points', 2)).rows.map((row) => row.rank)).toEqual([1, 2]);
  });

  it('starts an empty weekly board at Monday 00:00 UTC while all-time keeps its totals', async () => {
    const ana = await insertPlayer(database.db);
    const ben = await insertPlayer(database.db);
    await earn(ana, 'discovery', 10);
    await earn(ben, 'review', 5);
    const monday = new Date(isoWeekStart(now).getTime() + 7 * 86_400_000);
    expect(monday.getUTCDay()).toBe(1);

    now = new Date(monday.getTime() - 1); // Sunday 23:59:59.999: still this week
    expect((await boards.read('weekly')).rows.map((row) => row.id)).toEqual([ana, ben]);

    now = monday;
    const weekly = await boards.read('weekly');
    expect(weekly).toMatchObject({ window: isoWeekKey(monday), rows: [], total: 0 });
    expect(weekly.window).not.toBe(isoWeekKey(new Date(monday.getTime() - 1)));
    expect((await boards.read('global:all-time:points')).rows.map((row) => [row.id, row.score])).toEqual([
      [ana, 10],
      [ben, 5],
    ]);
    expect(await boards.rankOf(ana)).toEqual({ globalRank: 1, weeklyRank: null, points: 10 });

    // The new week's first award: only it counts this week; all time adds it.
    const mondayMorning = new Date(monday.getTime() + 60_000);
    await insertLedgerRow(database.db, { userId: ben, reason: 'review', points: 5, createdAt: mondayMorning });
    await boards.syncUser(ben, mondayMorning);
    expect((await boards.read('weekly')).rows.map((row) => [row.id, row.score, row.rank])).toEqual([[ben, 5, 1]]);
    // Tied now: both first (ties list by member descending).
    expect((await boards.read('global:all-time:points')).rows.map((row) => [row.id, row.score, row.rank]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [ana, 10, 1],
      [ben, 10, 1],
    ]);
    // A rebuild on Monday agrees: last week's rows are not this week's.
    const incremental = await everyBoard();
    await boards.rebuild();
    expect(await everyBoard()).toEqual(incremental);
  });

  it('rebuilds from the ledger exactly the boards the awards built one by one', async () => {
    const random = seededRandom(2026);
    const players = await Promise.all(Array.from({ length: 12 }, () => insertPlayer(database.db)));
    for (let i = 0; i < 80; i += 1) {
      const player = players[Math.floor(random() * players.length)]!;
      const roll = random();
      if (roll < 0.4) await earn(player, 'discovery', 10);
      else if (roll < 0.6) await earn(player, 'review', 5);
      else if (roll < 0.7) await earn(player, 'hint', -3);
      else await earn(player, 'challenge', 10 + Math.floor(random() * 40), { par: 2 + Math.floor(random() * 3), degrees: 2 + Math.floor(random() * 5) });
    }
    const incremental = await everyBoard();
    expect(incremental['global:all-time:points']!.length).toBeGreaterThan(5);
    // Efficiency is sum(par) ÷ sum(degrees) over the challenge rewards.
    const efficiency = incremental['global:all-time:efficiency']![0]!;
    expect(efficiency.score).toBeGreaterThan(0);

    // From nothing, in pages of 5 users: the same boards.
    for (const key of await shared.sortedSets.keys(BOARD_KEY_PREFIX)) await shared.sortedSets.delete(key);
    boards = build({ pageSize: 5 });
    const result = await boards.rebuild();
    expect(result).toMatchObject({ boards: LEADERBOARD_BOARDS.length, players: new Set(incremental['global:all-time:points']!.map((row) => row.member)).size });
    expect(result.entries).toBe(Object.values(incremental).reduce((sum, rows) => sum + rows.length, 0));
    expect(await everyBoard()).toEqual(incremental);
    // No build keys are left behind, and a second rebuild changes nothing.
    expect((await shared.sortedSets.keys(`${BOARD_KEY_PREFIX}rebuild:`)).length).toBe(0);
    await boards.rebuild();
    expect(await everyBoard()).toEqual(incremental);
  });

  it('counts a live overtake between two players new today: measured from the ranks they joined at', async () => {
    const [rival, player] = [await insertPlayer(database.db), await insertPlayer(database.db)];
    await earn(rival, 'review', 11);
    await earn(player, 'daily_login', 1);
    expect((await boards.read('global:all-time:points')).rows.map((row) => [row.id, row.rank, row.change])).toEqual([
      [rival, 1, 0],
      [player, 2, 0],
    ]);
    await earn(player, 'discovery', 20);
    expect((await boards.read('global:all-time:points')).rows.map((row) => [row.id, row.rank, row.change])).toEqual([
      [player, 1, 1],
      [rival, 2, -1],
    ]);
    // A new player joining below them moves nobody.
    const late = await insertPlayer(database.db);
    await earn(late, 'daily_login', 1);
    expect((await boards.read('global:all-time:points')).rows.map((row) => row.change)).toEqual([1, -1, 0]);
  });

  it('counts places moved since the UTC day began; a newcomer today moved 0 from the rank it joined at', async () => {
    const [a, b, c] = [await insertPlayer(database.db), await insertPlayer(database.db), await insertPlayer(database.db)];
    await earn(a, 'review', 30);
    await earn(b, 'review', 20);
    await earn(c, 'review', 10);
    // The first day: everyone is new today.
    expect((await boards.read('global:all-time:points')).rows.map((row) => row.change)).toEqual([0, 0, 0]);

    now = new Date(now.getTime() + 86_400_000);
    const d = await insertPlayer(database.db);
    await insertLedgerRow(database.db, { userId: c, reason: 'challenge', points: 50, createdAt: new Date(), details: { par: 2, degrees: 2 } });
    await boards.syncUser(c, new Date());
    await earn(d, 'review', 15);
    const rows = (await boards.read('global:all-time:points')).rows;
    expect(rows.map((row) => [row.id, row.rank, row.change])).toEqual([
      [c, 1, 2],
      [a, 2, -1],
      [b, 3, -1],
      [d, 4, 0],
    ]);
  });

  it("takes the day's snapshots ahead of the awards (midnight, after a rebuild): the first change of a day copies nothing", async () => {
    const [a, b] = [await insertPlayer(database.db), await insertPlayer(database.db)];
    await earn(a, 'review', 30);
    await earn(b, 'review', 20);
    now = new Date(now.getTime() + 86_400_000);
    await boards.takeSnapshots();
    // Another process's view of today: a fresh service finds the snapshot there and must not copy the board again.
    const copies: string[] = [];
    const copy = shared.sortedSets.copy.bind(shared.sortedSets);
    shared.sortedSets.copy = async (from, to) => {
      copies.push(to);
      return copy(from, to);
    };
    boards = build();
    await insertLedgerRow(database.db, { userId: b, reason: 'review', points: 40, createdAt: new Date(), details: {} });
    await boards.syncUser(b, new Date());
    expect(copies).toEqual([]);
    expect((await boards.read('global:all-time:points')).rows.map((row) => [row.id, row.rank, row.change])).toEqual([
      [b, 1, 1],
      [a, 2, -1],
    ]);
  });

  it('takes a deleted user off every board, snapshots and past windows included', async () => {
    const ana = await insertPlayer(database.db);
    const ben = await insertPlayer(database.db);
    await earn(ana, 'challenge', 20, { par: 2, degrees: 3 });
    await earn(ben, 'discovery', 10);
    const keys = await shared.sortedSets.keys(BOARD_KEY_PREFIX);
    expect(keys.length).toBeGreaterThan(LEADERBOARD_BOARDS.length);
    await database.db.execute(sql`delete from users where id = ${ana}`);
    await boards.removeUser(ana);
    for (const key of await shared.sortedSets.keys(BOARD_KEY_PREFIX)) expect(await shared.sortedSets.score(key, String(ana)), key).toBeNull();
    expect((await boards.read('global:all-time:points')).rows.map((row) => row.id)).toEqual([ben]);
    expect((await boards.read('challenges')).total).toBe(0);
  });

  it('never shows a half-built board: reads during a rebuild see the old board or the new one', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, () => insertPlayer(database.db)));
    for (const [index, player] of players.entries()) await earn(player, 'review', 5 * (index + 1));
    const full = (await boards.read('global:all-time:points', 100)).rows.map((row) => [row.id, row.score]);
    boards = build({ pageSize: 4 });
    const rebuilt = boards.rebuild();
    const seen: number[] = [];
    let done = false;
    void rebuilt.finally(() => (done = true));
    while (!done) {
      seen.push((await boards.read('global:all-time:points', 100)).total);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await rebuilt;
    expect(new Set(seen)).toEqual(new Set([30]));
    expect((await boards.read('global:all-time:points', 100)).rows.map((row) => [row.id, row.score])).toEqual(full);
  });

  it('keys carry their window', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    const keys = Object.fromEntries(LEADERBOARD_BOARDS.map((board: LeaderboardBoard) => [board, boardKey(board, at)]));
    expect(keys).toMatchObject({
      'global:all-time:points': 'board:global:all-time:points:all-time',
      'global:monthly:connections': 'board:global:monthly:connections:2026-11',
      'global:yearly:efficiency': 'board:global:yearly:efficiency:2026',
      weekly: 'board:weekly:2026-W48',
      challenges: 'board:challenges:all-time',
    });
    // ISO weeks: 2027-01-01 is a Friday, in 2026's week 53; Monday 2027-01-04 starts 2027-W01.
    expect(isoWeekKey(new Date('2027-01-03T23:59:59.999Z'))).toBe('2026-W53');
    expect(isoWeekKey(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
  });
});
