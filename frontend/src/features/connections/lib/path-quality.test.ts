import { describe, expect, it } from 'vitest';
import { derivePathQuality } from './path-quality';

describe('derivePathQuality', () => {
  it('grades by degrees and reports how many equally short paths exist', () => {
    expect(derivePathQuality({ found: true, degrees: 2, shortestPathCount: 14 })).toEqual({ grade: 'Excellent', basis: '2 degrees · 14 shortest paths' });
    expect(derivePathQuality({ found: true, degrees: 1, shortestPathCount: 1 })).toEqual({ grade: 'Excellent', basis: '1 degree · 1 shortest path' });
    expect(derivePathQuality({ found: true, degrees: 3, shortestPathCount: 2 })?.grade).toBe('Strong');
    expect(derivePathQuality({ found: true, degrees: 4, shortestPathCount: 2 })?.grade).toBe('Good');
    expect(derivePathQuality({ found: true, degrees: 6, shortestPathCount: 2 })?.grade).toBe('Distant');
    expect(derivePathQuality({ found: true, degrees: 8, shortestPathCount: null })).toEqual({ grade: 'Remote', basis: '8 degrees' });
  });

  it('has no grade when nothing was found', () => {
    expect(derivePathQuality({ found: false, degrees: null, shortestPathCount: null })).toBeNull();
  });

  it('says "over a million" rather than printing a huge float', () => {
    expect(derivePathQuality({ found: true, degrees: 5, shortestPathCount: 3.2e9 })?.basis).toBe('5 degrees · over a million shortest paths');
  });
});
