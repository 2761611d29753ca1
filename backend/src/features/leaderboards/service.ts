import { randomBytes } from 'node:crypto';
import {
  EVENTS,
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  type Leaderboard,
  type LeaderboardBoard,
  type LeaderboardChanged,
  type LeaderboardRow,
  type UserRank,
} from '@cinema-dna/shared-types';
import { LRUCache } from 'lru-cache';
import { BOARD_KEY_PREFIX, type SharedState } from '../../platform/cache/types.js';
import { isSharedStateUnavailable, outageLog } from '../../platform/cache/unavailable.js';
import type { Db } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logging.js';
import type { Notifier } from '../../platform/notifier.js';
import { findInactive, findPlayers } from './players.js';
import type { BadgeCountsPort, LedgerTotalsPort, UserLedgerTotals, WindowTotals } from './ports.js';
import { BOARD_DEFINITIONS, boardDefinition, boardKey, dayKey, joinedKey, snapshotKey, windowName, windowsAt, type BoardDefinition } from './windows.js';

export interface LeaderboardDeps {
  shared: SharedState;
  db: Db;
  totals: LedgerTotalsPort;
  badgeCounts: BadgeCountsPort;
  notifier: Notifier;
  logger: Logger;
  /** Which week, month, year and day it is (tests move it across a Monday). Default: the system clock. */
  clock?: () => Date;
  /** Users per ledger page of a rebuild (default 5000). */
  rebuildPageSize?: number;
}

/** What a rebuild did (the admin operation answers it). */
export interface RebuildResult {
  boards: number;
  /** Users with ledger rows. */
  players: number;
  /** Board entries written (a player is on several boards). */
  entries: number;
  ms: number;
}

/** A rank as the boards answer it: `degraded` while it is the last one read, not a live one. */
export interface RankReading {
  rank: number | null;
  degraded: boolean;
}

/** Users whose last ranks a process keeps, to answer them while the boards cannot be read. */
const LAST_RANKS_KEPT = 10_000;
/** Board reads (board and row count) a process keeps for the same. */
const LAST_BOARD_READS_KEPT = 200;
/**
 * Written by every rebuild beside the boards: gone with them when Redis loses its data (a restart
 * without persistence), which is how a process finds the boards lost (restoreIfLost).
 */
const BUILT_MARK = 'leaderboards:built';
/** Claimed by the one process that rebuilds lost boards (others see it taken), for a while: a failed rebuild is tried again once it lapses. */
const RESTORE_CLAIM = 'leaderboards:restore-claim';
const RESTORE_CLAIM_MS = 10_000;
/** How often a process looks for lost boards, besides right after its own reads find Redis back. */
const RESTORE_CHECK_INTERVAL_MS = 5_000;

/** The room of a board's watchers. */
export const leaderboardRoom = (board: LeaderboardBoard) => `leaderboard:${board}`;

/**
 * In a day's snapshot, marks "the board was empty when the day began" (a new week's board): a
 * snapshot must exist for the day, and sorted sets cannot be empty. Never a user id; never above anyone.
 */
const EMPTY_SNAPSHOT_MARK = '-';
const DAY_MS = 86_400_000;

function windowTotals(definition: BoardDefinition, totals: UserLedgerTotals): WindowTotals {
  switch (definition.window) {
    case 'all-time':
      return totals.allTime;
    case 'year':
      return totals.year;
    case 'month':
      return totals.month;
    case 'week':
      return totals.week;
  }
}

/** A player's score on a board, or null when they are not on it (no rows of that kind in its window). */
export function scoreOn(definition: BoardDefinition, totals: UserLedgerTotals): number | null {
  const window = windowTotals(definition, totals);
  if (definition.challengesOnly) return window.challengeEntries > 0 ? window.challengePoints : null;
  switch (definition.metric) {
    case 'points':
      return window.entries > 0 ? window.points : null;
    case 'connections':
      return window.discoveries > 0 ? window.discoveries : null;
    case 'efficiency':
      return window.degrees > 0 ? window.par / window.degrees : null;
  }
}

