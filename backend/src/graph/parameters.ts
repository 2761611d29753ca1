/**
 * The compiled form of the search parameters: masks and weight tables the search loop reads instead
 * of the parameter object. The parameters themselves, their defaults and bounds are one schema in
 * shared-types (SearchParametersSchema), the same for the HTTP body, the socket and the engine.
 */
import { LINK_TIERS, SearchParametersSchema, type LinkTier, type SearchParameters } from '@cinema-dna/shared-types';
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
 * length. With prioritizeDirectConnections a link weighs its tier's TIER_LINK_WEIGHT, otherwise 1.
 * The tiers are lexicographic: with at most 8 links and 7 intermediates (penalties ≤ 1 each), one
 * supporting link instead of a core one adds 9 > 7 (more than any popularity difference), and one
 * obscure link instead of a supporting one adds 90 > 8 × 9 + 7 (more than any mix of the others).
 */
export const TIER_LINK_WEIGHT: Readonly<Record<LinkTier, number>> = { core: 1, supporting: 10, obscure: 100 };

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
const UNIFORM_LINK_WEIGHTS = new Float64Array(256).fill(1);
const TIERED_LINK_WEIGHTS = (() => {
  const weights = new Float64Array(256);
  for (let byte = 0; byte < 256; byte++) weights[byte] = TIER_LINK_WEIGHT[LINK_TIERS[(byte >>> TIER_SHIFT) & 3] ?? 'obscure'];
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
