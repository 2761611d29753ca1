import type { EntityType, PersonSubtype, Relationship } from '@cinema-dna/shared-types';

/**
 * What every importer produces: entities and links in one model, whatever the source.
 * A key is `type:id`, the id being the source's own (TMDB number, IMDb tconst/nconst, a starter slug
 * or a slug of a name for shared vocabularies such as genres), so the same key from two sources is
 * one entity.
 */
export type EntityKey = `${EntityType}:${string}`;

export const entityKey = (type: EntityType, id: string | number): EntityKey => `${type}:${id}`;

export function parseEntityKey(key: string): { type: EntityType; id: string } {
  const colon = key.indexOf(':');
  return { type: key.slice(0, colon) as EntityType, id: key.slice(colon + 1) };
}

/** Lowercase ASCII slug: "Science Fiction" → "science-fiction", "Amélie" → "amelie". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Detail fields the entity and detail views show (spec §3). Kept in the database, not the graph. */
export interface EntityDetails {
  overview?: string;
  release_date?: string;
  year?: number;
  runtime?: number;
  vote_average?: number;
  vote_count?: number;
  poster_path?: string;
  profile_path?: string;
  logo_path?: string;
  original_language?: string;
  country?: string;
  known_for_department?: string;
  birthday?: string;
  deathday?: string;
  place_of_birth?: string;
  biography?: string;
  imdb_id?: string;
  tmdb_id?: number;
  wikidata_id?: string;
}

export interface IngestEntity {
  type: EntityType;
  id: string;
  name: string;
  /** Higher is more popular; comparable within a source (TMDB popularity, IMDb votes, catalog links). */
  popularity: number;
  subtype?: PersonSubtype;
  details?: EntityDetails;
}

export interface IngestLink {
  from: EntityKey;
  to: EntityKey;
  relationship: Relationship;
  /** Character for acted_in, job(s) for crew; for awards the year, and for people also the film ("2001 · Gladiator"). */
  label?: string;
  /**
   * acted_in: 0-based position in the source's billing order (TMDB `order`, IMDb's rank among the
   * on-screen principals, the catalog's file order). Decides the link's tier and orders cast lists.
   */
  billing?: number;
}
