/**
 * The compiled form of the search parameters: masks and weight tables the search loop reads instead
 * of the parameter object. The parameters themselves, their defaults and bounds are one schema in
 * shared-types (SearchParametersSchema), the same for the HTTP body, the socket and the engine.
 */
import { LINK_TIERS, RELATIONSHIPS, SearchParametersSchema, type LinkTier, type Relationship, type SearchParameters } from '@cinema-dna/shared-types';
import { TIER_SHIFT, TYPE_CODE } from './model.js';
import { TIER_CODE } from './tiers.js';

/** An entity by external key ("person:nm0000206") or node index. */
export type EntityRef = string | number;

/** Parameters as the engine takes them: `avoid` already resolved to node indices. */
export type EngineParameters = Omit<SearchParameters, 'avoid'> & { avoid?: readonly number[] };

/** The parameters with every default applied (the schema's output for an empty object). */
export function defaultParameters(): EngineParameters {
  const { avoid: _avoid, ...rest } = SearchParametersSchema.parse({});
  return rest;
}

/**
 * Weight of a path = Σ link weights + Σ intermediate node penalties; it only ranks paths of equal
 * length. With prioritizeDirectConnections a link weighs its tier's TIER_LINK_WEIGHT, otherwise 1;
 * a link that is not acting adds CREW_LINK_WEIGHT (below), which outranks every tier.
 * The tiers are lexicographic: with at most 8 links and 7 intermediates (penalties ≤ 1 each), one
 * supporting link instead of a core one adds 9 > 7 (more than any popularity difference), and one
 * obscure link instead of a supporting one adds 90 > 8 × 9 + 7 (more than any mix of the others).
 */
export const TIER_LINK_WEIGHT: Readonly<Record<LinkTier, number>> = { core: 1, supporting: 10, obscure: 100 };

/**
 * Which chain among equally short ones: acting links before crew links, then billing (the tiers,
 * with prioritizeDirectConnections), then fame (weightByPopularity). A link that is not acting
 * (directed, wrote, composed, produced, crew, and the non-person links) adds CREW_LINK_WEIGHT, more
 * than any mix of tiers and penalties (8 × 100 + 7 < 1000), so one acting link more always wins,
 * however core the crew link. Links every chain must take (a genre's has_genre) cost all chains alike.
 */
export const CREW_LINK_WEIGHT = 1000;

/**
 * The version of the rule that picks among equally short chains. Raised whenever that rule changes
 * (2: acting links before the rest, issue 26), so cached answers chosen by an older rule are not
 * served: it is part of every cached path's key.
 */
export const CHAIN_RANKING_VERSION = 2;
const RELATIONSHIP_BITS = (1 << TIER_SHIFT) - 1;
/** CREW_LINK_WEIGHT for a link that is not acting, else 0. */
export function crewLinkWeight(relationship: Relationship | undefined): number {
  return relationship === 'acted_in' ? 0 : CREW_LINK_WEIGHT;
}
function crewWeight(byte: number): number {
  return crewLinkWeight(RELATIONSHIPS[byte & RELATIONSHIP_BITS]);
}

/** Popularity penalty of an intermediate: 1 for popularity 0, falling towards 0 as popularity grows. */
export function popularityPenalty(popularity: number): number {
  return 1 / (1 + Math.log2(1 + (popularity > 0 ? popularity : 0)));
}

/** Bit t set = links of tier code t may be used; all four 2-bit codes (3 is unused). */
export const ALL_TIERS = 0b1111;
const FAN_TIERS = (1 << TIER_CODE.core) | (1 << TIER_CODE.supporting);

/** The parameters as masks and tables for the search loop. */
export interface CompiledParameters {
  maxDegrees: number;
  /** Bit c set = nodes of search class c may be intermediates in the first pass. */
  strictMask: number;
  /** Bit c set = nodes of search class c may be intermediates in the fallback pass (hubs included). */
  fullMask: number;
  /** Bit t set = links of tier t may be used in the first pass. */
  strictTiers: number;
  /** Whether a pass with fullMask and every tier follows a failed first pass. */
  fallback: boolean;
  weightByPopularity: boolean;
  /** Weight of a link by its relation byte (direction and tier bits included). */
  linkWeights: Float64Array;
  avoid: readonly number[];
}

// Built once: a search must not allocate array buffers (they add GC pressure outside the heap).
const UNIFORM_LINK_WEIGHTS = (() => {
  const weights = new Float64Array(256);
  for (let byte = 0; byte < 256; byte++) weights[byte] = 1 + crewWeight(byte);
  return weights;
})();
const TIERED_LINK_WEIGHTS = (() => {
  const weights = new Float64Array(256);
  for (let byte = 0; byte < 256; byte++) weights[byte] = TIER_LINK_WEIGHT[LINK_TIERS[(byte >>> TIER_SHIFT) & 3] ?? 'obscure'] + crewWeight(byte);
  return weights;
})();

/** Compiles engine parameters into masks and weight tables (no allocation beyond the result object). */
export function compileParameters(params: EngineParameters): CompiledParameters {
  let typeBits = 0;
  for (const t of params.allowedTypes) typeBits |= 1 << TYPE_CODE[t];
  const fullMask = typeBits | (typeBits << 8);
  return {
    maxDegrees: params.maxDegrees,
    strictMask: params.includeObscureConnections ? fullMask : typeBits,
    fullMask,
    strictTiers: params.includeObscureConnections ? ALL_TIERS : FAN_TIERS,
    fallback: !params.includeObscureConnections,
    weightByPopularity: params.weightByPopularity,
    linkWeights: params.prioritizeDirectConnections ? TIERED_LINK_WEIGHTS : UNIFORM_LINK_WEIGHTS,
    avoid: params.avoid ?? [],
  };
}
