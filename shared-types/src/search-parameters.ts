import { z } from 'zod';
import { EntityKeySchema, EntityTypeSchema } from './entities.js';

export const MIN_DEGREES = 1;
export const MAX_DEGREES = 8;
export const DEFAULT_MAX_DEGREES = 6;
/** Spec §9: default allowed types (location is offered but off by default; awards only as ends). */
export const DEFAULT_ALLOWED_TYPES = ['person', 'movie', 'genre', 'keyword', 'company', 'collection'] as const;
/** At most this many entities in `avoid`. */
export const MAX_AVOID = 100;

/**
 * The search parameters and their defaults (spec §9): one schema for the HTTP body, the socket and
 * the engine (which compiles them, backend/src/graph/parameters.ts).
 * - maxDegrees: most links in an answer (1..8, default 6).
 * - allowedTypes: types an intermediate entity may have; the two endpoints are always allowed.
 * - prioritizeDirectConnections: among shortest paths, prefer the links a fan would tell: core over
 *   supporting over obscure — so credits beat hub links, and a director or a top-billed star beats a
 *   sound editor.
 * - includeObscureConnections: off = obscure links (minor crew jobs, hub links) and hub entities
 *   (genre, keyword, company, location) are only traversed when no path within maxDegrees exists
 *   without them (the search runs twice then, and says so: `usedObscure`).
 * - weightByPopularity: among shortest paths, prefer popular intermediates.
 * - avoid: entities the path must not go through (to re-run a search "without this one").
 */
export const SearchParametersSchema = z.object({
  maxDegrees: z.number().int().min(MIN_DEGREES).max(MAX_DEGREES).default(DEFAULT_MAX_DEGREES),
  allowedTypes: z.array(EntityTypeSchema).min(1).default(() => [...DEFAULT_ALLOWED_TYPES]),
  prioritizeDirectConnections: z.boolean().default(true),
  includeObscureConnections: z.boolean().default(false),
  weightByPopularity: z.boolean().default(true),
  avoid: z.array(EntityKeySchema).max(MAX_AVOID).default(() => []),
});
/** Parsed parameters (defaults applied). */
export type SearchParameters = z.output<typeof SearchParametersSchema>;
/** What callers may send (everything optional). */
export type SearchParametersInput = z.input<typeof SearchParametersSchema>;
