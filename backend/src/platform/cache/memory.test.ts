import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../graph/test-graphs.js';
import { createMemorySharedState } from './memory.js';
import type { SharedState } from './types.js';

describe('the in-process shared state is bounded', () => {
  let shared: SharedState;
  afterEach(async () => {
    await shared.close();
  });

  it('keeps at most maxEntries strings, dropping the least recently used', async () => {
    shared = createMemorySharedState({ maxEntries: 100 });
    for (let i = 0; i < 100; i += 1) await shared.kv.set(`path:${i}`, `result ${i}`);
    // Reading key 0 makes it recent; key 1 is now the least recently used.
    expect(await shared.kv.get('path:0')).toBe('result 0');
    await shared.kv.set('path:100', 'result 100');
    expect(await shared.kv.get('path:1')).toBeNull();
    expect(await shared.kv.get('path:0')).toBe('result 0');
    expect(await shared.kv.get('path:100')).toBe('result 100');
    // A flood of unique keys never holds more than the bound.
    for (let i = 0; i < 10_000; i += 1) await shared.kv.set(`flood:${i}`, 'x');
    let kept = 0;
    for (let i = 0; i < 10_000; i += 1) if ((await shared.kv.get(`flood:${i}`)) !== null) kept += 1;
    expect(kept).toBe(100);
    expect(await shared.kv.deleteByPrefix('')).toBe(100);
  });

  it('bounds counters the same way, each keeping its own window', async () => {
    shared = createMemorySharedState({ maxEntries: 100 });
    expect((await shared.counters.increment('ratelimit:a', { ttlMs: 60_000 })).value).toBe(1);
    for (let i = 0; i < 1_000; i += 1) await shared.counters.increment(`ratelimit:ip-${i}`, { ttlMs: 60_000 });
    expect(await shared.counters.get('ratelimit:a')).toBe(0);
    expect(await shared.counters.get('ratelimit:ip-999')).toBe(1);
    const again = await shared.counters.increment('ratelimit:ip-999', { ttlMs: 60_000 });
    expect(again.value).toBe(2);
    expect(again.ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('bounds a sorted set by dropping its lowest-scored member, and the number of sets', async () => {
    shared = createMemorySharedState({ maxEntries: 100 });
    for (let i = 0; i < 100; i += 1) await shared.sortedSets.increment('trending', `pair-${i}`, i + 10);
    await shared.sortedSets.increment('trending', 'newcomer', 1);
    expect(await shared.sortedSets.size('trending')).toBe(100);
    // The lowest-scored old member went; the member just written stays, whatever its score.
    expect(await shared.sortedSets.score('trending', 'pair-0')).toBeNull();
    expect(await shared.sortedSets.score('trending', 'newcomer')).toBe(1);
    expect((await shared.sortedSets.range('trending', 0, 0))[0]).toEqual({ member: 'pair-99', score: 109 });
    for (let i = 0; i < 1_000; i += 1) await shared.sortedSets.increment(`board-${i}`, 'ana', 1);
    expect(await shared.sortedSets.size('trending')).toBe(0);
    expect(await shared.sortedSets.size('board-999')).toBe(1);
  });

  it('keeps a bounded sorted set consistent with a full sort under random increments, removals and evictions (seeded)', async () => {
    const max = 50;
    shared = createMemorySharedState({ maxEntries: max });
    const random = seededRandom(9);
    const model = new Map<string, number>();
    const sorted = () => [...model].map(([member, score]) => ({ member, score })).sort((a, b) => b.score - a.score || (a.member < b.member ? 1 : -1));
    for (let step = 0; step < 5_000; step += 1) {
      const member = `m${Math.floor(random() * 120)}`;
      if (random() < 0.05) {
        await shared.sortedSets.remove('set', member);
        model.delete(member);
        continue;
      }
      const by = Math.floor(random() * 7) - 1; // mostly up, sometimes down or unchanged
      const score = (model.get(member) ?? 0) + by;
      expect(await shared.sortedSets.increment('set', member, by)).toBe(score);
      model.set(member, score);
      if (model.size > max) {
        // Exactly one member went: one of the lowest-scored, never the one just written.
        const gone = [...model.keys()].filter((m) => m !== member);
        const present = await Promise.all(gone.map(async (m) => (await shared.sortedSets.score('set', m)) !== null));
        const dropped = gone.filter((_, i) => !present[i]);
        expect(dropped).toHaveLength(1);
        const lowest = Math.min(...[...model].filter(([m]) => m !== member).map(([, s]) => s));
        expect(model.get(dropped[0]!)).toBe(lowest);
        model.delete(dropped[0]!);
      }
      if (step % 97 === 0) {
        const expected = sorted();
        expect(await shared.sortedSets.size('set')).toBe(expected.length);
        expect(await shared.sortedSets.range('set', 0, -1)).toEqual(expected);
        expect(await shared.sortedSets.range('set', 0, 11)).toEqual(expected.slice(0, 12));
        expect(await shared.sortedSets.range('set', 3, 7)).toEqual(expected.slice(3, 8));
        expect(await shared.sortedSets.range('set', -3, -1)).toEqual(expected.slice(-3));
        const probe = expected[Math.floor(random() * expected.length)];
        if (probe) expect(await shared.sortedSets.rank('set', probe.member)).toBe(expected.indexOf(probe));
      }
    }
  });
});

describe('in-process leaderboards (keys under board:) are unbounded', () => {
  let shared: SharedState;
  afterEach(async () => {
    await shared.close();
  });

  it('keeps every member of a board and every board, past the bound', async () => {
    shared = createMemorySharedState({ maxEntries: 100 });
    await shared.sortedSets.setMany(
      'board:big',
      Array.from({ length: 1_000 }, (_, i) => ({ member: `u${i}`, score: i })),
    );
    for (let i = 0; i < 500; i += 1) await shared.sortedSets.increment('board:big', `late${i}`, 0);
    for (let i = 0; i < 300; i += 1) await shared.sortedSets.increment(`board:other-${i}`, 'ana', 1);
    expect(await shared.sortedSets.size('board:big')).toBe(1_500);
    expect(await shared.sortedSets.score('board:big', 'late0')).toBe(0);
    expect(await shared.sortedSets.size('board:other-0')).toBe(1);
    // A bounded set beside them still is bounded.
    await shared.sortedSets.setMany('trending', Array.from({ length: 1_000 }, (_, i) => ({ member: `p${i}`, score: i })));
    expect(await shared.sortedSets.size('trending')).toBe(100);
  });

  it('answers like a full sort under random writes, removals, copies and renames (seeded)', async () => {
    shared = createMemorySharedState();
    const random = seededRandom(11);
    const model = new Map<string, number>();
    const sorted = () => [...model].map(([member, score]) => ({ member, score })).sort((a, b) => b.score - a.score || (a.member < b.member ? 1 : -1));
    for (let step = 0; step < 6_000; step += 1) {
      const member = `m${Math.floor(random() * 3_000)}`;
      const roll = random();
      if (roll < 0.05) {
        await shared.sortedSets.remove('board:r', member);
        model.delete(member);
      } else if (roll < 0.5) {
        const score = Math.floor(random() * 40); // many ties
        await shared.sortedSets.setMany('board:r', [{ member, score }]);
        model.set(member, score);
      } else {
        const by = Math.floor(random() * 5) - 1;
        expect(await shared.sortedSets.increment('board:r', member, by)).toBe((model.get(member) ?? 0) + by);
        model.set(member, (model.get(member) ?? 0) + by);
      }
      if (step % 1_000 === 999) {
        // A copy renamed back over the board changes nothing.
        expect(await shared.sortedSets.copy('board:r', 'board:r-copy')).toBe(true);
        await shared.sortedSets.rename('board:r-copy', 'board:r');
      }
      if (step % 211 === 0) {
        const expected = sorted();
        expect(await shared.sortedSets.size('board:r')).toBe(expected.length);
        expect(await shared.sortedSets.range('board:r', 0, -1)).toEqual(expected);
        expect(await shared.sortedSets.range('board:r', 5, 17)).toEqual(expected.slice(5, 18));
        expect(await shared.sortedSets.range('board:r', -4, -1)).toEqual(expected.slice(-4));
        for (let probe = 0; probe < 20; probe += 1) {
          const row = expected[Math.floor(random() * expected.length)]!;
          expect(await shared.sortedSets.rank('board:r', row.member)).toBe(expected.indexOf(row));
          expect(await shared.sortedSets.countAbove('board:r', row.score)).toBe(expected.filter((other) => other.score > row.score).length);
        }
      }
    }
  });

  it('reads a rank among a million members without scanning them', async () => {
    shared = createMemorySharedState();
    await shared.sortedSets.setMany('board:million', Array.from({ length: 1_000_000 }, (_, i) => ({ member: String(i), score: i % 5_000 })));
    await shared.sortedSets.increment('board:million', '42', 10_000);
    expect(await shared.sortedSets.rank('board:million', '42')).toBe(0);
    expect(await shared.sortedSets.countAbove('board:million', 4_998)).toBe(201);
    // Ties order by member descending, as strings (Redis compares bytes).
    expect((await shared.sortedSets.range('board:million', 0, 2)).map((row) => row.member)).toEqual(['42', '999999', '99999']);
  });
});
