/**
 * What the diary needs from the rest of the app, as ports wired in services.ts: the diary imports
 * neither the graph, the entities feature nor the features whose rows an import or export touches.
 */
import type { DbTransaction } from '../../platform/events/index.js';

/** A movie of the catalog as the diary shows and matches it. */
export interface CatalogMovie {
  /** Without the `movie:` prefix. */
  movieId: string;
  title: string;
  year: number | null;
  posterPath: string | null;
  tmdbId: string | null;
  imdbId: string | null;
}

/** The catalog: the loaded graph and the entities' details store. */
export interface DiaryCatalog {
  hasMovie(movieId: string): boolean;
  /** A movie's title in the loaded graph (null when it holds none): what others read, never a typed title. */
  titleOf(movieId: string): string | null;
  /** Details of the movies the catalog holds (absent ids are left out). */
  movies(movieIds: readonly string[]): Promise<Map<string, CatalogMovie>>;
  /** Every movie of the loaded graph (id and title), for the importer's title index; the same array until the graph reloads. */
  titles(): readonly { movieId: string; title: string }[];
  /** Movie ids by external id (the catalog's keys or the tmdb_id/imdb_id its sources carry). */
  byExternalIds(ids: { tmdb: readonly string[]; imdb: readonly string[] }): Promise<{ tmdb: Map<string, string>; imdb: Map<string, string> }>;
}

/** A watched mark or watchlist entry an import writes (the watchlist feature's rows). */
export interface ImportedWatchlistItem {
  movieId: string;
  movieTitle: string;
  posterPath: string | null;
  watched: boolean;
  /** When marked watched (Letterboxd's date), null for a plain watchlist entry. */
  watchedAt: Date | null;
  /** When it went on the list on Letterboxd (the row's Date); null for now. */
  addedAt: Date | null;
  rating: number | null;
}

/** A review an import writes (the reviews feature's rows): whole stars, as reviews have. */
export interface ImportedReview {
  movieId: string;
  rating: number;
  title: string;
  content: string;
  /** When it was written on Letterboxd (the review's Date); null for now. */
  createdAt: Date | null;
}

/**
 * Writes of other features an import commits in its own transaction (all or nothing). Existing rows
 * are kept: each returns how many rows it added.
 */
export interface ImportWriters {
  /** Watched marks and watchlist entries: a movie already on the list is left as it is. Answers the movie ids added. */
  watchlist(tx: DbTransaction, userId: number, items: readonly ImportedWatchlistItem[]): Promise<string[]>;
  /** Reviews of movies: one per user and movie; a movie already reviewed (even a deleted review) is left as it is. Answers the movie ids reviewed now. */
  reviews(tx: DbTransaction, userId: number, items: readonly ImportedReview[]): Promise<string[]>;
}

/** Everything of a user that other features keep, for GET /api/users/me/export. */
export type UserDataExport = (userId: number) => Promise<Record<string, unknown>>;
