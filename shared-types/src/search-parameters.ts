import { z } from 'zod';
import { EntityKeySchema, EntityTypeSchema } from './entities.js';

export const MIN_DEGREES = 1;
export const MAX_DEGREES = 8;
export const DEFAULT_MAX_DEGREES = 6;
export const DEFAULT_ALLOWED_TYPES = ['person', 'movie', 'genre', 'keyword', 'company', 'collection'] as const;

/** Spec §9 search parameters with their defaults; `avoid` re-runs a search without those entities. */
export const SearchParametersSchema = z.object({
  maxDegrees: z.number().int().min(MIN_DEGREES).max(MAX_DEGREES).default(DEFAULT_MAX_DEGREES),
  allowedTypes: z.array(EntityTypeSchema).min(1).default(() => [...DEFAULT_ALLOWED_TYPES]),
  prioritizeDirectConnections: z.boolean().default(true),
  includeObscureConnections: z.boolean().default(false),
  weightByPopularity: z.boolean().default(true),
  avoid: z.array(EntityKeySchema).max(100).default(() => []),
});
export type SearchParameters = z.output<typeof SearchParametersSchema>;
export type SearchParametersInput = z.input<typeof SearchParametersSchema>;
