import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import type { CounterValue, Counters, KeyValueStore, PubSub, ScoredMember, SharedState, SortedSets } from './types.js';

interface Expiring<T> {
  value: T;
  expiresAt: number | null;
}

export interface MemorySharedStateOptions {
  /**
   * Bound of each structure: cached strings, counters, sorted sets, and members of one sorted set.
   * Past it the least recently used string, counter or set goes (the lowest-scored member of a set).
   */
  maxEntries?: number;
}

export const DEFAULT_MEMORY_MAX_ENTRIES = 50_000;

/** In-process shared state for a single node (the embedded default), bounded in memory. */
export function createMemorySharedState(options: MemorySharedStateOptions = {}): SharedState {
  const max = options.maxEntries ?? DEFAULT_MEMORY_MAX_ENTRIES;
  const strings = new LRUCache<string, Expiring<string>>({ max });
  const counters = new LRUCache<string, Expiring<number>>({ max });
  const sets = new LRUCache<string, Map<string, number>>({ max });
  const bus = new EventEmitter();
  bus.setMaxListeners(0);

  const live = <T extends NonNullable<unknown>>(map: LRUCache<string, Expiring<T>>, key: string): Expiring<T> | undefined => {
    const entry = map.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired entries nobody reads again would otherwise stay forever.
  const sweeper = setInterval(() => {
    const sweep = <T extends NonNullable<unknown>>(map: LRUCache<string, Expiring<T>>) => {
      for (const key of [...map.keys()]) {
        const entry = map.peek(key);
        if (entry && entry.expiresAt !== null && entry.expiresAt <= Date.now()) map.delete(key);
      }
    };
    sweep(strings);
    sweep(counters);
  }, 60_000);
  sweeper.unref();

  const kv: KeyValueStore = {
    async get(key) {
      return live(strings, key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      strings.set(key, { value, expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs });
    },
    async delete(key) {
      strings.delete(key);
    },
    async deleteByPrefix(prefix) {
      let removed = 0;
      for (const key of [...strings.keys()]) {
        if (key.startsWith(prefix) && live(strings, key)) {
          strings.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };

  const pubsub: PubSub = {
    async publish(channel, message) {
      // Asynchronous like Redis, so callers never depend on synchronous delivery.
      setImmediate(() => bus.emit(channel, message));
    },
    async subscribe(channel, onMessage) {
      bus.on(channel, onMessage);
      return async () => {
        bus.off(channel, onMessage);
      };
    },
  };

  const ordered = (key: string): ScoredMember[] =>
    [...(sets.get(key) ?? new Map<string, number>())]
      .map(([member, score]) => ({ member, score }))
      .sort((a, b) => b.score - a.score || (a.member < b.member ? 1 : a.member > b.member ? -1 : 0));

  /** Keeps a set within `max` members by dropping its lowest-scored one (never the member just written). */
  const trim = (set: Map<string, number>, keep: string) => {
    if (set.size <= max) return;
    let lowest: string | undefined;
    for (const [member, score] of set) if (member !== keep && (lowest === undefined || score < set.get(lowest)!)) lowest = member;
    if (lowest !== undefined) set.delete(lowest);
  };

  const sortedSets: SortedSets = {
    async increment(key, member, by) {
      const set = sets.get(key) ?? new Map<string, number>();
      sets.set(key, set);
      const score = (set.get(member) ?? 0) + by;
      set.set(member, score);
      trim(set, member);
      return score;
    },
    async score(key, member) {
      return sets.get(key)?.get(member) ?? null;
    },
    async rank(key, member) {
      if (!sets.get(key)?.has(member)) return null;
      return ordered(key).findIndex((entry) => entry.member === member);
    },
    async range(key, start, stop) {
      const all = ordered(key);
      const from = start < 0 ? Math.max(all.length + start, 0) : start;
      const to = stop < 0 ? all.length + stop : stop;
      return all.slice(from, to + 1);
    },
    async size(key) {
      return sets.get(key)?.size ?? 0;
    },
    async remove(key, member) {
      sets.get(key)?.delete(member);
    },
  };

  const counterStore: Counters = {
    async increment(key, { by = 1, ttlMs } = {}): Promise<CounterValue> {
      const existing = live(counters, key);
      const entry = existing ?? { value: 0, expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs };
      entry.value += by;
      counters.set(key, entry);
      return { value: entry.value, ttlMs: entry.expiresAt === null ? null : Math.max(entry.expiresAt - Date.now(), 0) };
    },
    async get(key) {
      return live(counters, key)?.value ?? 0;
    },
  };

  return {
    driver: 'memory',
    kv,
    pubsub,
    sortedSets,
    counters: counterStore,
    async ping() {
      return 0;
    },
    async close() {
      clearInterval(sweeper);
      bus.removeAllListeners();
    },
  };
}
