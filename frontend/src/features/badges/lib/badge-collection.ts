import { BADGE_CATEGORIES, badgeProgressPercent, type Badge, type BadgeCategory, type BadgeProgress, type EarnedBadge } from '@cinema-dna/shared-types';
import { formatCount, plural } from '../../../lib/number-format';

/** Spec §9: the 'Recently Earned' strip and the 'Badge Progress' card show at most five each. */
export const RECENTLY_EARNED_LIMIT = 5;
export const IN_PROGRESS_LIMIT = 5;

/** Category names as the tabs show them. */
export const CATEGORY_LABELS: Record<BadgeCategory, string> = {
  discovery: 'Discovery',
  social: 'Social',
  expertise: 'Expertise',
  milestone: 'Milestone',
  special: 'Special',
};

/** A catalog badge as one user stands with it. */
export type BadgeStanding =
  | { badge: Badge; earned: true; earnedAt: string; count: number; percent: 100 }
  | { badge: Badge; earned: false; earnedAt: null; count: number; percent: number };

export interface BadgeSummary {
  earned: number;
  total: number;
  /** The points the earned badges paid. */
  badgePoints: number;
  rareEarned: number;
  rareTotal: number;
  /** Whole percent of the catalog earned. */
  collectionPercent: number;
}

/** How far along a badge is, in its own unit: "357 / 10,000 points", "1 / 7 days" (the count stops at the requirement). */
export function badgeProgressText(badge: Pick<Badge, 'requirement' | 'unit'>, count: number): string {
  return `${formatCount(Math.min(Math.max(0, count), badge.requirement))} / ${plural(badge.requirement, badge.unit.one, badge.unit.other)}`;
}

/** Every catalog badge with the user's standing: earned (with its date) or the percent towards it. */
export function badgeStandings(catalog: readonly Badge[], earned: readonly EarnedBadge[], progress: BadgeProgress): BadgeStanding[] {
  const earnedById = new Map(earned.map((item) => [item.badgeId, item]));
  return catalog.map((badge) => {
    const count = progress[badge.id] ?? 0;
    const mine = earnedById.get(badge.id);
    if (mine) return { badge, earned: true, earnedAt: mine.earnedAt, count, percent: 100 };
    return { badge, earned: false, earnedAt: null, count, percent: badgeProgressPercent(count, badge.requirement) };
  });
}

export function badgeSummary(standings: readonly BadgeStanding[]): BadgeSummary {
  const earned = standings.filter((standing) => standing.earned);
  const total = standings.length;
  return {
    earned: earned.length,
    total,
    badgePoints: earned.reduce((sum, standing) => sum + standing.badge.pointsReward, 0),
    rareEarned: earned.filter((standing) => standing.badge.isRare).length,
    rareTotal: standings.filter((standing) => standing.badge.isRare).length,
    collectionPercent: total === 0 ? 0 : Math.floor((earned.length * 100) / total),
  };
}

/** The latest earned badges, newest first. */
export function recentlyEarned(earned: readonly EarnedBadge[], limit = RECENTLY_EARNED_LIMIT): EarnedBadge[] {
  return [...earned].sort((a, b) => Date.parse(b.earnedAt) - Date.parse(a.earnedAt)).slice(0, limit);
}

/** Spec §2: up to five unearned badges with progress above 0, the closest to earned first. */
export function badgesInProgress(standings: readonly BadgeStanding[], limit = IN_PROGRESS_LIMIT): BadgeStanding[] {
  return standings
    .filter((standing) => !standing.earned && standing.count > 0)
    .sort((a, b) => b.percent - a.percent || a.badge.requirement - a.count - (b.badge.requirement - b.count) || a.badge.name.localeCompare(b.badge.name))
    .slice(0, limit);
}

/** Badges per category tab, in the catalog's order of categories; empty categories keep their tab at 0. */
export function countsByCategory(standings: readonly BadgeStanding[]): Record<BadgeCategory, { total: number; earned: number }> {
  const counts = Object.fromEntries(BADGE_CATEGORIES.map((category) => [category, { total: 0, earned: 0 }])) as Record<BadgeCategory, { total: number; earned: number }>;
  for (const standing of standings) {
    counts[standing.badge.category].total += 1;
    if (standing.earned) counts[standing.badge.category].earned += 1;
  }
  return counts;
}
