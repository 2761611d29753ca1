import { describe, expect, it } from 'vitest';
import { DenseIdIndex, IdTable, withRoom } from './id-table.js';

describe('IdTable', () => {
  it('assigns dense indexes in order of first sight, across growth', () => {
    const table = new IdTable(4);
    const ids = Array.from({ length: 10_000 }, (_, i) => (i * 7_919 + 13) % 2_000_003);
    ids.forEach((id, i) => expect(table.intern(id)).toBe(i));
    ids.forEach((id, i) => expect(table.get(id)).toBe(i));
    expect(table.intern(ids[42]!)).toBe(42);
    expect(table.get(5)).toBe(-1);
    expect(table.size).toBe(10_000);
  });

  it('holds 0 and the largest 31-bit id', () => {
    const table = new IdTable();
    expect(table.intern(0x7fffffff)).toBe(0);
    expect(table.intern(0)).toBe(1);
    expect([table.get(0x7fffffff), table.get(0)]).toEqual([0, 1]);
  });
});

describe('DenseIdIndex', () => {
  it('indexes present ids on first intern and refuses absent ones', () => {
    const index = new DenseIdIndex();
    for (const id of [3, 1_000_000, 7]) expect(index.add(id)).toBe(true);
    expect([index.has(3), index.has(4), index.has(50_000_000)]).toEqual([true, false, false]);
    expect(index.get(7)).toBe(-1); // present, not yet interned
    expect([index.intern(7), index.intern(1_000_000), index.intern(7), index.intern(4), index.intern(99_999_999)]).toEqual([0, 1, 0, -1, -1]);
    expect([index.get(7), index.get(1_000_000), index.get(-1)]).toEqual([0, 1, -1]);
    expect(index.size).toBe(2);
  });

  it('refuses ids beyond its range rather than allocating for them', () => {
    expect(new DenseIdIndex().add(DenseIdIndex.MAX_ID)).toBe(false);
  });
});

describe('withRoom', () => {
  it('grows by doubling and keeps the contents', () => {
    const small = Float64Array.of(1, 2, 3);
    expect(withRoom(small, 3)).toBe(small);
    const grown = withRoom(small, 40);
    expect(grown).toBeInstanceOf(Float64Array);
    expect(grown.length).toBe(64); // at least 16, doubled until it fits
    expect([...grown.subarray(0, 4)]).toEqual([1, 2, 3, 0]);
  });
});
