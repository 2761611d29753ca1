import { createClient, ErrorReply } from 'redis';
import type { Logger } from '../logging.js';
import type { Counters, KeyValueStore, PubSub, SharedState, SortedSets, VersionedStore } from './types.js';
import { SharedStateUnavailableError } from './unavailable.js';
import { withTimeout } from '../timeout.js';

export type RedisClient = ReturnType<typeof createClient>;

/** Members per ZADD of setMany. */
const SET_MANY_CHUNK = 2_000;
/** ZSCORE then ZCOUNT above it, in one round trip (a rank lookup is the hot read of the boards). */
const STANDING = `local score = redis.call('ZSCORE', KEYS[1], ARGV[1]) if not score then return false end return {redis.call('ZCOUNT', KEYS[1], '(' .. score, '+inf'), score}`;
/** RENAME, except that a missing source deletes the destination (RENAME alone fails on it). Atomic as a script. */
const RENAME_OR_DELETE = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('RENAME', KEYS[1], KEYS[2]) else return redis.call('DEL', KEYS[2]) end`;

/** Compare-and-set on a hash { v: version, d: value }: writes only when the stored version is ARGV[1] (0: absent). */
const COMPARE_AND_SET = `local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', current + 1, 'd', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) else redis.call('PERSIST', KEYS[1]) end
return 1`;

/** REDIS_COMMAND_TIMEOUT_MS's default. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 100;
/**
 * The bound of the bulk writes of leaderboard rebuilds and daily snapshots (setMany, copy, rename), on
 * their own connection: copying a board of a million players takes Redis ~0.6 s, and a rebuild pipelines
 * thousands of ZADDs, so they cannot fit the per-command timeout. None of them is on a request's path
 * except the admin's rebuild, which answers in seconds anyway.
 */
export const BULK_TIMEOUT_MS = 30_000;
/** The extra turn a command past its bound gets, so a busy event loop is not taken for a silent Redis. */
const REPLY_GRACE_MS = 10;
/** How long close() waits for Redis to answer what is pending before cutting the connections. */
const CLOSE_TIMEOUT_MS = 1_000;
/** How long a bulk write waits for its connection to come back when the main one already has. */
const BULK_RECONNECT_WAIT_MS = 5_000;
/** Redis replies that mean "not now" (loading its data after a restart, a script running, a failover) rather than "wrong". */
const TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|READONLY|CLUSTERDOWN)\b/;

export interface RedisSharedState extends SharedState {
  keyPrefix: string;
  /** Each command's bound (REDIS_COMMAND_TIMEOUT_MS): the Socket.IO adapter's commands get it too. */
  commandTimeoutMs: number;
  /** A new connection with the same settings (Socket.IO adapter, subscribers). Connected. */
  duplicate(): Promise<RedisClient>;
}

export interface RedisOptions {
  url: string;
  /** Prepended to every key and channel, so several apps or test runs can share one Redis. */
  keyPrefix?: string;
  logger?: Logger;
  /** How long start-up waits for Redis before failing. */
  connectTimeoutMs?: number;
  /** Longest a command waits for its answer before failing with SharedStateUnavailableError (REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
}

/**
 * Shared state on Redis. Every call either answers within `commandTimeoutMs` or rejects with
 * SharedStateUnavailableError, so callers degrade instead of hanging: a stopped Redis fails at once
 * (no offline queue), a hung one (SIGSTOP, a blocked server, a dead network) at the timeout, and
 * while a command stays unanswered past it every further command fails at once. The client
 * reconnects by itself in the background; the first answer from Redis ends the fast failing.
 */
export async function createRedisSharedState(options: RedisOptions): Promise<RedisSharedState> {
  const prefix = options.keyPrefix ?? '';
  const clientOptions = {
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      // Retry quickly at first, then every 2 s, forever: Redis coming back must heal the app.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
    },
  };
  const clients: RedisClient[] = [];
  let lastError = '';
  const connect = async (client: RedisClient): Promise<RedisClient> => {
    client.on('error', (error: Error) => {
      // Log each distinct failure once; reconnect attempts repeat the same error many times.
      if (error.message !== lastError) options.logger?.warn({ err: error.message }, 'redis connection problem');
      lastError = error.message;
    });
    client.on('ready', () => {
      if (lastError) options.logger?.info('redis connection restored');
      lastError = '';
    });
    clients.push(client);
    await withTimeout(client.connect(), options.connectTimeoutMs ?? 5_000, `Cannot reach Redis at ${redactUrl(options.url)}`).catch(
      (error: unknown) => {
        client.destroy();
        throw error;
      },
    );
    return client;
  };

  const main = await connect(createClient(clientOptions));
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const run = bounded(commandTimeoutMs);
  let subscriber: RedisClient | undefined;
  const subscriberClient = async () => (subscriber ??= await connect(main.duplicate()));
  const runSubscriberCommand = bounded(commandTimeoutMs);
  // Bulk writes on their own connection: Redis interleaves other connections' commands between a
  // rebuild's pipelined ZADDs, where one connection would queue every request behind them.
  let bulkClient: Promise<RedisClient> | undefined;
  const runBulkCommand = bounded(BULK_TIMEOUT_MS);
  const bulk = async <T>(command: (client: RedisClient) => Promise<T>): Promise<T> => {
    // A hung or gone Redis is noticed on the main connection: fail at once instead of waiting out the bulk bound.
    run.check();
    if (!main.isReady) throw new SharedStateUnavailableError('Redis is not connected');
    bulkClient ??= connect(main.duplicate()).catch((error: unknown) => {
      bulkClient = undefined;
      throw unavailable(error);
    });
    const client = await bulkClient;
    // Redis just came back: this connection may still be reconnecting (it retries on its own, every 2 s at most).
    if (!client.isReady) await waitUntilReady(client, BULK_RECONNECT_WAIT_MS);
    return runBulkCommand(() => command(client));
  };

  const kv: KeyValueStore = {
    async get(key) {
      return run(() => main.get(prefix + key));
    },
    async set(key, value, ttlMs) {
      await run(() => (ttlMs === undefined ? main.set(prefix + key, value) : main.set(prefix + key, value, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } })));
    },
    async delete(key) {
      await run(() => main.del(prefix + key));
    },
    async deleteByPrefix(keyPrefix) {
      let removed = 0;
      // One bounded SCAN (and DEL) at a time: each answers in well under a millisecond.
      for (let cursor = '0'; ; ) {
        const page = await run(() => main.scan(cursor, { MATCH: `${escapeGlob(prefix + keyPrefix)}*`, COUNT: 500 }));
        if (page.keys.length > 0) removed += await run(() => main.del(page.keys));
        cursor = String(page.cursor);
        if (cursor === '0') return removed;
      }
    },
  };

  const versioned: VersionedStore = {
    async get(key) {
      const [version, value] = await run(() => main.hmGet(prefix + key, ['v', 'd']));
      return version === null || version === undefined || value === null || value === undefined ? null : { version: Number(version), value: String(value) };
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const ttl = ttlMs === undefined ? 0 : Math.max(1, Math.round(ttlMs));
      return Number(await run(() => main.eval(COMPARE_AND_SET, { keys: [prefix + key], arguments: [String(expected), value, String(ttl)] }))) === 1;
    },
    async delete(key) {
      await run(() => main.del(prefix + key));
    },
  };

  const pubsub: PubSub = {
    async publish(channel, message) {
      await run(() => main.publish(prefix + channel, message));
    },
    async subscribe(channel, onMessage) {
      const client = await subscriberClient().catch((error: unknown) => {
        throw unavailable(error);
      });
      const listener = (message: string) => onMessage(message);
      await runSubscriberCommand(() => client.subscribe(prefix + channel, listener));
      return async () => {
        await runSubscriberCommand(() => client.unsubscribe(prefix + channel, listener));
      };
    },
  };

  const sortedSets: SortedSets = {
    async increment(key, member, by) {
      return Number(await run(() => main.zIncrBy(prefix + key, by, member)));
    },
    async score(key, member) {
      const score = await run(() => main.zScore(prefix + key, member));
      return score === null ? null : Number(score);
    },
    async rank(key, member) {
      return run(() => main.zRevRank(prefix + key, member));
    },
    async range(key, start, stop) {
      const rows = await run(() => main.zRangeWithScores(prefix + key, start, stop, { REV: true }));
      return rows.map((row) => ({ member: String(row.value), score: Number(row.score) }));
    },
    async size(key) {
      return run(() => main.zCard(prefix + key));
    },
    async remove(key, member) {
      await run(() => main.zRem(prefix + key, member));
    },
    async scores(key, members) {
      if (members.length === 0) return [];
      const replies = (await run(() => main.zmScore(prefix + key, [...members]))) as Array<number | string | null>;
      return replies.map((score) => (score === null ? null : Number(score)));
    },
    async countAbove(key, score) {
      // "(" excludes the score itself: members strictly above it.
      return run(() => main.zCount(prefix + key, `(${score}`, '+inf'));
    },
    async standing(key, member) {
      const reply = (await run(() => main.eval(STANDING, { keys: [prefix + key], arguments: [member] }))) as [number, string] | null;
      return reply ? { above: Number(reply[0]), score: Number(reply[1]) } : null;
    },
    async setMany(key, entries) {
      // Chunks of a few thousand per ZADD, pipelined on the bulk connection.
      await bulk((client) => {
        const chunks: Array<Promise<unknown>> = [];
        for (let i = 0; i < entries.length; i += SET_MANY_CHUNK) {
          chunks.push(client.zAdd(prefix + key, entries.slice(i, i + SET_MANY_CHUNK).map(({ member, score }) => ({ value: member, score }))));
        }
        return Promise.all(chunks);
      });
    },
    async delete(key) {
      // UNLINK frees a big board (yesterday's snapshot) in the background instead of blocking Redis.
      await run(() => main.unlink(prefix + key));
    },
    async rename(from, to) {
      // Bulk: renaming over a big board frees the old one inside the command.
      await bulk((client) => client.eval(RENAME_OR_DELETE, { keys: [prefix + from, prefix + to] }));
    },
    async copy(from, to) {
      return Number(await bulk((client) => client.copy(prefix + from, prefix + to))) === 1;
    },
    async keys(keyPrefix) {
      const found: string[] = [];
      for (let cursor = '0'; ; ) {
        const page = await run(() => main.scan(cursor, { MATCH: `${escapeGlob(prefix + keyPrefix)}*`, TYPE: 'zset', COUNT: 500 }));
        for (const key of page.keys) found.push(String(key).slice(prefix.length));
        cursor = String(page.cursor);
        if (cursor === '0') return found;
      }
    },
  };

  const counters: Counters = {
    async increment(key, { by = 1, ttlMs } = {}) {
      const fullKey = prefix + key;
      const multi = main.multi().incrBy(fullKey, by);
      // NX: the window starts with the first hit and is not extended by later ones.
      if (ttlMs !== undefined) multi.pExpire(fullKey, Math.max(1, Math.round(ttlMs)), 'NX');
      multi.pTTL(fullKey);
      const replies = (await run(() => multi.exec())) as unknown[];
      const value = Number(replies[0]);
      const ttl = Number(replies[replies.length - 1]);
      return { value, ttlMs: ttl >= 0 ? ttl : null };
    },
    async get(key) {
      return Number((await run(() => main.get(prefix + key))) ?? 0);
    },
  };

  return {
    driver: 'redis',
    keyPrefix: prefix,
    commandTimeoutMs,
    kv,
    versioned,
    pubsub,
    sortedSets,
    counters,
    async ping() {
      const started = performance.now();
      await run(() => main.ping());
      return Math.round((performance.now() - started) * 100) / 100;
    },
    duplicate: () => connect(main.duplicate()),
    async close() {
      // close() waits for every pending reply, forever on a hung Redis: past a second the connections are cut.
      await Promise.all(clients.map((client) => (client.isOpen ? withTimeout(client.close(), CLOSE_TIMEOUT_MS, 'Redis did not answer the close').catch(() => client.destroy()) : undefined)));
    },
  };
}

/** A command runner: `run(command)` bounds one command; `run.check()` throws while the connection is known to hang. */
export interface BoundedRunner {
  <T>(command: () => Promise<T>): Promise<T>;
  check(): void;
}

/**
 * Bounds commands of one connection by `timeoutMs`. node-redis's own `timeout` option stops
 * counting once a command is written to the socket, which is exactly where a hung server (SIGSTOP, a
 * dead peer) leaves it, so the bound is raced here. A command past it is left in node-redis's queue
 * (replies are matched by order, so it must stay there); until any command of the connection is
 * answered again (or the connection drops), new ones fail at once rather than queueing behind it.
 */
export function bounded(timeoutMs: number): BoundedRunner {
  /** When a command was first found unanswered past the bound; null while the connection answers. */
  let stalledSince: number | null = null;
  const check = () => {
    if (stalledSince !== null) throw new SharedStateUnavailableError(`Redis has not answered for ${Math.round(performance.now() - stalledSince)} ms`);
  };
  const runner = <T>(command: () => Promise<T>): Promise<T> => {
    try {
      check();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      // Only Redis's silence may fail a command, not this process being busy: node-redis writes a
      // command on a later turn (setImmediate), and a reply is read in the I/O phase, after the timers.
      // So past the bound the command gets one more unhurried turn (the I/O phase may wait
      // REPLY_GRACE_MS for it) and is judged after that turn's I/O; a reply that arrived while a long
      // synchronous task held the event loop is read first.
      const timer = setTimeout(() => {
        const judge = setTimeout(() => {
          setImmediate(() => {
            if (settled) return;
            settled = true;
            stalledSince ??= performance.now();
            reject(new SharedStateUnavailableError(`Redis did not answer within ${timeoutMs} ms`));
          });
        }, REPLY_GRACE_MS);
        judge.unref();
      }, timeoutMs);
      const answered = (settle: () => void) => {
        stalledSince = null;
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        settle();
      };
      let sent: Promise<T>;
      try {
        sent = command();
      } catch (error) {
        answered(() => reject(unavailable(error)));
        return;
      }
      sent.then(
        (value) => answered(() => resolve(value)),
        (error: unknown) => answered(() => reject(unavailable(error))),
      );
    });
  };
  return Object.assign(runner, { check });
}

/** A failure as callers see it: anything but Redis refusing the command means Redis is unavailable. */
function unavailable(error: unknown): Error {
  if (error instanceof SharedStateUnavailableError) return error;
  if (error instanceof ErrorReply && !TRANSIENT_REPLY.test(error.message)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SharedStateUnavailableError(`Redis is unavailable: ${message}`, { cause: error });
}

/** Resolves once the client is ready again; rejects as unavailable after `ms`. */
async function waitUntilReady(client: RedisClient, ms: number): Promise<void> {
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
    client.once('ready', onReady);
  });
  try {
    await withTimeout(ready, ms, 'Redis connection not back yet');
  } catch (error) {
    throw unavailable(error);
  } finally {
    client.off('ready', onReady);
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
