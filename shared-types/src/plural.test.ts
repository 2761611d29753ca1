import { describe, expect, it } from 'vitest';
import { formatCount, nounFor, plural } from './plural.js';

describe('plural', () => {
  it('writes one in the singular and every other count in the plural, with thousands separators', () => {
    expect(plural(1, 'search', 'searches')).toBe('1 search');
    expect(plural(0, 'search', 'searches')).toBe('0 searches');
    expect(plural(2, 'search', 'searches')).toBe('2 searches');
    expect(plural(1200, 'person', 'people')).toBe('1,200 people');
    expect(plural(1, 'degree')).toBe('1 degree');
    expect(nounFor(1, 'place')).toBe('place');
    expect(nounFor(3, 'place')).toBe('places');
  });

  it('writes a count as en-US does, without building a number formatter', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [0, 7, 999, 1000, 3026, 12_345, 999_999, 1_000_000, 2_147_483_647, 1.5, 1234.5678, 0.0004, -1, -1234.5, -0.0001, -0, 1e20, 1e21, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(value), String(value)).toBe(intl.format(value));
    }
  });
});
