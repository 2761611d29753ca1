import { describe, expect, it } from 'vitest';
import { dayToDate, decayedActivity, NO_DAY, percentile, popularityScale, referenceDay, releaseDay, trendingScore, weightedRating } from './formulas.js';

describe('discovery formulas', () => {
  it('weights a rating by its votes towards the mean: 3 votes at 10.0 never beat 3,000 at 8.0', () => {
    const [m, C] = [1_000, 6.1];
    expect(weightedRating(10, 3, m, C)).toBeLessThan(weightedRating(8, 3_000, m, C));
    expect(weightedRating(7, 1_000, 1_000, 5)).toBe(6);
    expect(weightedRating(9, 0, m, C)).toBe(C);
  });

  it('takes the nearest-rank percentile', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.8)).toBe(4);
    expect(percentile([3, 1, 4], 0.8)).toBe(4);
    expect(percentile([], 0.8)).toBeNull();
  });

  it('dates a film by its release date, or 1 July of its year, and takes the earlier of today and the latest rated release', () => {
    expect(dayToDate(releaseDay('2017-02-03', 2017))).toBe('2017-02-03');
    expect(dayToDate(releaseDay(null, 1994))).toBe('1994-07-01');
    expect(releaseDay('soon', null)).toBe(NO_DAY);
    const latest = releaseDay('2017-02-03', null);
    expect(dayToDate(referenceDay(Date.UTC(2026, 10, 27), latest))).toBe('2017-02-03');
    expect(dayToDate(referenceDay(Date.UTC(2016, 5, 1, 15), latest))).toBe('2016-06-01');
    expect(dayToDate(referenceDay(Date.UTC(2026, 10, 27), null))).toBe('2026-11-27');
  });

  it('blends popularity with decayed activity: activity lifts a film, old activity less, none leaves popularity', () => {
    const scale = popularityScale(875);
    expect(scale(875)).toBe(1);
    expect(trendingScore(scale(875), 0)).toBe(0.5);
    const fresh = decayedActivity({ searches: 2, views: 3, logs: 1, watchlists: 1 }, 0, 6);
    expect(fresh).toBe(10);
    expect(decayedActivity({ searches: 2, views: 3, logs: 1, watchlists: 1 }, 6, 6)).toBe(5);
    expect(trendingScore(scale(100), fresh)).toBeGreaterThan(trendingScore(scale(875), 0));
    expect(trendingScore(scale(100), 1)).toBeLessThan(trendingScore(scale(875), 0));
  });
});
