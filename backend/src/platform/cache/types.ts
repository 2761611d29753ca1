/**
 * The shared-state interfaces: one small interface per concern, implemented twice
 * (Redis when REDIS_URL is set, in-process otherwise) and held to one contract suite.
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

/** Leaderboard-shaped sets: highest score first; rank 0 is the top. Ties order by member, descending. */
export interface SortedSets {
  increment(key: string, member: string, by: number): Promise<number>;
  score(key: string, member: string): Promise<number | null>;
  rank(key: string, member: string): Promise<number | null>;
  /** Members from rank `start` to rank `stop` inclusive (like ZRANGE ... REV). */
  range(key: string, start: number, stop: number): Promise<ScoredMember[]>;
  size(key: string): Promise<number>;
  remove(key: string, member: string): Promise<void>;
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

export interface SharedState {
  driver: 'redis' | 'memory';
  kv: KeyValueStore;
  pubsub: PubSub;
  sortedSets: SortedSets;
  counters: Counters;
  /** A real round trip; resolves to its latency in ms, rejects while the backing store is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
}
