import { z } from 'zod';
import { ApiErrorSchema } from './errors.js';
import { EntityKeySchema, EntityRefInputSchema, EntitySummarySchema, EntityTypeSchema, LinkTierSchema, RelationshipSchema } from './entities.js';
import { MAX_DEGREES, MIN_DEGREES, SearchParametersSchema } from './search-parameters.js';
import { text } from './text.js';

/** POST /api/find-connection and the socket's search:start. */
export const FindConnectionRequestSchema = z.object({
  fromEntity: EntityRefInputSchema,
  toEntity: EntityRefInputSchema,
  parameters: SearchParametersSchema.optional(),
});
export type FindConnectionRequest = z.input<typeof FindConnectionRequestSchema>;

/** POST /api/connections/find, the documented variant. */
export const ConnectionsFindRequestSchema = z.object({
  fromEntityId: EntityKeySchema,
  toEntityId: EntityKeySchema,
  maxDegrees: z.number().int().min(MIN_DEGREES).max(MAX_DEGREES).optional(),
});

/** The link from one step to the next: "acted_in" as Neo, "crew" as Editor. */
export const PathRelationshipSchema = z.object({
  type: RelationshipSchema,
  /** forward: this step is the relationship's subject ("Keanu Reeves acted_in The Matrix"). */
  direction: z.enum(['forward', 'backward']),
  character: text().nullable(),
  job: text().nullable(),
  /** The raw label (character, job, or award year). */
  label: text().nullable(),
  /** What the link means to a fan (LINK_TIERS); absent in results cached before tiers existed. */
  tier: LinkTierSchema.optional(),
});
export type PathRelationship = z.infer<typeof PathRelationshipSchema>;

export const PathStepSchema = z.object({
  entity: EntitySummarySchema,
  /** Link to the next step; null on the last one. */
  relationship: PathRelationshipSchema.nullable(),
});
export type PathStep = z.infer<typeof PathStepSchema>;

/** Spec §3 connection result. `path` is empty when no connection exists within maxDegrees. */
export const ConnectionResultSchema = z.object({
  found: z.boolean(),
  path: z.array(PathStepSchema),
  degrees: z.number().int().nullable(),
  cached: z.boolean(),
  message: z.string(),
  totalWeight: z.number().nullable(),
  shortestPathCount: z.number().nullable(),
  maxDegrees: z.number().int(),
  /** Server-side compute time of the search that produced this result (0 for cached ones is not claimed: it is the original's). */
  searchMs: z.number(),
  /**
   * True when no chain of core and supporting links through non-hub entities fits within maxDegrees,
   * so the answer needed obscure links or hubs (only with includeObscureConnections off).
   */
  usedObscure: z.boolean().optional(),
});
export type ConnectionResult = z.infer<typeof ConnectionResultSchema>;

/** POST /api/connections/alternatives: other shortest paths of the same search. */
export const AlternativesRequestSchema = FindConnectionRequestSchema.extend({
  limit: z.number().int().min(1).max(20).default(5),
});
export const AlternativesResponseSchema = z.object({
  degrees: z.number().int().nullable(),
  shortestPathCount: z.number().nullable(),
  paths: z.array(z.object({ path: z.array(PathStepSchema), totalWeight: z.number() })),
});
export type AlternativesResponse = z.infer<typeof AlternativesResponseSchema>;

/** Spec §3 trending connection. */
export const TrendingConnectionSchema = z.object({
  id: z.string(),
  degrees: z.number().int().nullable(),
  searchCount: z.number().int(),
  fromEntity: EntitySummarySchema,
  toEntity: EntitySummarySchema,
  path: z.array(PathStepSchema),
});
export type TrendingConnection = z.infer<typeof TrendingConnectionSchema>;
export const TrendingResponseSchema = z.object({
  connections: z.array(TrendingConnectionSchema),
  /** True while the shared cache cannot be read: `connections` is then the last list this server read (or empty). */
  degraded: z.boolean().optional(),
});

/** Live search over Socket.IO. */
export const SearchStartSchema = FindConnectionRequestSchema;
export const SearchCancelSchema = z.object({ requestId: text().min(1).max(64) });
export const SearchStartedSchema = z.object({ requestId: z.string() });
export type SearchStarted = z.infer<typeof SearchStartedSchema>;

export const SearchProgressedSchema = z.object({
  requestId: z.string(),
  layer: z.number().int(),
  /**
   * 1 for the first pass (core and supporting links, no hubs); 2 for the fallback that widens to every
   * link when the first found no chain. Absent in layers cached before passes were reported.
   */
  pass: z.number().int().min(1).max(2).optional(),
  side: z.enum(['from', 'to']),
  frontierSize: z.number().int(),
  visited: z.number().int(),
  edgesScanned: z.number().int(),
  sample: z.array(z.object({ key: z.string(), id: z.string(), name: z.string(), type: EntityTypeSchema })),
  elapsedMs: z.number(),
});
export type SearchProgressed = z.infer<typeof SearchProgressedSchema>;
export const SearchCompletedSchema = z.object({ requestId: z.string(), result: ConnectionResultSchema });
export type SearchCompleted = z.infer<typeof SearchCompletedSchema>;
export const SearchFailedSchema = z.object({ requestId: z.string(), error: ApiErrorSchema });
export type SearchFailed = z.infer<typeof SearchFailedSchema>;
