/**
 * bench:leaderboard's measurements of the leaderboard service itself: the services built by
 * createServices (as server.ts wires them) on the bench's PostgreSQL database and Redis, with
 * their dispatcher left stopped (nothing else runs). Times rebuild() of every board from the ledger,
 * then rankOf(userId) and read(board, 100), one call at a time, each followed by its baseline: the
 * raw Redis command on the same key through a plain client (ZREVRANK; ZREVRANGE 0 99 WITHSCORES).
 */
import type { LeaderboardBoard } from '@cinema-dna/shared-types';
import { createLogMailer } from '../backend/src/features/auth/mailer.js';
import { boardKey } from '../backend/src/features/leaderboards/windows.js';
import type { RebuildResult } from '../backend/src/features/leaderboards/service.js';
import { GraphService } from '../backend/src/graph/index.js';
import { createRedisSharedState } from '../backend/src/platform/cache/redis.js';
import { openDatabase } from '../backend/src/platform/db/database.js';
import { createLogger } from '../backend/src/platform/logging.js';
import type { Notifier } from '../backend/src/platform/notifier.js';
import { createServices } from '../backend/src/services.js';
import { createClient } from 'redis';
import { roundSummary, summarize, type LatencySummary } from './latency.js';

export interface ServiceMeasurements {
  rebuildSeconds: number;
  rebuildResult: RebuildResult;
  rankOf: LatencySummary;
  top100: LatencySummary;
  /** The baselines, on the same Redis key through a plain client: ZREVRANK, and ZREVRANGE 0 99 WITHSCORES. */
  raw: { key: string; zrevrank: LatencySummary; zrevrange100: LatencySummary };
  /** Calls that answered a rank (the user is on the global board). */
  ranked: number;
}

/** A notifier with no sockets behind it: the service phase has no audience. */
const silentNotifier: Notifier = { toUser() {}, toRoom() {}, broadcast() {}, joinRoom() {}, leaveRoom() {}, disconnectUser() {} };

export async function measureService(options: {
  databaseUrl: string;
  redisUrl: string;
  keyPrefix: string;
  userIds: number[];
  board: LeaderboardBoard;
  log: (message: string) => void;
}): Promise<ServiceMeasurements> {
  const logger = createLogger('warn');
  const database = await openDatabase({ url: options.databaseUrl });
  const shared = await createRedisSharedState({ url: options.redisUrl, keyPrefix: options.keyPrefix, logger });
  const graph = new GraphService({ workers: 0 });
  const raw = createClient({ url: options.redisUrl });
  await raw.connect();
  const services = createServices({
    database,
    shared,
    graph,
    logger,
    notifier: silentNotifier,
    mailer: createLogMailer(logger, { showLinks: false }),
    settings: {
      sessionSecret: 'bench-leaderboard-session-secret-0123456789',
      secureCookies: false,
      findConnectionPerMinute: 0,
      publicPerMinute: 0,
      authenticatedPerMinute: 0,
      loginThrottle: { failuresPerAccount: 0, failuresPerIp: 0, windowMs: 60_000 },
      sessionPruneIntervalMs: 0,
    },
  });
  try {
    const { leaderboards } = services;
    options.log('rebuild: every board from the ledger into Redis, through the leaderboard service...');
    const started = performance.now();
    const rebuildResult = await leaderboards.rebuild();
    const rebuildSeconds = (performance.now() - started) / 1000;
    options.log(`  rebuilt ${rebuildResult.boards} boards, ${rebuildResult.players.toLocaleString('en')} players, ${rebuildResult.entries.toLocaleString('en')} entries in ${rebuildSeconds.toFixed(1)} s`);

    // Warm-up: connections, the pool and JIT, not measured.
    for (const id of options.userIds.slice(0, 200)) await leaderboards.rankOf(id);
    for (let i = 0; i < 50; i++) await leaderboards.read(options.board, 100);

    options.log(`reads: ${options.userIds.length.toLocaleString('en')} rankOf and read(${options.board}, 100) each, one at a time, each followed by its raw Redis command...`);
    const watchedKey = options.keyPrefix + boardKey(options.board, new Date());
    const member = (userId: number) => String(userId);
    const samples = { rank: [] as number[], rawRank: [] as number[], top: [] as number[], rawTop: [] as number[] };
    let ranked = 0;
    // Interleaved call by call: the service and its baseline see the same moments of a shared machine.
    for (const id of options.userIds) {
      let t0 = performance.now();
      const answer = await leaderboards.rankOf(id);
      samples.rank.push(performance.now() - t0);
      if (answer.globalRank !== null) ranked++;
      t0 = performance.now();
      await raw.zRevRank(watchedKey, member(id));
      samples.rawRank.push(performance.now() - t0);
    }
    for (let i = 0; i < options.userIds.length; i++) {
      let t0 = performance.now();
      const board = await leaderboards.read(options.board, 100);
      samples.top.push(performance.now() - t0);
      if (board.rows.length !== Math.min(100, board.total)) throw new Error(`read(${options.board}, 100) answered ${board.rows.length} rows of ${board.total}`);
      t0 = performance.now();
      await raw.zRangeWithScores(watchedKey, 0, 99, { REV: true });
      samples.rawTop.push(performance.now() - t0);
    }
    return {
      rebuildSeconds,
      rebuildResult,
      rankOf: roundSummary(summarize(samples.rank)),
      top100: roundSummary(summarize(samples.top)),
      raw: { key: watchedKey, zrevrank: roundSummary(summarize(samples.rawRank)), zrevrange100: roundSummary(summarize(samples.rawTop)) },
      ranked,
    };
  } finally {
    await raw.close();
    await services.close();
    await graph.close();
    await shared.close();
    await database.close();
  }
}