/**
 * The leaderboards: one sorted set per board and window, holding absolute scores recomputed from the
 * ledger (so a redelivered event changes nothing), rebuilt from the whole ledger at start and on
 * demand, with a copy of each board taken at its first change of a UTC day for `change`.
 */
export function createLeaderboards(deps: LeaderboardDeps) {
  const { shared, logger } = deps;
  const sets = shared.sortedSets;
  const clock = deps.clock ?? (() => new Date());
  const pageSize = deps.rebuildPageSize ?? 5_000;
  const connectionsBoard = boardDefinition('global:all-time:connections');

  /** Snapshots known to exist (this process took or saw them), per day. */
  let snapshotDay = '';
  const snapshotsTaken = new Set<string>();
  /** While a rebuild runs: users whose scores moved meanwhile, synced again once it swapped the boards in. */
  let touchedDuringRebuild: Set<number> | null = null;
  let rebuilding: Promise<RebuildResult> | null = null;

  // What this process last read, answered (marked degraded) while the sorted sets cannot be read:
  // a board whose rows were seen a moment ago is better than an error page.
  const lastBoards = new LRUCache<string, Leaderboard>({ max: LAST_BOARD_READS_KEPT });
  const lastRanks = new LRUCache<string, { rank: number | null }>({ max: LAST_RANKS_KEPT });
  const outage = outageLog(logger, {}, { failed: 'leaderboards answering their last rows: boards unreadable', recovered: 'leaderboards read live again' });
  /** `live()`, or `fallback()` while the shared state is unavailable (any other failure is thrown). */
  async function orLastKnown<T>(live: () => Promise<T>, fallback: (error: unknown) => Promise<T> | T): Promise<T> {
    let result: T;
    try {
      result = await live();
    } catch (error) {
      if (!isSharedStateUnavailable(error)) throw error;
      outage.failed(error);
      return fallback(error);
    }
    if (outage.recovered()) restoreIfLost().catch((failure: unknown) => logger.warn({ err: failure instanceof Error ? failure.message : String(failure) }, 'lost leaderboards not restored'));
    return result;
  }

  /**
   * Boards live only in Redis, derived from the ledger: when Redis comes back without its data, one
   * process (the claim's winner) rebuilds them. Until then they answer what Redis holds: the awards
   * made since, each written as an absolute score.
   */
  async function restoreIfLost(): Promise<void> {
    if (shared.driver !== 'redis' || rebuilding) return;
    if ((await shared.kv.get(BUILT_MARK)) !== null) return;
    if ((await shared.counters.increment(RESTORE_CLAIM, { ttlMs: RESTORE_CLAIM_MS })).value !== 1) return;
    logger.warn('leaderboards missing from Redis (it came back without its data): rebuilding them from the ledger');
    // Today's snapshots went with them: the next ones are taken afresh.
    snapshotsTaken.clear();
    await rebuild();
  }

  /** Rebuilds every current board from the whole ledger; a call during a rebuild shares it. */
  function rebuild(): Promise<RebuildResult> {
    rebuilding ??= runRebuild().finally(() => {
      rebuilding = null;
    });
    return rebuilding;
  }

  /** The board as the UTC day began: copied before its first change of the day. */
  async function ensureSnapshot(liveKey: string, now: Date): Promise<void> {
    const day = dayKey(now);
    if (day !== snapshotDay) {
      snapshotDay = day;
      snapshotsTaken.clear();
    }
    const snapshot = snapshotKey(liveKey, day);
    if (snapshotsTaken.has(snapshot)) return;
    // copy() never overwrites, so two processes racing here keep the first copy.
    if ((await sets.size(snapshot)) === 0 && !(await sets.copy(liveKey, snapshot))) {
      await sets.setMany(snapshot, [{ member: EMPTY_SNAPSHOT_MARK, score: -Infinity }]);
    }
    snapshotsTaken.add(snapshot);
    const yesterday = dayKey(new Date(now.getTime() - DAY_MS));
    await Promise.all([sets.delete(snapshotKey(liveKey, yesterday)), sets.delete(joinedKey(liveKey, yesterday))]);
  }

  /**
   * A player not on the board when the day began gets, as their baseline for `change`, the rank at
   * which they joined it today (the first time only): "places moved since the day began, or since
   * joining the board today", so an overtake between two players new today shows as movement.
   */
  async function noteJoined(liveKey: string, member: string, rank: number, now: Date): Promise<void> {
    const day = dayKey(now);
    if ((await sets.score(snapshotKey(liveKey, day), member)) !== null) return;
    const joined = joinedKey(liveKey, day);
    if ((await sets.score(joined, member)) === null) await sets.setMany(joined, [{ member, score: rank }]);
  }

  /**
   * Today's snapshot of every current board, unless taken. Copying a board of a million players blocks
   * Redis for about half a second per board, so it is done off the award path: after each rebuild and at
   * each UTC midnight (startDailySnapshots); ensureSnapshot on the award path is only the fallback.
   */
  async function takeSnapshots(): Promise<void> {
    const now = clock();
    for (const definition of BOARD_DEFINITIONS) await ensureSnapshot(boardKey(definition.board, now), now);
  }

  /**
   * Recomputes a user's scores from the ledger for the windows holding `at` (the award's time) and
   * writes the ones that changed; the watchers of each current board that moved get the new rank.
   * `reader`: the transaction to read the ledger in (an event's delivery), default the database.
   */
  async function syncUser(userId: number, at: Date, reader?: Db): Promise<LeaderboardChanged[]> {
    touchedDuringRebuild?.add(userId);
    const now = clock();
    const [totals, inactive] = await Promise.all([deps.totals.forUser(userId, windowsAt(at), reader), findInactive(reader ?? deps.db, [userId])]);
    // A deactivated account is on no board: its scores come back from the ledger when it is reactivated.
    const hidden = inactive.has(userId);
    const member = String(userId);
    const changes: LeaderboardChanged[] = [];
    await Promise.all(
      BOARD_DEFINITIONS.map(async (definition) => {
        const key = boardKey(definition.board, at);
        const score = hidden ? null : scoreOn(definition, totals);
        const previous = await sets.score(key, member);
        if (previous === score) return;
        // An award of a past window (delivered late) corrects that window's board, quietly.
        const current = key === boardKey(definition.board, now);
        if (current) await ensureSnapshot(key, now);
        if (score === null) {
          await sets.remove(key, member);
          return;
        }
        await sets.setMany(key, [{ member, score }]);
        if (!current) return;
        const rank = 1 + (await sets.countAbove(key, score));
        if (previous === null) await noteJoined(key, member, rank, now);
        const change: LeaderboardChanged = { board: definition.board, entries: [{ userId, rank, score }] };
        changes.push(change);
        deps.notifier.toRoom(leaderboardRoom(definition.board), EVENTS.leaderboardChanged, change);
      }),
    );
    return changes;
  }

  /** Takes a user off every board and snapshot (their account and ledger rows are gone, or the account is deactivated). */
  async function removeUser(userId: number): Promise<void> {
    touchedDuringRebuild?.add(userId);
    const member = String(userId);
    const keys = await sets.keys(BOARD_KEY_PREFIX);
    await Promise.all(keys.map((key) => sets.remove(key, member)));
  }

  async function runRebuild(): Promise<RebuildResult> {
    const started = performance.now();
    const now = clock();
    const windows = windowsAt(now);
    const run = randomBytes(4).toString('hex');
    const liveKeys = BOARD_DEFINITIONS.map((definition) => boardKey(definition.board, now));
    // Built beside the live boards, then renamed over them: readers never see a half-built board.
    const buildKeys = liveKeys.map((key) => `${BOARD_KEY_PREFIX}rebuild:${run}:${key.slice(BOARD_KEY_PREFIX.length)}`);
    touchedDuringRebuild = new Set();
    let players = 0;
    let entries = 0;
    try {
      let page = await deps.totals.page(0, pageSize, windows);
      for (;;) {
        // The next page is read from the database while this one is written to the sets.
        const next = page.next === null ? null : deps.totals.page(page.next, pageSize, windows);
        // Deactivated accounts stay off the boards (one query per page).
        const hidden = await findInactive(deps.db, page.rows.map((totals) => totals.userId));
        const writes = BOARD_DEFINITIONS.map((definition, index) => {
          const batch: Array<{ member: string; score: number }> = [];
          for (const totals of page.rows) {
            if (hidden.has(totals.userId)) continue;
            const score = scoreOn(definition, totals);
            if (score !== null) batch.push({ member: String(totals.userId), score });
          }
          entries += batch.length;
          return sets.setMany(buildKeys[index]!, batch);
        });
        await Promise.all([...writes, next?.catch(() => undefined)]);
        players += page.rows.length;
        if (!next) break;
        page = await next;
      }
      await Promise.all(liveKeys.map((key, index) => sets.rename(buildKeys[index]!, key)));
    } catch (error) {
      await Promise.all(buildKeys.map((key) => sets.delete(key).catch(() => undefined)));
      touchedDuringRebuild = null;
      throw error;
    }
    // Awards of this process that landed while the pages were read may predate them: sync those users again.
    const touched = touchedDuringRebuild;
    touchedDuringRebuild = null;
    for (const userId of touched) await syncUser(userId, clock());
    await takeSnapshots();
    await shared.kv.set(BUILT_MARK, new Date().toISOString());
    const ms = Math.round(performance.now() - started);
    logger.info({ boards: liveKeys.length, players, entries, ms }, 'leaderboards rebuilt from the ledger');
    return { boards: liveKeys.length, players, entries, ms };
  }

  return {
    syncUser,
    removeUser,

    /**
     * A reactivated account's rows back on the current boards, recomputed from the ledger (`reader`:
     * the delivery's transaction). Its deactivation took it off with removeUser.
     */
    async restoreUser(userId: number, reader?: Db): Promise<void> {
      await syncUser(userId, clock(), reader);
    },

    takeSnapshots,

    /** Takes the day's snapshots just after every UTC midnight (by the injected clock) until stopped. */
    startDailySnapshots(): () => void {
      let timer: NodeJS.Timeout | undefined;
      const schedule = () => {
        const now = clock().getTime();
        timer = setTimeout(() => {
          takeSnapshots()
            .catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'daily leaderboard snapshots not taken'))
            .finally(schedule);
        }, DAY_MS - (now % DAY_MS) + 50);
        timer.unref();
      };
      schedule();
      return () => clearTimeout(timer);
    },

    rebuild,

    /** Looks for boards lost with Redis's data every RESTORE_CHECK_INTERVAL_MS (and rebuilds them, once across processes) until stopped. */
    startRestoreWatch(intervalMs = RESTORE_CHECK_INTERVAL_MS): () => void {
      const timer = setInterval(() => {
        restoreIfLost().catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'lost leaderboards not restored'));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /** Resolves once no rebuild is running (tests wait for the start-up one). */
    async idle(): Promise<void> {
      await rebuilding?.catch(() => undefined);
    },

    /**
     * The top `limit` rows of a board's current window, with competition ranks (ties share a rank).
     * While the sorted sets cannot be read: the last rows this process read of the board (none if it
     * read none yet), marked `degraded`.
     */
    async read(board: LeaderboardBoard, limit: number = LEADERBOARD_DEFAULT_LIMIT): Promise<Leaderboard> {
      const now = clock();
      const take = Math.min(Math.max(1, Math.floor(limit)), LEADERBOARD_MAX_LIMIT);
      return orLastKnown(
        async () => {
          const live = await readBoard(board, take, now);
          lastBoards.set(`${board}:${take}`, live);
          return live;
        },
        () => {
          // The same read if it was made; else the board's longest read, cut to size.
          let last = lastBoards.get(`${board}:${take}`);
          if (!last) {
            for (const [key, read] of lastBoards.entries()) {
              if (key.startsWith(`${board}:`) && read.rows.length >= (last?.rows.length ?? 0)) last = read;
            }
          }
          if (last) return { ...last, rows: last.rows.slice(0, take), degraded: true as const };
          const definition = boardDefinition(board);
          return { board, metric: definition.metric, window: windowName(definition.window, now), rows: [], total: 0, degraded: true as const };
        },
      );
    },

    /** A user's competition rank on a board's current window (null while off it); the last one read while the boards cannot be read. */
    async rankOn(board: LeaderboardBoard, userId: number): Promise<RankReading> {
      const key = `${board}:${userId}`;
      return orLastKnown<RankReading>(
        async () => {
          const standing = await sets.standing(boardKey(board, clock()), String(userId));
          const rank = standing ? standing.above + 1 : null;
          lastRanks.set(key, { rank });
          return { rank, degraded: false };
        },
        () => ({ rank: lastRanks.get(key)?.rank ?? null, degraded: true }),
      );
    },

    /**
     * A user's competition rank on the global all-time points board and this week's, and their points.
     * While the boards cannot be read: the ranks last read here (null if none) and the balance from the
     * account, marked `degraded`.
     */
    async rankOf(userId: number): Promise<UserRank> {
      const now = clock();
      const member = String(userId);
      return orLastKnown(
        async () => {
          const [globalKey, weeklyKey] = [boardKey('global:all-time:points', now), boardKey('weekly', now)];
          const [global, weekly] = await Promise.all([sets.standing(globalKey, member), sets.standing(weeklyKey, member)]);
          const rank: UserRank = {
            globalRank: global ? global.above + 1 : null,
            weeklyRank: weekly ? weekly.above + 1 : null,
            points: global?.score ?? 0,
          };
          lastRanks.set(`global:all-time:points:${userId}`, { rank: rank.globalRank });
          lastRanks.set(`weekly:${userId}`, { rank: rank.weeklyRank });
          return rank;
        },
        async () => {
          // The balance is kept equal to the ledger's sum, which is what the all-time board holds.
          const player = (await findPlayers(deps.db, [userId])).get(userId);
          return {
            globalRank: lastRanks.get(`global:all-time:points:${userId}`)?.rank ?? null,
            weeklyRank: lastRanks.get(`weekly:${userId}`)?.rank ?? null,
            points: player?.points ?? 0,
            degraded: true as const,
          };
        },
      );
    },
  };

  /** A board as the sorted sets hold it now; throws while they cannot be read. */
  async function readBoard(board: LeaderboardBoard, take: number, now: Date): Promise<Leaderboard> {
    const definition = boardDefinition(board);
    const key = boardKey(board, now);
    const [top, total] = await Promise.all([sets.range(key, 0, take - 1), sets.size(key)]);
    const members = top.map((row) => row.member);
    const ids = members.map(Number);
    const snapshot = snapshotKey(key, dayKey(now));
    const [players, connections, before, joined, badges] = await Promise.all([
      findPlayers(deps.db, ids),
      sets.scores(boardKey(connectionsBoard.board, now), members),
      sets.scores(snapshot, members),
      sets.scores(joinedKey(key, dayKey(now)), members),
      ids.length > 0 ? deps.badgeCounts(ids) : new Map<number, number>(),
    ]);
    // Rank in the day's first snapshot, per distinct score there.
    const beforeRanks = new Map<number, number>();
    await Promise.all(
      [...new Set(before.filter((score): score is number => score !== null))].map(async (score) => beforeRanks.set(score, 1 + (await sets.countAbove(snapshot, score)))),
    );
    const rows: LeaderboardRow[] = [];
    let rank = 0;
    top.forEach((entry, index) => {
      // Competition ranking from the top: a score equal to the previous one keeps its rank.
      if (index === 0 || entry.score !== top[index - 1]!.score) rank = index + 1;
      const player = players.get(ids[index]!);
      // Deleted or deactivated while being read: user.deleted or user.deactivated takes it off the board.
      if (!player?.isActive) return;
      const previous = before[index];
      // On the board when the day began: its rank then; joined today: the rank it joined at.
      const baseline = previous !== null && previous !== undefined ? beforeRanks.get(previous)! : (joined[index] ?? null);
      rows.push({
        id: player.id,
        rank,
        username: player.username,
        displayName: player.displayName,
        level: player.level,
        points: player.points,
        connectionsFound: connections[index] ?? 0,
        badgeCount: badges.get(player.id) ?? 0,
        score: entry.score,
        change: baseline === null ? 0 : baseline - rank,
      });
    });
    return { board, metric: definition.metric, window: windowName(definition.window, now), rows, total };
  }
}

export type Leaderboards = ReturnType<typeof createLeaderboards>;
