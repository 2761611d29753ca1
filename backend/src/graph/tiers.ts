/**
 * Link tiers: what a link means to a movie fan, decided once when the snapshot is built and stored in
 * the two spare bits of each adjacency entry's relation byte (model.ts), so the search reads them for
 * free.
 * - core: cast within the first TOP_BILLED names of the source's billing order, directors, writers,
 *   original-music composers ("composed");
 * - supporting: the rest of the cast, producers, cinematographers, editors, and the fan-meaningful
 *   non-credit links: franchises (part_of_collection) and awards (won, nominated_for);
 * - obscure: every other crew job (sound, art, make-up, casting, effects, lighting, assistants...)
 *   and the links to hub entities (has_genre, has_keyword, produced_by, filmed_in, country).
 */
import { PERSON_SUBTYPES, type LinkTier, type PersonSubtype, type Relationship } from '@cinema-dna/shared-types';

/** Cast members billed among the first this many (billing 0..9) are core; the rest supporting. */
export const TOP_BILLED = 10;

/** Tier codes as stored in the relation byte (index into LINK_TIERS). */
export const TIER_CODE: Readonly<Record<LinkTier, number>> = { core: 0, supporting: 1, obscure: 2 };

/** Crew jobs that are supporting (compared lowercased): the cinematographer and the editor. */
const SUPPORTING_CREW_JOBS = new Set(['director of photography', 'cinematography', 'cinematographer', 'editor', 'film editor']);

/** Crew links join several jobs of one person on one film with this (see the importers). */
const JOB_SEPARATOR = ', ';

const TIER_OF_RELATIONSHIP: Readonly<Record<Relationship, LinkTier | null>> = {
  acted_in: null, // by billing
  directed: 'core',
  wrote: 'core',
  composed: 'core',
  produced: 'supporting',
  crew: null, // by job
  part_of_collection: 'supporting',
  won: 'supporting',
  nominated_for: 'supporting',
  has_genre: 'obscure',
  has_keyword: 'obscure',
  produced_by: 'obscure',
  filmed_in: 'obscure',
  country: 'obscure',
};

/**
 * The tier of one link. `billing`: 0-based position of an acted_in credit in the source's billing
 * order; a cast link without one (a source that does not rank its cast) counts as top-billed.
 * `label`: for crew links, the job or jobs; the best of several jobs wins.
 */
export function linkTier(relationship: Relationship, label: string | null | undefined, billing: number | null | undefined): LinkTier {
  const fixed = TIER_OF_RELATIONSHIP[relationship];
  if (fixed) return fixed;
  if (relationship === 'acted_in') return billing === null || billing === undefined || billing < TOP_BILLED ? 'core' : 'supporting';
  if (!label) return 'obscure';
  for (const job of label.toLowerCase().split(JOB_SEPARATOR)) if (SUPPORTING_CREW_JOBS.has(job.trim())) return 'supporting';
  return 'obscure';
}

/** linkTier as the code stored in the relation byte. */
export function linkTierCode(relationship: Relationship, label: string | null | undefined, billing: number | null | undefined): number {
  return TIER_CODE[linkTier(relationship, label, billing)];
}

/**
 * Weight of a credit of each tier when picking a person's main role (subtype): a director with a
 * bit part is a director, a star who produced a few of their films is an actor.
 */
export const MAIN_ROLE_WEIGHT: Readonly<Record<LinkTier, number>> = { core: 4, supporting: 2, obscure: 1 };

/**
 * A person's main role from their credits' tier-weighted counts (MAIN_ROLE_WEIGHT per link), ties
 * going to actor, director, writer, producer, composer, crew in that order; undefined without credits.
 */
export function mainRole(scores: Readonly<Partial<Record<PersonSubtype, number>>>): PersonSubtype | undefined {
  let best: PersonSubtype | undefined;
  for (const role of PERSON_SUBTYPES) if ((scores[role] ?? 0) > (best ? scores[best]! : 0)) best = role;
  return best;
}
