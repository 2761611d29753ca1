import { z } from 'zod';

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

/** Person subtypes derived from their credits. */
export const PERSON_SUBTYPES = ['actor', 'director', 'writer', 'producer', 'composer', 'crew'] as const;
export const PersonSubtypeSchema = z.enum(PERSON_SUBTYPES);
export type PersonSubtype = z.infer<typeof PersonSubtypeSchema>;
