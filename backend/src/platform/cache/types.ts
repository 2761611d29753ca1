/**
 * The shared-state interfaces: one small interface per concern, implemented twice
 * (Redis when REDIS_URL is set, in-process otherwise) and held to one contract suite.
 * Every method of the Redis implementation answers within REDIS_COMMAND_TIMEOUT_MS or rejects with
 * SharedStateUnavailableError (unavailable.ts); the in-process one never does.
 */

/** Strings by key, optionally expiring. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** `ttlMs` unset keeps the value until deleted. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (admin "clear cache"); returns how many. */
  deleteByPrefix(prefix: string): Promise<number>;
}

export type Unsubscribe = () => Promise<void>;

/** Fire-and-forget messages between processes. Delivery is asynchronous, also in-process. */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe>;
}

export interface ScoredMember {
  member: string;
  score: number;
}

/**
 * Sorted sets whose key starts with this are leaderboards: they must hold every player, so the
 * in-process implementation never drops their members nor evicts them (other sets, such as
 * trending, are bounded there). Redis bounds none.
 */
export const BOARD_KEY_PREFIX = 'board:';

/** Leaderboard-shaped sets: highest score first; rank 0 is the top. Ties order by member, descending. */
export interface SortedSets {
  increment(key: string, member: string, by: number): Promise<number>;
  score(key: string, member: string): Promise<number | null>;
  /** Scores of several members at once, null for each absent one (ZMSCORE). */
  scores(key: string, members: readonly string[]): Promise<Array<number | null>>;
  rank(key: string, member: string): Promise<number | null>;
  /** Members scoring strictly above `score` (ZCOUNT): a competition rank ("1224") is this + 1. */
  countAbove(key: string, score: number): Promise<number>;
  /** A member's score and how many score strictly above it (its competition rank - 1), in one round trip; null when absent. */
  standing(key: string, member: string): Promise<{ score: number; above: number } | null>;
  /** Members from rank `start` to rank `stop` inclusive (like ZRANGE ... REV). */
  range(key: string, start: number, stop: number): Promise<ScoredMember[]>;
  size(key: string): Promise<number>;
  /** Sets absolute scores, many members at once (ZADD): replaying it changes nothing. */
  setMany(key: string, entries: readonly ScoredMember[]): Promise<void>;
  remove(key: string, member: string): Promise<void>;
  /** Deletes the whole set. */
  delete(key: string): Promise<void>;
  /** Replaces `to` with `from` in one step (readers see the old set or the new one, never a mix); a missing `from` deletes `to`. */
  rename(from: string, to: string): Promise<void>;
  /** Copies `from` to `to` unless `to` exists; false when nothing was copied (`to` exists or `from` is missing). */
  copy(from: string, to: string): Promise<boolean>;
  /** Keys of the sorted sets that start with `prefix`. */
  keys(prefix: string): Promise<string[]>;
}

export interface CounterValue {
  value: number;
  /** Milliseconds until the counter resets; null when it never expires. */
  ttlMs: number | null;
}

/** Atomic counters; the window (TTL) starts when a counter is created, as rate limits need. */
export interface Counters {
  increment(key: string, options?: { by?: number; ttlMs?: number }): Promise<CounterValue>;
  get(key: string): Promise<number>;
}

/** A string with the version it was written at (1 for the first write). */
export interface VersionedValue {
  version: number;
  value: string;
}

/**
 * Values written with an atomic compare-and-set on a version number, for state that several
 * processes change (a race room): each writer reads, computes, and writes only if nobody wrote in
 * between; the loser reads again. Separate from `kv` (a versioned key is not a plain string).
 */
export interface VersionedStore {
  get(key: string): Promise<VersionedValue | null>;
  /**
   * Writes `value` as version `expected + 1` only when the stored version is `expected` (0: the key
   * is absent). Returns whether it wrote. `ttlMs` (re)starts the key's expiry; unset keeps it forever.
   */
  compareAndSet(key: string, expected: number, value: string, ttlMs?: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export interface SharedState {
  driver: 'redis' | 'memory';
  kv: KeyValueStore;
  versioned: VersionedStore;
  pubsub: PubSub;
  sortedSets: SortedSets;
  counters: Counters;
  /** A real round trip; resolves to its latency in ms, rejects while the backing store is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
}
