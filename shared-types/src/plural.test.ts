import { describe, expect, it } from 'vitest';
import { nounFor, plural } from './plural.js';

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
});
