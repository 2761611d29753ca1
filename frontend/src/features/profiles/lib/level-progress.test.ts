import { describe, expect, it } from 'vitest';
import { achievementPercent, nextLevelText } from './level-progress';

const at = (points: number, nextLevelThreshold: number | null) => ({ user: { points }, nextLevelThreshold });

describe('nextLevelText', () => {
  it('is the threshold minus the points, with the next level’s name', () => {
    expect(nextLevelText(at(240, 300))).toBe('60 points to Film Buff');
    expect(nextLevelText(at(0, 100))).toBe('100 points to Popcorn Regular');
    expect(nextLevelText(at(99, 100))).toBe('1 point to Popcorn Regular');
    expect(nextLevelText(at(8_200, 10_000))).toBe('1,800 points to Cinema Legend');
  });

  it('says the top is reached when there is no next level', () => {
    expect(nextLevelText(at(12_000, null))).toBe('Top level reached');
  });
});

describe('achievementPercent', () => {
  it('is whole and capped at 100', () => {
    expect(achievementPercent(7, 10)).toBe(70);
    expect(achievementPercent(333, 1000)).toBe(33);
    expect(achievementPercent(12, 10)).toBe(100);
    expect(achievementPercent(-1, 10)).toBe(0);
  });
});
