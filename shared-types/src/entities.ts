import { z } from 'zod';
import { text } from './text.js';

/** Every kind of node in the movie graph. */
export const ENTITY_TYPES = ['person', 'movie', 'genre', 'keyword', 'company', 'collection', 'award', 'location'] as const;
export const EntityTypeSchema = z.enum(ENTITY_TYPES);
export type EntityType = z.infer<typeof EntityTypeSchema>;

/** Every kind of link. Direction is always from the first-named side (person acted_in movie, movie has_genre genre). */
export const RELATIONSHIPS = [
  'acted_in',
  'directed',
  'wrote',
  'produced',
  'composed',
  'crew',
  'has_genre',
  'has_keyword',
  'produced_by',
  'part_of_collection',
  'won',
  'nominated_for',
  'filmed_in',
  'country',
] as const;
export const RelationshipSchema = z.enum(RELATIONSHIPS);
export type Relationship = z.infer<typeof RelationshipSchema>;

/**
 * What a link means to a fan (engine: backend/src/graph/tiers.ts). core: top-billed cast, directors,
 * writers, original-music composers; supporting: the rest of the cast, producers, cinematographers,
 * editors, franchises (collections) and awards; obscure: every other crew job and the hub links
 * (genre, keyword, company, country).
 */
export const LINK_TIERS = ['core', 'supporting', 'obscure'] as const;
export const LinkTierSchema = z.enum(LINK_TIERS);
export type LinkTier = z.infer<typeof LinkTierSchema>;

/** Person subtypes derived from their credits. */
export const PERSON_SUBTYPES = ['actor', 'director', 'writer', 'producer', 'composer', 'crew'] as const;
export const PersonSubtypeSchema = z.enum(PERSON_SUBTYPES);
export type PersonSubtype = z.infer<typeof PersonSubtypeSchema>;

/** "type:id", the id being the source's own: "movie:603", "person:nm0000158", "genre:drama". */
export const EntityKeySchema = text()
  .trim()
  .max(200)
  .regex(new RegExp(`^(${ENTITY_TYPES.join('|')}):[^\\s:][^\\s]*$`), 'must look like "type:id", e.g. "person:tom-hanks"');
export type EntityKey = z.infer<typeof EntityKeySchema>;

/** An entity as every list shows it (spec §3 "Entity / search result"). Image paths are TMDB paths. */
export const EntitySummarySchema = z.object({
  id: text(),
  key: text(),
  name: text(),
  type: EntityTypeSchema,
  subtype: PersonSubtypeSchema.nullable(),
  popularity: z.number(),
  profile_path: text().nullable(),
  poster_path: text().nullable(),
  logo_path: text().nullable(),
  release_date: text().nullable(),
  year: z.number().int().nullable(),
  country: text().nullable(),
  overview: text().nullable(),
});
export type EntitySummary = z.infer<typeof EntitySummarySchema>;

/** How a client names an entity: at least id and type (the spec's fuller object is accepted; the rest is ignored). */
export const EntityRefInputSchema = z.object({
  id: z.union([text().trim().min(1).max(150), z.number().int().nonnegative()]).transform(String),
  type: EntityTypeSchema,
});
export type EntityRefInput = z.input<typeof EntityRefInputSchema>;
