import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedStateTargets } from '../../test-support/targets.js';
import type { SharedState } from './types.js';

/** Waits for a TTL to run out: polls until the condition holds (no fixed sleep). */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe.each(sharedStateTargets())('shared state contract on $name', (target) => {
  let state: SharedState;
  beforeAll(async () => {
    state = await target.open();
  });
  afterAll(async () => {
    await state.close();
  });

  it('reports which driver it is and answers a ping', async () => {
    expect(state.driver).toBe(target.name);
    expect(await state.ping()).toBeGreaterThanOrEqual(0);
  });

  describe('key/value', () => {
    it('returns null for a missing key and the value after set', async () => {
      expect(await state.kv.get('kv:missing')).toBeNull();
      await state.kv.set('kv:a', 'alpha');
      expect(await state.kv.get('kv:a')).toBe('alpha');
    });

    it('overwrites and deletes', async () => {
      await state.kv.set('kv:b', 'one');
      await state.kv.set('kv:b', 'two');
      expect(await state.kv.get('kv:b')).toBe('two');
      await state.kv.delete('kv:b');
      expect(await state.kv.get('kv:b')).toBeNull();
    });

    it('expires a value after its TTL', async () => {
      await state.kv.set('kv:ttl', 'short', 60);
      expect(await state.kv.get('kv:ttl')).toBe('short');
      await eventually(async () => expect(await state.kv.get('kv:ttl')).toBeNull());
    });

    it('deletes by prefix only the matching keys', async () => {
      await state.kv.set('path:1', 'x');
      await state.kv.set('path:2', 'y');
      await state.kv.set('other:1', 'z');
      expect(await state.kv.deleteByPrefix('path:')).toBe(2);
      expect(await state.kv.get('path:1')).toBeNull();
      expect(await state.kv.get('other:1')).toBe('z');
    });

    it('keeps unicode and large values intact', async () => {
      const value = `Amélie 🎬 ${'x'.repeat(100_000)}`;
      await state.kv.set('kv:big', value);
      expect(await state.kv.get('kv:big')).toBe(value);
    });
  });

  describe('versioned values (compare-and-set)', () => {
    it('writes version 1 on an absent key, then only on the version it was read at', async () => {
      expect(await state.versioned.get('cas:a')).toBeNull();
      expect(await state.versioned.compareAndSet('cas:a', 1, 'too early')).toBe(false);
      expect(await state.versioned.compareAndSet('cas:a', 0, 'one')).toBe(true);
      expect(await state.versioned.get('cas:a')).toEqual({ version: 1, value: 'one' });
      // Two writers read version 1: the first wins, the second must read again.
      expect(await state.versioned.compareAndSet('cas:a', 1, 'two')).toBe(true);
      expect(await state.versioned.compareAndSet('cas:a', 1, 'lost')).toBe(false);
      expect(await state.versioned.get('cas:a')).toEqual({ version: 2, value: 'two' });
      await state.versioned.delete('cas:a');
      expect(await state.versioned.get('cas:a')).toBeNull();
    });

    it('lets exactly one of many concurrent writers of one version win', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => state.versioned.compareAndSet('cas:race', 0, `w${i}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await state.versioned.get('cas:race'))?.version).toBe(1);
    });

    it('expires a versioned value after its TTL', async () => {
      expect(await state.versioned.compareAndSet('cas:ttl', 0, 'short', 60)).toBe(true);
      await eventually(async () => expect(await state.versioned.get('cas:ttl')).toBeNull());
    });
  });

  describe('pub/sub', () => {
    it('delivers a published message to every subscriber of the channel, and only that channel', async () => {
      const first: string[] = [];
      const second: string[] = [];
      const elsewhere: string[] = [];
      const offFirst = await state.pubsub.subscribe('news', (m) => first.push(m));
      const offSecond = await state.pubsub.subscribe('news', (m) => second.push(m));
      const offElsewhere = await state.pubsub.subscribe('other', (m) => elsewhere.push(m));
      await state.pubsub.publish('news', 'hello');
      await expect.poll(() => first.length + second.length).toBe(2);
      expect(first).toEqual(['hello']);
      expect(second).toEqual(['hello']);
      expect(elsewhere).toEqual([]);
      await Promise.all([offFirst(), offSecond(), offElsewhere()]);
    });

    it('stops delivering after unsubscribe', async () => {
      const received: string[] = [];
      const off = await state.pubsub.subscribe('quiet', (m) => received.push(m));
      // A listener that stays: once it has the message, the one that left would have had it too.
      const stayed: string[] = [];
      const offStayed = await state.pubsub.subscribe('quiet', (m) => stayed.push(m));
      await off();
      await state.pubsub.publish('quiet', 'ignored');
      await eventually(async () => expect(stayed).toEqual(['ignored']));
      expect(received).toEqual([]);
      await offStayed();
    });
  });

  describe('sorted sets', () => {
    it('increments scores and ranks highest first', async () => {
      expect(await state.sortedSets.increment('board', 'ana', 10)).toBe(10);
      await state.sortedSets.increment('board', 'ben', 30);
      await state.sortedSets.increment('board', 'cho', 20);
      expect(await state.sortedSets.increment('board', 'ana', 25)).toBe(35);
      expect(await state.sortedSets.range('board', 0, -1)).toEqual([
        { member: 'ana', score: 35 },
        { member: 'ben', score: 30 },
        { member: 'cho', score: 20 },
      ]);
      expect(await state.sortedSets.rank('board', 'ana')).toBe(0);
      expect(await state.sortedSets.rank('board', 'cho')).toBe(2);
      expect(await state.sortedSets.rank('board', 'nobody')).toBeNull();
      expect(await state.sortedSets.score('board', 'ben')).toBe(30);
      expect(await state.sortedSets.score('board', 'nobody')).toBeNull();
      expect(await state.sortedSets.size('board')).toBe(3);
    });

    it('ranges a window and orders ties like Redis (member descending)', async () => {
      for (const member of ['a', 'b', 'c', 'd']) await state.sortedSets.increment('ties', member, 5);
      expect((await state.sortedSets.range('ties', 1, 2)).map((row) => row.member)).toEqual(['c', 'b']);
    });

    it('removes a member and handles fractional and negative increments', async () => {
      await state.sortedSets.increment('mixed', 'x', 1.5);
      expect(await state.sortedSets.increment('mixed', 'x', -0.5)).toBe(1);
      await state.sortedSets.remove('mixed', 'x');
      expect(await state.sortedSets.size('mixed')).toBe(0);
      expect(await state.sortedSets.range('empty', 0, 9)).toEqual([]);
    });

    it('sets absolute scores in bulk, idempotently, and reads several scores at once', async () => {
      const entries = Array.from({ length: 5_000 }, (_, i) => ({ member: `p${i}`, score: i % 100 }));
      await state.sortedSets.setMany('board:bulk', entries);
      await state.sortedSets.setMany('board:bulk', entries);
      expect(await state.sortedSets.size('board:bulk')).toBe(5_000);
      await state.sortedSets.setMany('board:bulk', [{ member: 'p1', score: 0.25 }]);
      expect(await state.sortedSets.scores('board:bulk', ['p1', 'p2', 'nobody'])).toEqual([0.25, 2, null]);
      expect(await state.sortedSets.scores('board:bulk', [])).toEqual([]);
      expect(await state.sortedSets.scores('missing', ['a'])).toEqual([null]);
      await state.sortedSets.setMany('board:bulk', []);
      expect(await state.sortedSets.size('board:bulk')).toBe(5_000);
    });

    it('counts the members strictly above a score: competition ranks share a place on ties', async () => {
      await state.sortedSets.setMany('board:ties', [
        { member: '1', score: 50 },
        { member: '2', score: 40 },
        { member: '3', score: 40 },
        { member: '4', score: 10 },
        { member: '5', score: 2 / 3 },
      ]);
      const competition = async (member: string) => 1 + (await state.sortedSets.countAbove('board:ties', (await state.sortedSets.score('board:ties', member))!));
      expect(await Promise.all(['1', '2', '3', '4', '5'].map(competition))).toEqual([1, 2, 2, 4, 5]);
      expect(await state.sortedSets.countAbove('board:ties', 1_000)).toBe(0);
      expect(await state.sortedSets.countAbove('board:ties', -1)).toBe(5);
      expect(await state.sortedSets.countAbove('missing', 0)).toBe(0);
      expect(await state.sortedSets.standing('board:ties', '3')).toEqual({ score: 40, above: 1 });
      expect(await state.sortedSets.standing('board:ties', '5')).toEqual({ score: 2 / 3, above: 4 });
      expect(await state.sortedSets.standing('board:ties', 'nobody')).toBeNull();
      expect(await state.sortedSets.standing('missing', '1')).toBeNull();
      // The same on a bounded (non-board) set.
      await state.sortedSets.setMany('plain', [
        { member: 'a', score: 3 },
        { member: 'b', score: 3 },
        { member: 'c', score: 1 },
      ]);
      expect(await state.sortedSets.countAbove('plain', 1)).toBe(2);
      expect(await state.sortedSets.countAbove('plain', 3)).toBe(0);
    });

    it('renames over a set in one step, and a missing source empties the destination', async () => {
      await state.sortedSets.setMany('board:live', [{ member: 'old', score: 1 }]);
      await state.sortedSets.setMany('board:tmp', [
        { member: 'new', score: 5 },
        { member: 'newer', score: 6 },
      ]);
      await state.sortedSets.rename('board:tmp', 'board:live');
      expect(await state.sortedSets.range('board:live', 0, -1)).toEqual([
        { member: 'newer', score: 6 },
        { member: 'new', score: 5 },
      ]);
      expect(await state.sortedSets.size('board:tmp')).toBe(0);
      await state.sortedSets.rename('board:never-written', 'board:live');
      expect(await state.sortedSets.size('board:live')).toBe(0);
    });

    it('copies a set only when the destination does not exist, and a copy is independent', async () => {
      await state.sortedSets.setMany('board:day', [{ member: 'a', score: 1 }]);
      expect(await state.sortedSets.copy('board:day', 'board:snap')).toBe(true);
      await state.sortedSets.increment('board:day', 'a', 10);
      expect(await state.sortedSets.score('board:snap', 'a')).toBe(1);
      expect(await state.sortedSets.copy('board:day', 'board:snap')).toBe(false);
      expect(await state.sortedSets.score('board:snap', 'a')).toBe(1);
      expect(await state.sortedSets.copy('board:nothing', 'board:snap2')).toBe(false);
      expect(await state.sortedSets.size('board:snap2')).toBe(0);
      // A set emptied by removals no longer exists: copying onto it works.
      await state.sortedSets.remove('board:snap', 'a');
      expect(await state.sortedSets.copy('board:day', 'board:snap')).toBe(true);
      expect(await state.sortedSets.score('board:snap', 'a')).toBe(11);
    });

    it('lists sorted sets by prefix and deletes a whole set', async () => {
      await state.sortedSets.setMany('board:list:a', [{ member: 'x', score: 1 }]);
      await state.sortedSets.setMany('board:list:b', [{ member: 'x', score: 1 }]);
      await state.kv.set('board:list:not-a-set', 'x');
      expect((await state.sortedSets.keys('board:list:')).sort()).toEqual(['board:list:a', 'board:list:b']);
      await state.sortedSets.delete('board:list:a');
      expect(await state.sortedSets.keys('board:list:')).toEqual(['board:list:b']);
      expect(await state.sortedSets.size('board:list:a')).toBe(0);
    });
  });

  describe('counters', () => {
    it('counts atomically under concurrency', async () => {
      await Promise.all(Array.from({ length: 50 }, () => state.counters.increment('hits')));
      expect(await state.counters.get('hits')).toBe(50);
      expect(await state.counters.get('never')).toBe(0);
    });

    it('starts a window on first increment that later increments do not extend', async () => {
      const first = await state.counters.increment('window', { ttlMs: 150 });
      expect(first.value).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(0);
      expect(first.ttlMs).toBeLessThanOrEqual(150);
      const second = await state.counters.increment('window', { ttlMs: 150 });
      expect(second.value).toBe(2);
      expect(second.ttlMs!).toBeLessThanOrEqual(first.ttlMs!);
      // Increments every 20 ms: were each to extend the window, it would never run out and no count would restart at 1.
      await eventually(async () => expect((await state.counters.increment('window', { ttlMs: 150 })).value).toBe(1));
    });

    it('increments by more than one and reports no TTL when none was asked', async () => {
      expect(await state.counters.increment('bulk', { by: 5 })).toEqual({ value: 5, ttlMs: null });
    });
  });
});
