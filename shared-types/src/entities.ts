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

/**
 * An entity's key, `type:id`, the id being the source's own: "movie:603", "person:nm0000158",
 * "genre:drama". Built and read only through `entityKey` and `parseEntityKey`, never by hand.
 */
export type EntityKey = `${EntityType}:${string}`;
/** The two halves of an entity key. */
export interface EntityKeyParts {
  type: EntityType;
  id: string;
}

/** A known type, a colon, then an id that is not empty, does not start with a colon and has no whitespace. */
const ENTITY_KEY_PATTERN = new RegExp(`^(${ENTITY_TYPES.join('|')}):([^\\s:][^\\s]*)$`);

/** The key of an entity: `entityKey('person', 'tom-hanks')` or `entityKey({ type, id })` → "person:tom-hanks". */
export function entityKey(type: EntityType, id: string | number): EntityKey;
export function entityKey(parts: { type: EntityType; id: string | number }): EntityKey;
export function entityKey(typeOrParts: EntityType | { type: EntityType; id: string | number }, id?: string | number): EntityKey {
  return typeof typeOrParts === 'string' ? `${typeOrParts}:${id}` : `${typeOrParts.type}:${typeOrParts.id}`;
}

/** "person:tom-hanks" → { type: 'person', id: 'tom-hanks' }; null when it is not an entity key. */
export function parseEntityKey(key: string | null | undefined): EntityKeyParts | null {
  const match = key ? ENTITY_KEY_PATTERN.exec(key) : null;
  return match ? { type: match[1] as EntityType, id: match[2]! } : null;
}

/** True for a well-formed entity key (see parseEntityKey). */
export function isEntityKey(key: string): key is EntityKey {
  return ENTITY_KEY_PATTERN.test(key);
}

/** An entity key in a request, checked with the same rule as parseEntityKey. */
export const EntityKeySchema = text()
  .trim()
  .max(200)
  .regex(ENTITY_KEY_PATTERN, 'must look like "type:id", e.g. "person:tom-hanks"');

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
