import type { ConnectionResult, EntityType, LinkTier } from '@cinema-dna/shared-types';
import { plural } from '../../../lib/number-format';

export type QualityGrade = 'Excellent' | 'Strong' | 'Good' | 'Distant' | 'Remote';
const GRADES: readonly QualityGrade[] = ['Excellent', 'Strong', 'Good', 'Distant', 'Remote'];
/** Hub entities: every link to one is obscure, so picking one as an end costs nothing. */
const HUB_TYPES: ReadonlySet<EntityType> = new Set(['genre', 'keyword', 'company', 'location']);

export interface PathQuality {
  grade: QualityGrade;
  /** What the grade was computed from, for the stat's caption. */
  basis: string;
}

/** How the grade is derived, shown beside it so the number is not a mystery. */
export const QUALITY_EXPLANATION =
  'Graded by path length (1–2 degrees Excellent, 3 Strong, 4 Good, 5–6 Distant, more Remote), one grade lower for each obscure link: a minor crew job, or a genre, keyword, company or country along the way. Core links are top-billed cast, directors, writers and composers; supporting ones the rest of the cast, producers, cinematographers, editors, franchises and awards.';

/**
 * Grades a found connection from what the result says, nothing else: the number of degrees sets the
 * grade, each obscure link lowers it one step (except the link to a genre, keyword, company or
 * country picked as an end: there is no other way to it); the caption counts the links per tier and
 * the equally short paths. Results cached before links had tiers are graded by degrees alone. Null
 * when nothing was found.
 */
export function derivePathQuality(result: Pick<ConnectionResult, 'found' | 'degrees' | 'shortestPathCount' | 'path'>): PathQuality | null {
  if (!result.found || result.degrees === null) return null;
  const degrees = result.degrees;
  const byLength = degrees <= 2 ? 0 : degrees === 3 ? 1 : degrees === 4 ? 2 : degrees <= 6 ? 3 : 4;
  const tiers = result.path.flatMap((step) => (step.relationship?.tier ? [step.relationship.tier] : []));
  const known = tiers.length === degrees && degrees > 0;
  const count = (tier: LinkTier) => tiers.filter((t) => t === tier).length;
  const last = tiers.length - 1;
  const atHubEnd = (i: number) => (i === 0 && HUB_TYPES.has(result.path[0]!.entity.type)) || (i === last && HUB_TYPES.has(result.path.at(-1)!.entity.type));
  const penalised = tiers.filter((tier, i) => tier === 'obscure' && !atHubEnd(i)).length;
  const grade = GRADES[Math.min(GRADES.length - 1, byLength + (known ? penalised : 0))]!;
  const paths = result.shortestPathCount === null ? null : result.shortestPathCount >= 1e6 ? 'over a million paths' : plural(Math.round(result.shortestPathCount), 'path');
  const links = known ? tierSummary(count('core'), count('supporting'), count('obscure')) : plural(degrees, 'degree');
  return { grade, basis: paths ? `${links} · ${paths}` : links };
}

/** "all core links", "3 core, 1 supporting", "1 core, 2 obscure". */
function tierSummary(core: number, supporting: number, obscure: number): string {
  const total = core + supporting + obscure;
  if (core === total) return total === 1 ? 'a core link' : 'all core links';
  if (supporting === total) return total === 1 ? 'a supporting link' : 'all supporting links';
  if (obscure === total) return total === 1 ? 'an obscure link' : 'all obscure links';
  return [
    [core, 'core'],
    [supporting, 'supporting'],
    [obscure, 'obscure'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, name]) => `${n} ${name}`)
    .join(', ');
}
