import type { Badge, EarnedBadge } from '@cinema-dna/shared-types';
import { Star, Trophy } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { badgeIcon } from './badge-icon';
import { badgeStandings, badgeSummary, badgesInProgress, countsByCategory, recentlyEarned } from './badge-collection';

const badge = (id: string, patch: Partial<Badge> = {}): Badge => ({
  id,
  name: id,
  description: `${id} description`,
  category: 'discovery',
  icon: 'trophy',
  isRare: false,
  pointsReward: 10,
  requirement: 10,
  unit: { one: 'connection', other: 'connections' },
  ...patch,
});
const earnedBadge = (item: Badge, earnedAt: string, id = 1): EarnedBadge => ({ id, badgeId: item.id, earnedAt, badge: item });

describe('badge standings', () => {
  it('shows an unearned badge as count / requirement × 100, whole, capped at 100', () => {
    const catalog = [badge('a', { requirement: 3 }), badge('b', { requirement: 10 }), badge('c', { requirement: 1 }), badge('d')];
    const standings = badgeStandings(catalog, [], { a: 1, b: 25, c: 0 });
    expect(standings.map((s) => [s.badge.id, s.earned, s.percent])).toEqual([
      ['a', false, 33],
      ['b', false, 100],
      ['c', false, 0],
      ['d', false, 0],
    ]);
  });

  it('shows an earned badge with its date, whatever its count says', () => {
    const first = badge('first-connection', { requirement: 1 });
    const [standing] = badgeStandings([first], [earnedBadge(first, '2026-11-20T10:00:00.000Z')], {});
    expect(standing).toMatchObject({ earned: true, earnedAt: '2026-11-20T10:00:00.000Z', percent: 100 });
  });

  it('sums the summary cards: earned of total, badge points, rare earned, collection percent', () => {
    const catalog = [badge('a', { pointsReward: 25 }), badge('b', { isRare: true, pointsReward: 100 }), badge('c', { isRare: true }), badge('d', { category: 'social' })];
    const earned = [earnedBadge(catalog[0]!, '2026-11-01T00:00:00Z', 1), earnedBadge(catalog[1]!, '2026-11-02T00:00:00Z', 2)];
    expect(badgeSummary(badgeStandings(catalog, earned, {}))).toEqual({ earned: 2, total: 4, badgePoints: 125, rareEarned: 1, rareTotal: 2, collectionPercent: 50 });
    expect(badgeSummary([])).toMatchObject({ earned: 0, total: 0, collectionPercent: 0 });
    expect(countsByCategory(badgeStandings(catalog, earned, {}))).toEqual({
      discovery: { total: 3, earned: 2 },
      social: { total: 1, earned: 0 },
      expertise: { total: 0, earned: 0 },
      milestone: { total: 0, earned: 0 },
      special: { total: 0, earned: 0 },
    });
  });

  it('keeps the latest five earned badges, newest first', () => {
    const earned = Array.from({ length: 7 }, (_, day) => earnedBadge(badge(`b${day}`), `2026-11-0${day + 1}T00:00:00.000Z`, day));
    expect(recentlyEarned(earned).map((e) => e.badgeId)).toEqual(['b6', 'b5', 'b4', 'b3', 'b2']);
  });

  it('lists at most five unearned badges with progress above 0, the closest first', () => {
    const catalog = [
      badge('done', { requirement: 1 }),
      badge('untouched'),
      badge('p10'),
      badge('p70'),
      badge('p50'),
      badge('p30'),
      badge('p90'),
      badge('p20'),
    ];
    const progress = { done: 1, untouched: 0, p10: 1, p70: 7, p50: 5, p30: 3, p90: 9, p20: 2 };
    const standings = badgeStandings(catalog, [earnedBadge(catalog[0]!, '2026-11-01T00:00:00Z')], progress);
    expect(badgesInProgress(standings).map((s) => s.badge.id)).toEqual(['p90', 'p70', 'p50', 'p30', 'p20']);
    expect(badgesInProgress(badgeStandings(catalog, [], {}))).toEqual([]);
  });
});

describe('badge icons', () => {
  it('draws the spec’s icon names and the star for anything else', () => {
    expect(badgeIcon('trophy')).toBe(Trophy);
    expect(badgeIcon('unicorn')).toBe(Star);
    expect(badgeIcon('constructor')).toBe(Star);
  });
});
