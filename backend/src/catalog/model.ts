import type { EntityType } from '@cinema-dna/shared-types';

/**
 * An entity's key is `type:id`, the id being the source's own (TMDB number, IMDb tconst/nconst, a starter slug
 * or a slug of a name for shared vocabularies such as genres), so the same key from two sources is
 * one entity.
 */
export type EntityKey = `${EntityType}:${string}`;

export const entityKey = (type: EntityType, id: string | number): EntityKey => `${type}:${id}`;

export function parseEntityKey(key: string): { type: EntityType; id: string } {
  const colon = key.indexOf(':');
  return { type: key.slice(0, colon) as EntityType, id: key.slice(colon + 1) };
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

/** Fills the details an import lacks (poster, photo, biography) from an online source, e.g. TMDB. */
export interface DetailsEnricher {
  /** Poster, overview, dates, runtime, votes... of a movie by TMDB id; null when off, unknown or failing. */
  enrichMovie(tmdbId: number | string): Promise<EntityDetails | null>;
  /** Profile photo, biography, birthday, birthplace... of a person by TMDB id; null when off, unknown or failing. */
  enrichPerson(tmdbId: number | string): Promise<EntityDetails | null>;
}
