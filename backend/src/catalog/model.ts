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
