import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateTargets } from '../../test-support/targets.js';
import type { SharedState } from './types.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      await sleep(120);
      expect(await state.kv.get('kv:ttl')).toBeNull();
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
      await off();
      await state.pubsub.publish('quiet', 'ignored');
      await sleep(50);
      expect(received).toEqual([]);
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
      await sleep(60);
      const second = await state.counters.increment('window', { ttlMs: 150 });
      expect(second.value).toBe(2);
      expect(second.ttlMs!).toBeLessThan(first.ttlMs!);
      await sleep(150);
      expect((await state.counters.increment('window', { ttlMs: 150 })).value).toBe(1);
    });

    it('increments by more than one and reports no TTL when none was asked', async () => {
      expect(await state.counters.increment('bulk', { by: 5 })).toEqual({ value: 5, ttlMs: null });
    });
  });
});
