import { LEVELS, plural, type UserProfile } from '@cinema-dna/shared-types';

/**
 * The line under the level bar: 'N points to <next level>' (N = threshold − points, spec §2), or
 * the top level's own words.
 */
export function nextLevelText(profile: Pick<UserProfile, 'nextLevelThreshold'> & { user: Pick<UserProfile['user'], 'points'> }): string {
  const threshold = profile.nextLevelThreshold;
  if (threshold === null) return 'Top level reached';
  const next = LEVELS.find((level) => level.threshold === threshold) ?? LEVELS.find((level) => level.threshold > profile.user.points);
  const needed = Math.max(0, threshold - profile.user.points);
  return `${plural(needed, 'point')} to ${next?.name ?? 'the next level'}`;
}

/** Percent of an achievement's target reached, whole and capped at 100. */
export const achievementPercent = (current: number, target: number) => Math.min(100, Math.floor((Math.max(0, current) * 100) / target));
