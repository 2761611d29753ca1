import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import { OrderedSet } from './ordered-set.js';
import { BOARD_KEY_PREFIX, type CounterValue, type Counters, type KeyValueStore, type PubSub, type ScoredMember, type SharedState, type SortedSets, type VersionedStore, type VersionedValue } from './types.js';

interface Expiring<T> {
  value: T;
  expiresAt: number | null;
}

export interface MemorySharedStateOptions {
  /**
   * Bound of each structure: cached strings, counters, sorted sets, and members of one sorted set.
   * Past it the least recently used string, counter or set goes (the lowest-scored member of a set).
   * Leaderboards (keys under BOARD_KEY_PREFIX) are not bounded: a board must hold every player.
   */
  maxEntries?: number;
}

export const DEFAULT_MEMORY_MAX_ENTRIES = 50_000;
/** Entries the expiry sweep checks per turn of the event loop. */
const SWEEP_SLICE = 2_000;
/** Up to this many leading ranks, range() selects them in one pass instead of sorting the whole set. */
const TOP_K_SELECT = 256;

/** In-process shared state for a single node (the embedded default), bounded in memory. */
export function createMemorySharedState(options: MemorySharedStateOptions = {}): SharedState {
  const max = options.maxEntries ?? DEFAULT_MEMORY_MAX_ENTRIES;
  const strings = new LRUCache<string, Expiring<string>>({ max });
  const counters = new LRUCache<string, Expiring<number>>({ max });
  const sets = new LRUCache<string, BoundedSortedSet>({ max });
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
  // Expired entries nobody reads again would otherwise stay until the bound pushes them out. Swept a
  // slice per turn of the event loop: a full pass over tens of thousands of entries would stall it.
  let closed = false;
  const sweep = <T extends NonNullable<unknown>>(map: LRUCache<string, Expiring<T>>) => {
    const keys = [...map.keys()];
    let next = 0;
    const slice = () => {
      if (closed) return;
      const now = Date.now();
      for (const end = Math.min(next + SWEEP_SLICE, keys.length); next < end; next += 1) {
        const entry = map.peek(keys[next]!);
        if (entry && entry.expiresAt !== null && entry.expiresAt <= now) map.delete(keys[next]!);
      }
      if (next < keys.length) setImmediate(slice).unref();
    };
    slice();
  };
  const sweeper = setInterval(() => {
    sweep(strings);
    sweep(counters);
    sweep(versions);
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

  // Versioned values: read and written synchronously inside each call, so compare-and-set is atomic here.
  const versions = new LRUCache<string, Expiring<VersionedValue>>({ max });
  const versioned: VersionedStore = {
    async get(key) {
      const entry = live(versions, key);
      return entry ? { ...entry.value } : null;
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const current = live(versions, key)?.value.version ?? 0;
      if (current !== expected) return false;
      versions.set(key, { value: { version: current + 1, value }, expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs });
      return true;
    },
    async delete(key) {
      versions.delete(key);
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

  // Leaderboards apart from the bounded sets: never evicted, never dropping a member (see BOARD_KEY_PREFIX).
  const boards = new Map<string, OrderedSet>();
  const isBoard = (key: string) => key.startsWith(BOARD_KEY_PREFIX);
  const find = (key: string): MemorySortedSet | undefined => (isBoard(key) ? boards.get(key) : sets.get(key));
  const store = (key: string, set: MemorySortedSet) => {
    if (isBoard(key)) boards.set(key, set instanceof OrderedSet ? set : toOrdered(set));
    else sets.set(key, set instanceof BoundedSortedSet ? set : BoundedSortedSet.from(set, max));
  };
  const open = (key: string): MemorySortedSet => {
    let set = find(key);
    if (!set) store(key, (set = isBoard(key) ? new OrderedSet() : new BoundedSortedSet()));
    return set;
  };
  const drop = (key: string) => {
    boards.delete(key);
    sets.delete(key);
  };
  // Like Redis, a set left empty stops existing (copy() and rename() rely on it).
  const dropIfEmpty = (key: string, set: MemorySortedSet) => {
    if (set.scores.size === 0 && find(key) === set) drop(key);
  };

  const sortedSets: SortedSets = {
    async increment(key, member, by) {
      const set = open(key);
      return set instanceof OrderedSet ? set.increment(member, by) : set.increment(member, by, max);
    },
    async score(key, member) {
      return find(key)?.scores.get(member) ?? null;
    },
    async scores(key, members) {
      const set = find(key);
      return members.map((member) => set?.scores.get(member) ?? null);
    },
    async rank(key, member) {
      return find(key)?.rank(member) ?? null;
    },
    async countAbove(key, score) {
      return find(key)?.countAbove(score) ?? 0;
    },
    async standing(key, member) {
      const set = find(key);
      const score = set?.scores.get(member);
      return set && score !== undefined ? { score, above: set.countAbove(score) } : null;
    },
    async range(key, start, stop) {
      return find(key)?.range(start, stop) ?? [];
    },
    async size(key) {
      return find(key)?.scores.size ?? 0;
    },
    async setMany(key, entries) {
      if (entries.length === 0) return;
      const set = open(key);
      if (set instanceof OrderedSet) set.setMany(entries);
      else for (const { member, score } of entries) set.set(member, score, max);
    },
    async remove(key, member) {
      const set = find(key);
      if (!set) return;
      set.remove(member);
      dropIfEmpty(key, set);
    },
    async delete(key) {
      drop(key);
    },
    async rename(from, to) {
      const set = find(from);
      drop(to);
      if (!set) return;
      drop(from);
      store(to, set);
    },
    async copy(from, to) {
      const set = find(from);
      if (!set || find(to)) return false;
      store(to, set.clone());
      return true;
    },
    async keys(prefix) {
      return [...boards.keys(), ...sets.keys()].filter((key) => key.startsWith(prefix));
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
    versioned,
    pubsub,
    sortedSets,
    counters: counterStore,
    async ping() {
      return 0;
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      bus.removeAllListeners();
    },
  };
}

/** What both in-process sorted sets offer: bounded (trending) and unbounded (leaderboards). */
type MemorySortedSet = BoundedSortedSet | OrderedSet;

function toOrdered(set: { scores: ReadonlyMap<string, number> }): OrderedSet {
  const ordered = new OrderedSet();
  ordered.setMany([...set.scores].map(([member, score]) => ({ member, score })));
  return ordered;
}

/** Ranks `a` ahead of `b`: higher score first, ties by member, descending (as Redis ZRANGE ... REV). */
const ahead = (a: ScoredMember, b: ScoredMember) => a.score > b.score || (a.score === b.score && a.member > b.member);

interface HeapEntry {
  score: number;
  /** Write order: among equal scores the oldest goes first. */
  seq: number;
  member: string;
}
const lower = (a: HeapEntry, b: HeapEntry) => a.score < b.score || (a.score === b.score && a.seq < b.seq);

/**
 * A sorted set whose every operation stays cheap at its bound: scores by member, plus a lazy
 * min-heap of the scores written (an entry is stale once its member's score changed or it left), so
 * dropping the lowest-scored member costs O(log n) rather than a scan of the whole set on each new
 * member; reading the top ranks is one pass, not a sort.
 */
class BoundedSortedSet {
  readonly scores = new Map<string, number>();
  private heap: HeapEntry[] = [];
  private seq = 0;

  /** A set holding `source`'s members, bounded to `max` (the lowest-scored go). */
  static from(source: { scores: ReadonlyMap<string, number> }, max: number): BoundedSortedSet {
    const set = new BoundedSortedSet();
    for (const [member, score] of source.scores) set.set(member, score, max);
    return set;
  }

  increment(member: string, by: number, max: number): number {
    return this.set(member, (this.scores.get(member) ?? 0) + by, max);
  }

  set(member: string, score: number, max: number): number {
    this.scores.set(member, score);
    this.push({ score, seq: this.seq++, member });
    if (this.scores.size > max) this.dropLowest(member);
    // Stale entries pile up as scores change: rebuild once they outnumber the live ones.
    if (this.heap.length > 2 * this.scores.size + 64) this.rebuild();
    return score;
  }

  /** Members from rank `start` to `stop` inclusive; negative ranks count from the end. */
  range(start: number, stop: number): ScoredMember[] {
    const n = this.scores.size;
    const from = start < 0 ? Math.max(n + start, 0) : start;
    const to = Math.min(stop < 0 ? n + stop : stop, n - 1);
    if (to < from) return [];
    if (to + 1 <= TOP_K_SELECT && to + 1 < n) return this.top(to + 1).slice(from);
    const all: ScoredMember[] = [];
    for (const [member, score] of this.scores) all.push({ member, score });
    return all.sort((a, b) => (ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0)).slice(from, to + 1);
  }

  remove(member: string): void {
    // Its heap entry goes stale and is skipped when met.
    this.scores.delete(member);
  }

  countAbove(score: number): number {
    let count = 0;
    for (const other of this.scores.values()) if (other > score) count += 1;
    return count;
  }

  clone(): BoundedSortedSet {
    const copy = new BoundedSortedSet();
    for (const [member, score] of this.scores) copy.scores.set(member, score);
    copy.rebuild();
    return copy;
  }

  rank(member: string): number | null {
    const score = this.scores.get(member);
    if (score === undefined) return null;
    const self = { member, score };
    let rank = 0;
    for (const [other, otherScore] of this.scores) if (ahead({ member: other, score: otherScore }, self)) rank += 1;
    return rank;
  }

  /** The first `k` ranks in one pass: a sorted window of the best seen so far. */
  private top(k: number): ScoredMember[] {
    const best: ScoredMember[] = [];
    for (const [member, score] of this.scores) {
      if (best.length === k) {
        const last = best[k - 1]!;
        if (score < last.score || (score === last.score && member <= last.member)) continue;
      }
      const entry = { member, score };
      let at = best.length;
      while (at > 0 && ahead(entry, best[at - 1]!)) at -= 1;
      best.splice(at, 0, entry);
      if (best.length > k) best.pop();
    }
    return best;
  }

  /** Drops the lowest-scored member other than `keep` (the member just written stays). */
  private dropLowest(keep: string): void {
    let kept: HeapEntry | undefined;
    for (let entry = this.pop(); entry; entry = this.pop()) {
      if (this.scores.get(entry.member) !== entry.score) continue; // stale
      if (entry.member === keep) {
        kept = entry;
        continue;
      }
      this.scores.delete(entry.member);
      break;
    }
    if (kept) this.push(kept);
  }

  private rebuild(): void {
    this.heap = [];
    for (const [member, score] of this.scores) this.heap.push({ score, seq: this.seq++, member });
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i -= 1) this.down(i);
  }

  private push(entry: HeapEntry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!lower(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): HeapEntry | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && lower(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && lower(heap[right]!, heap[least]!)) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
  }
}
