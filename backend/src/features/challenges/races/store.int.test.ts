import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionedStore } from '../../../platform/cache/types.js';
import { databaseTargets } from '../../../test-support/targets.js';
import { createRoom } from './room.js';
import { createRaceRoomStore } from './store.js';

const doc = (value: unknown) => JSON.stringify(value);

describe.each(databaseTargets())('race rooms in the database on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let store: VersionedStore;
  beforeAll(async () => {
    database = await target.open();
    store = createRaceRoomStore(database.db);
  });
  afterAll(async () => {
    await database.dispose();
  });
  /** The stored room parsed (JSONB keeps the document, not its spacing). */
  const read = async (code: string) => {
    const stored = await store.get(code);
    return stored && { version: stored.version, value: JSON.parse(stored.value) as unknown };
  };

  it('writes version 1 on a new code, then only on the version it was read at', async () => {
    expect(await store.get('AAAAAA')).toBeNull();
    expect(await store.compareAndSet('AAAAAA', 1, doc({ n: 0 }))).toBe(false);
    expect(await store.compareAndSet('AAAAAA', 0, doc({ n: 1 }), 60_000)).toBe(true);
    expect(await store.compareAndSet('AAAAAA', 0, doc({ n: 'taken' }), 60_000)).toBe(false);
    expect(await read('AAAAAA')).toEqual({ version: 1, value: { n: 1 } });
    // Two writers read version 1: the first wins, the second must read again.
    expect(await store.compareAndSet('AAAAAA', 1, doc({ n: 2 }), 60_000)).toBe(true);
    expect(await store.compareAndSet('AAAAAA', 1, doc({ n: 'lost' }), 60_000)).toBe(false);
    expect(await read('AAAAAA')).toEqual({ version: 2, value: { n: 2 } });
    await store.delete('AAAAAA');
    expect(await store.get('AAAAAA')).toBeNull();
  });

  it('lets exactly one of many concurrent writers of one version win', async () => {
    expect(await store.compareAndSet('BBBBBB', 0, doc({ n: 0 }), 60_000)).toBe(true);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.compareAndSet('BBBBBB', 1, doc({ writer: i }), 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.get('BBBBBB'))?.version).toBe(2);
  });

  it('keeps a whole room as it was written, with its absolute clock', async () => {
    const room = { ...createRoom('CCCCCC', { userId: 7, displayName: 'Ana «🎬»' }, 1_795_000_000_000), startsAt: 1_795_000_005_000, endsAt: 1_795_000_185_000 };
    expect(await store.compareAndSet('CCCCCC', 0, doc(room), 60_000)).toBe(true);
    expect(await read('CCCCCC')).toEqual({ version: 1, value: room });
  });

  it('forgets a room after its TTL, and a new room may take its code, starting over at version 1', async () => {
    expect(await store.compareAndSet('DDDDDD', 0, doc({ n: 1 }), 60_000)).toBe(true);
    expect(await store.compareAndSet('DDDDDD', 1, doc({ n: 2 }), 50)).toBe(true);
    await expect.poll(() => store.get('DDDDDD'), { timeout: 5_000, interval: 25 }).toBeNull();
    // An expired room takes no more writes on its last version.
    expect(await store.compareAndSet('DDDDDD', 2, doc({ n: 3 }), 60_000)).toBe(false);
    expect(await store.compareAndSet('DDDDDD', 0, doc({ n: 'new room' }), 60_000)).toBe(true);
    expect(await read('DDDDDD')).toEqual({ version: 1, value: { n: 'new room' } });
  });
});
