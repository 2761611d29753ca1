import type { PointsChanged } from '@cinema-dna/shared-types';

/** The toast's line for a level reached: "Level 2 · Popcorn Regular". */
export function levelReachedText(change: Pick<PointsChanged, 'level' | 'levelName'>): string {
  return `Level ${change.level} · ${change.levelName}`;
}

/** Whether this award took the user to a higher level than they had (a deduction never "reaches" one). */
export function reachedNewLevel(change: Pick<PointsChanged, 'level' | 'previousLevel'>): boolean {
  return change.previousLevel !== null && change.level > change.previousLevel;
}
