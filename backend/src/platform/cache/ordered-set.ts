import type { ScoredMember } from './types.js';

/** Members per block after a bulk load; a block splits past twice this. */
const BLOCK = 512;

/** Negative when (aScore, aMember) ranks ahead of (bScore, bMember): higher score first, ties by member descending (as Redis ZRANGE ... REV). */
function order(aScore: number, aMember: string, bScore: number, bMember: string): number {
  if (aScore !== bScore) return aScore > bScore ? -1 : 1;
  return aMember === bMember ? 0 : aMember > bMember ? -1 : 1;
}

/**
 * An unbounded sorted set that stays fast at a million members (the in-process leaderboards): the
 * members in rank order, cut into blocks of a few hundred ("sorted list of lists"). A write is a
 * binary search over the blocks plus a splice inside one; a rank or a count above a score adds up
 * the sizes of the blocks before it. No operation sorts or scans the whole set.
 */
export class OrderedSet {
  readonly scores = new Map<string, number>();
  private blocks: ScoredMember[][] = [];

  get size(): number {
    return this.scores.size;
  }

  /** Sets `member`'s score; returns it. */
  set(member: string, score: number): number {
    const old = this.scores.get(member);
    if (old === score) return score;
    if (old !== undefined) this.detach(member, old);
    this.attach(member, score);
    this.scores.set(member, score);
    return score;
  }

  increment(member: string, by: number): number {
    return this.set(member, (this.scores.get(member) ?? 0) + by);
  }

  remove(member: string): void {
    const score = this.scores.get(member);
    if (score === undefined) return;
    this.detach(member, score);
    this.scores.delete(member);
  }

  /** Zero-based position of `member`, null when absent. */
  rank(member: string): number | null {
    const score = this.scores.get(member);
    if (score === undefined) return null;
    const [block, at] = this.locate(score, member);
    return this.before(block) + at;
  }

  /** Members with a score strictly greater than `score`. */
  countAbove(score: number): number {
    // The first member not above `score` is the first in order after (score, the highest member name):
    // search for the first entry whose score is <= score.
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid]!;
      if (block[block.length - 1]!.score > score) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.blocks.length) return this.scores.size;
    const block = this.blocks[lo]!;
    let first = 0;
    let last = block.length;
    while (first < last) {
      const mid = (first + last) >> 1;
      if (block[mid]!.score > score) first = mid + 1;
      else last = mid;
    }
    return this.before(lo) + first;
  }

  /** Members from rank `start` to `stop` inclusive; negative ranks count from the end. */
  range(start: number, stop: number): ScoredMember[] {
    const n = this.scores.size;
    const from = start < 0 ? Math.max(n + start, 0) : start;
    const to = Math.min(stop < 0 ? n + stop : stop, n - 1);
    const rows: ScoredMember[] = [];
    if (to < from) return rows;
    let offset = 0;
    for (const block of this.blocks) {
      if (offset + block.length <= from) {
        offset += block.length;
        continue;
      }
      for (let i = Math.max(from - offset, 0); i < block.length && offset + i <= to; i += 1) rows.push({ ...block[i]! });
      offset += block.length;
      if (offset > to) break;
    }
    return rows;
  }

  /** Adds many members at once: into an empty set by one sort, otherwise one by one. */
  setMany(entries: readonly ScoredMember[]): void {
    if (this.scores.size > 0) {
      for (const { member, score } of entries) this.set(member, score);
      return;
    }
    const latest = new Map<string, number>();
    for (const { member, score } of entries) latest.set(member, score);
    const sorted = [...latest].map(([member, score]) => ({ member, score })).sort((a, b) => order(a.score, a.member, b.score, b.member));
    for (let i = 0; i < sorted.length; i += BLOCK) this.blocks.push(sorted.slice(i, i + BLOCK));
    for (const [member, score] of latest) this.scores.set(member, score);
  }

  clone(): OrderedSet {
    const copy = new OrderedSet();
    for (const [member, score] of this.scores) copy.scores.set(member, score);
    copy.blocks = this.blocks.map((block) => block.map((entry) => ({ ...entry })));
    return copy;
  }

  /** Sizes of the blocks before `index`. */
  private before(index: number): number {
    let count = 0;
    for (let i = 0; i < index; i += 1) count += this.blocks[i]!.length;
    return count;
  }

  /** The block holding (or that would hold) the entry, and its index there. */
  private locate(score: number, member: string): [number, number] {
    let lo = 0;
    let hi = this.blocks.length;
    // The first block whose last entry does not rank ahead of the entry.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid]!;
      const last = block[block.length - 1]!;
      if (order(last.score, last.member, score, member) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.blocks.length) return [lo, 0];
    const block = this.blocks[lo]!;
    let first = 0;
    let last = block.length;
    while (first < last) {
      const mid = (first + last) >> 1;
      if (order(block[mid]!.score, block[mid]!.member, score, member) < 0) first = mid + 1;
      else last = mid;
    }
    return [lo, first];
  }

  private attach(member: string, score: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push([{ member, score }]);
      return;
    }
    let [index, at] = this.locate(score, member);
    // Past the last block's end: append to the last block.
    if (index === this.blocks.length) {
      index -= 1;
      at = this.blocks[index]!.length;
    }
    const block = this.blocks[index]!;
    block.splice(at, 0, { member, score });
    if (block.length > 2 * BLOCK) this.blocks.splice(index, 1, block.slice(0, BLOCK), block.slice(BLOCK));
  }

  private detach(member: string, score: number): void {
    const [index, at] = this.locate(score, member);
    const block = this.blocks[index];
    if (!block || block[at]?.member !== member) return;
    block.splice(at, 1);
    if (block.length === 0) this.blocks.splice(index, 1);
  }
}
