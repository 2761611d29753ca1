/**
 * Byte encodings of the graph's vocabulary. The snapshot stores entity types, person subtypes and
 * relationships as small integers (their index in the shared-types tuples), so these tables are the
 * single place that maps between the two worlds. Appending to a shared-types tuple is compatible with
 * existing snapshots; reordering is not (bump SNAPSHOT_VERSION).
 */
import {
  ENTITY_TYPES,
  LINK_TIERS,
  PERSON_SUBTYPES,
  RELATIONSHIPS,
  type EntityType,
  type LinkTier,
  type PersonSubtype,
  type Relationship,
} from '@cinema-dna/shared-types';

/** Code of each entity type (index into ENTITY_TYPES). */
export const TYPE_CODE: Readonly<Record<EntityType, number>> = Object.fromEntries(
  ENTITY_TYPES.map((t, i) => [t, i]),
) as Record<EntityType, number>;

/** Code of each relationship (index into RELATIONSHIPS); fits in 5 bits (RELATIONSHIP_MASK). */
export const RELATIONSHIP_CODE: Readonly<Record<Relationship, number>> = Object.fromEntries(
  RELATIONSHIPS.map((r, i) => [r, i]),
) as Record<Relationship, number>;

/** Code of each person subtype (index into PERSON_SUBTYPES). */
export const SUBTYPE_CODE: Readonly<Record<PersonSubtype, number>> = Object.fromEntries(
  PERSON_SUBTYPES.map((s, i) => [s, i]),
) as Record<PersonSubtype, number>;

/** Subtype byte of entities that have none (everything but people, or people without credits). */
export const NO_SUBTYPE = 255;

/**
 * An adjacency entry's relation byte: bits 0-4 the relationship code, bits 5-6 the link's tier,
 * bit 7 FORWARD_BIT — set when the node owning the entry is the first-named side of the relationship
 * ("person acted_in movie" is forward in the person's list and backward in the movie's). Both copies
 * of a link exist (search treats the graph as undirected) and carry the same tier.
 */
export const FORWARD_BIT = 0x80;
export const RELATIONSHIP_MASK = 0x1f;
export const TIER_SHIFT = 5;
export const TIER_BITS = 0x60;

/**
 * Search class of a node = type code | OBSCURE_BIT. The builder sets the bit for the hub types, so
 * the search's strict pass can exclude them with one mask test.
 */
export const OBSCURE_BIT = 0x08;

/** Hub types: linked to a large share of all movies, so they short-circuit every path. */
export const HUB_TYPES: readonly EntityType[] = ['genre', 'keyword', 'company', 'location'];

/** The credits: links between a person and a movie ("direct connections" in the spec). */
export const DIRECT_RELATIONSHIPS: readonly Relationship[] = ['acted_in', 'directed', 'wrote', 'produced', 'composed', 'crew'];

/** Which subtype a person's credit implies, used to derive a missing subtype from the links. */
export const SUBTYPE_OF_RELATIONSHIP: Partial<Record<Relationship, PersonSubtype>> = {
  acted_in: 'actor',
  directed: 'director',
  wrote: 'writer',
  produced: 'producer',
  composed: 'composer',
  crew: 'crew',
};

export function entityTypeOf(code: number): EntityType {
  const t = ENTITY_TYPES[code];
  if (t === undefined) throw new RangeError(`unknown entity type code ${code}`);
  return t;
}

export function relationshipOf(code: number): Relationship {
  const r = RELATIONSHIPS[code & RELATIONSHIP_MASK];
  if (r === undefined) throw new RangeError(`unknown relationship code ${code}`);
  return r;
}

export function subtypeOf(code: number): PersonSubtype | null {
  return code === NO_SUBTYPE ? null : (PERSON_SUBTYPES[code] ?? null);
}

export function tierOf(relationByte: number): LinkTier {
  return LINK_TIERS[(relationByte & TIER_BITS) >>> TIER_SHIFT] ?? 'obscure';
}
