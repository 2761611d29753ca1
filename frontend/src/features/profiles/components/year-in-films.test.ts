import { describe, expect, it } from 'vitest';
import { axisTicks } from './year-in-films';

describe('axisTicks (the year-in-films count axis)', () => {
  it('counts in round steps with at most four gridlines above zero', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(120)).toEqual([0, 50, 100, 150]);
  });
});
