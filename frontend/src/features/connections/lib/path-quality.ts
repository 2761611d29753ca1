import type { ConnectionResult } from '@cinema-dna/shared-types';
import { plural } from '../../../lib/number-format';

export type QualityGrade = 'Excellent' | 'Strong' | 'Good' | 'Distant' | 'Remote';

export interface PathQuality {
  grade: QualityGrade;
  /** What the grade was computed from, for the stat's caption. */
  basis: string;
}

/** How the grade is derived, shown beside it so the number is not a mystery. */
export const QUALITY_EXPLANATION =
  'Graded by path length: 1–2 degrees Excellent, 3 Strong, 4 Good, 5–6 Distant, more Remote. Several equally short paths mean the link is well established, not a fluke.';

/**
 * Grades a found connection from what the result says, nothing else: the number of degrees sets the
 * grade; the count of equally short paths is reported alongside. Null when nothing was found.
 */
export function derivePathQuality(result: Pick<ConnectionResult, 'found' | 'degrees' | 'shortestPathCount'>): PathQuality | null {
  if (!result.found || result.degrees === null) return null;
  const degrees = result.degrees;
  const grade: QualityGrade = degrees <= 2 ? 'Excellent' : degrees === 3 ? 'Strong' : degrees === 4 ? 'Good' : degrees <= 6 ? 'Distant' : 'Remote';
  const count = result.shortestPathCount;
  const paths = count === null ? null : count >= 1e6 ? 'over a million shortest paths' : plural(Math.round(count), 'shortest path');
  return { grade, basis: paths ? `${plural(degrees, 'degree')} · ${paths}` : plural(degrees, 'degree') };
}
