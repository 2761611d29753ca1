import { createClient } from 'redis';
import type { Logger } from '../logging.js';
import type { Counters, KeyValueStore, PubSub, SharedState, SortedSets, VersionedStore } from './types.js';

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

export interface RedisSharedState extends SharedState {
  keyPrefix: string;
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
}

/**
 * Shared state on Redis. Commands fail fast while Redis is unreachable (no offline queue), so
 * callers can degrade instead of hanging; the client reconnects by itself in the background.
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
  let subscriber: RedisClient | undefined;
  const subscriberClient = async () => (subscriber ??= await connect(main.duplicate()));

  const kv: KeyValueStore = {
    async get(key) {
      return main.get(prefix + key);
    },
    async set(key, value, ttlMs) {
      await (ttlMs === undefined ? main.set(prefix + key, value) : main.set(prefix + key, value, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } }));
    },
    async delete(key) {
      await main.del(prefix + key);
    },
    async deleteByPrefix(keyPrefix) {
      let removed = 0;
      for await (const keys of main.scanIterator({ MATCH: `${escapeGlob(prefix + keyPrefix)}*`, COUNT: 500 })) {
        if (keys.length > 0) removed += await main.del(keys);
      }
      return removed;
    },
  };

  const versioned: VersionedStore = {
    async get(key) {
      const [version, value] = await main.hmGet(prefix + key, ['v', 'd']);
      return version === null || version === undefined || value === null || value === undefined ? null : { version: Number(version), value: String(value) };
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const ttl = ttlMs === undefined ? 0 : Math.max(1, Math.round(ttlMs));
      return Number(await main.eval(COMPARE_AND_SET, { keys: [prefix + key], arguments: [String(expected), value, String(ttl)] })) === 1;
    },
    async delete(key) {
      await main.del(prefix + key);
    },
  };

  const pubsub: PubSub = {
    async publish(channel, message) {
      await main.publish(prefix + channel, message);
    },
    async subscribe(channel, onMessage) {
      const client = await subscriberClient();
      const listener = (message: string) => onMessage(message);
      await client.subscribe(prefix + channel, listener);
      return async () => {
        await client.unsubscribe(prefix + channel, listener);
      };
    },
  };

  const sortedSets: SortedSets = {
    async increment(key, member, by) {
      return Number(await main.zIncrBy(prefix + key, by, member));
    },
    async score(key, member) {
      const score = await main.zScore(prefix + key, member);
      return score === null ? null : Number(score);
    },
    async rank(key, member) {
      return main.zRevRank(prefix + key, member);
    },
    async range(key, start, stop) {
      const rows = await main.zRangeWithScores(prefix + key, start, stop, { REV: true });
      return rows.map((row) => ({ member: String(row.value), score: Number(row.score) }));
    },
    async size(key) {
      return main.zCard(prefix + key);
    },
    async remove(key, member) {
      await main.zRem(prefix + key, member);
    },
    async scores(key, members) {
      if (members.length === 0) return [];
      const replies = (await main.zmScore(prefix + key, [...members])) as Array<number | string | null>;
      return replies.map((score) => (score === null ? null : Number(score)));
    },
    async countAbove(key, score) {
      // "(" excludes the score itself: members strictly above it.
      return main.zCount(prefix + key, `(${score}`, '+inf');
    },
    async standing(key, member) {
      const reply = (await main.eval(STANDING, { keys: [prefix + key], arguments: [member] })) as [number, string] | null;
      return reply ? { above: Number(reply[0]), score: Number(reply[1]) } : null;
    },
    async setMany(key, entries) {
      // Chunks of a few thousand per ZADD; the client pipelines them.
      const chunks: Array<Promise<unknown>> = [];
      for (let i = 0; i < entries.length; i += SET_MANY_CHUNK) {
        chunks.push(main.zAdd(prefix + key, entries.slice(i, i + SET_MANY_CHUNK).map(({ member, score }) => ({ value: member, score }))));
      }
      await Promise.all(chunks);
    },
    async delete(key) {
      // UNLINK frees a big board (yesterday's snapshot) in the background instead of blocking Redis.
      await main.unlink(prefix + key);
    },
    async rename(from, to) {
      await main.eval(RENAME_OR_DELETE, { keys: [prefix + from, prefix + to] });
    },
    async copy(from, to) {
      return Number(await main.copy(prefix + from, prefix + to)) === 1;
    },
    async keys(keyPrefix) {
      const found: string[] = [];
      for await (const keys of main.scanIterator({ MATCH: `${escapeGlob(prefix + keyPrefix)}*`, TYPE: 'zset', COUNT: 500 })) {
        for (const key of keys) found.push(String(key).slice(prefix.length));
      }
      return found;
    },
  };

  const counters: Counters = {
    async increment(key, { by = 1, ttlMs } = {}) {
      const fullKey = prefix + key;
      const multi = main.multi().incrBy(fullKey, by);
      // NX: the window starts with the first hit and is not extended by later ones.
      if (ttlMs !== undefined) multi.pExpire(fullKey, Math.max(1, Math.round(ttlMs)), 'NX');
      multi.pTTL(fullKey);
      const replies = (await multi.exec()) as unknown[];
      const value = Number(replies[0]);
      const ttl = Number(replies[replies.length - 1]);
      return { value, ttlMs: ttl >= 0 ? ttl : null };
    },
    async get(key) {
      return Number((await main.get(prefix + key)) ?? 0);
    },
  };

  return {
    driver: 'redis',
    keyPrefix: prefix,
    kv,
    versioned,
    pubsub,
    sortedSets,
    counters,
    async ping() {
      const started = performance.now();
      await main.ping();
      return Math.round((performance.now() - started) * 100) / 100;
    },
    duplicate: () => connect(main.duplicate()),
    async close() {
      await Promise.all(clients.map((client) => (client.isOpen ? client.close().catch(() => client.destroy()) : undefined)));
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
