/**
 * Search parameters (spec §9) as a zod schema with the spec's defaults, and their compiled form:
 * masks and weight tables the search loop reads instead of the parameter object.
 */
import { z } from 'zod';
import { EntityTypeSchema, RELATIONSHIPS, type EntityType } from '@cinema-dna/shared-types';
import { DIRECT_RELATIONSHIPS, FORWARD_BIT, RELATIONSHIP_CODE, TYPE_CODE } from './model.js';

/** Spec §9: default allowed types (location is offered but off by default). */
export const DEFAULT_ALLOWED_TYPES: readonly EntityType[] = ['person', 'movie', 'genre', 'keyword', 'company', 'collection'];
export const MIN_DEGREES = 1;
export const MAX_DEGREES = 8;
export const DEFAULT_MAX_DEGREES = 6;
/** At most this many entities in `avoid`. */
export const MAX_AVOID = 100;

/** An entity by external key ("person:nm0000206") or node index. */
export const EntityRefSchema = z.union([z.string().trim().min(3).max(200), z.number().int().nonnegative()]);
export type EntityRef = z.infer<typeof EntityRefSchema>;

/**
 * The search parameters and their defaults (spec §9).
 * - maxDegrees: most links in an answer (1..8, default 6).
 * - allowedTypes: types an intermediate entity may have; the two endpoints are always allowed.
 * - prioritizeDirectConnections: among shortest paths, prefer person–movie credits over hub links.
 * - includeObscureConnections: off = genre/keyword hubs and very unpopular people/movies are only
 *   traversed when no path within maxDegrees exists without them (the search runs twice then).
 * - weightByPopularity: among shortest paths, prefer popular intermediates.
 * - avoid: entities the path must not go through (to re-run a search "without this one").
 */
export const SearchParametersSchema = z.object({
  maxDegrees: z.number().int().min(MIN_DEGREES).max(MAX_DEGREES).default(DEFAULT_MAX_DEGREES),
  allowedTypes: z
    .array(EntityTypeSchema)
    .min(1)
    .default(() => [...DEFAULT_ALLOWED_TYPES]),
  prioritizeDirectConnections: z.boolean().default(true),
  includeObscureConnections: z.boolean().default(false),
  weightByPopularity: z.boolean().default(true),
  avoid: z.array(EntityRefSchema).max(MAX_AVOID).default(() => []),
});
/** Parsed parameters (defaults applied). */
export type SearchParameters = z.output<typeof SearchParametersSchema>;
/** What callers may send (everything optional). */
export type SearchParametersInput = z.input<typeof SearchParametersSchema>;

/** Parameters as the engine takes them: `avoid` already resolved to node indices. */
export type EngineParameters = Omit<SearchParameters, 'avoid'> & { avoid?: readonly number[] };

/** The parameters with every default applied (the schema's output for an empty object). */
export function defaultParameters(): EngineParameters {
  const { avoid: _avoid, ...rest } = SearchParametersSchema.parse({});
  return rest;
}

/**
 * Weight of a path = Σ link weights + Σ intermediate node penalties; it only ranks paths of equal
 * length. A credit (person–movie link) weighs 1; any other link weighs INDIRECT_LINK_WEIGHT when
 * prioritizeDirectConnections is on. That is more than the largest possible sum of node
 * penalties (7 intermediates × at most 1), so direct links dominate popularity in the ranking.
 */
export const INDIRECT_LINK_WEIGHT = 10;

/** Popularity penalty of an intermediate: 1 for popularity 0, falling towards 0 as popularity grows. */
export function popularityPenalty(popularity: number): number {
  return 1 / (1 + Math.log2(1 + (popularity > 0 ? popularity : 0)));
}

/** The parameters as masks and tables for the search loop. */
export interface CompiledParameters {
  maxDegrees: number;
  /** Bit c set = nodes of search class c may be intermediates in the first pass. */
  strictMask: number;
  /** Bit c set = nodes of search class c may be intermediates in the fallback pass (obscure included). */
  fullMask: number;
  /** Whether a pass with fullMask follows a failed strictMask pass. */
  fallback: boolean;
  weightByPopularity: boolean;
  /** Weight of a link by its relation byte (direction bit included). */
  linkWeights: Float64Array;
  avoid: readonly number[];
}

// Built once: a search must not allocate array buffers (they add GC pressure outside the heap).
const UNIFORM_LINK_WEIGHTS = new Float64Array(256).fill(1);
const DIRECT_FIRST_LINK_WEIGHTS = (() => {
  const weights = new Float64Array(256).fill(1);
  const direct = new Set(DIRECT_RELATIONSHIPS.map((r) => RELATIONSHIP_CODE[r]));
  for (let code = 0; code < RELATIONSHIPS.length; code++) {
    if (direct.has(code)) continue;
    weights[code] = INDIRECT_LINK_WEIGHT;
    weights[code | FORWARD_BIT] = INDIRECT_LINK_WEIGHT;
  }
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
    fallback: !params.includeObscureConnections,
    weightByPopularity: params.weightByPopularity,
    linkWeights: params.prioritizeDirectConnections ? DIRECT_FIRST_LINK_WEIGHTS : UNIFORM_LINK_WEIGHTS,
    avoid: params.avoid ?? [],
  };
}
