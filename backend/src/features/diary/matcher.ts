/**
 * Matching the films of an upload against the catalog: by TMDB or IMDb id when the row carries one,
 * else by normalized title and year (a year one off only when that finds exactly one film).
 */
import type { ImportCandidate, ImportMatchStatus } from '@cinema-dna/shared-types';
import type { CatalogMovie, DiaryCatalog } from './ports.js';

/** Candidates listed for an ambiguous film. */
export const MAX_CANDIDATES = 5;

/**
 * Title as compared: accents, case, punctuation and "&"/"and" do not matter ("WALL·E" = "WALL-E",
 * "Schindler’s List" = "Schindlers List").
 */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The film of an upload to match (rows of several files may share it). */
export interface FilmToMatch {
  key: string;
  name: string;
  year: number | null;
  tmdbId: string | null;
  imdbId: string | null;
}

export interface FilmMatch {
  status: ImportMatchStatus;
  match: ImportCandidate | null;
  candidates: ImportCandidate[];
}

/** The key that groups an upload's rows into films: its ids when it has them, else title and year. */
export function filmKey(row: { name: string; year: number | null; tmdbId: string | null; imdbId: string | null }): string {
  if (row.tmdbId) return `tmdb:${row.tmdbId}`;
  if (row.imdbId) return `imdb:${row.imdbId}`;
  return `${normalizeTitle(row.name)}|${row.year ?? ''}`;
}

// The index of the catalog's titles, built once per list (a new list comes with a reloaded graph).
const indexes = new WeakMap<object, Map<string, string[]>>();
function titleIndex(titles: readonly { movieId: string; title: string }[]): Map<string, string[]> {
  let index = indexes.get(titles);
  if (!index) {
    index = new Map();
    for (const { movieId, title } of titles) {
      const key = normalizeTitle(title);
      const ids = index.get(key);
      if (ids) ids.push(movieId);
      else index.set(key, [movieId]);
    }
    indexes.set(titles, index);
  }
  return index;
}

const toCandidate = (movie: CatalogMovie): ImportCandidate => ({ movieId: movie.movieId, title: movie.title, year: movie.year, posterPath: movie.posterPath });
/** Oldest first, then by id: a stable order for candidates. */
const byYear = (a: CatalogMovie, b: CatalogMovie) => (a.year ?? 0) - (b.year ?? 0) || a.movieId.localeCompare(b.movieId);

/** Matches every film of an upload (a few catalog reads in all, not one per film). */
export async function matchFilms(films: readonly FilmToMatch[], catalog: DiaryCatalog): Promise<Map<string, FilmMatch>> {
  const index = titleIndex(catalog.titles());
  const byIds = await catalog.byExternalIds({
    tmdb: films.flatMap((film) => (film.tmdbId ? [film.tmdbId] : [])),
    imdb: films.flatMap((film) => (film.imdbId ? [film.imdbId] : [])),
  });
  const idOf = (film: FilmToMatch) => (film.tmdbId && byIds.tmdb.get(film.tmdbId)) || (film.imdbId && byIds.imdb.get(film.imdbId)) || null;
  const titled = (film: FilmToMatch) => index.get(normalizeTitle(film.name)) ?? [];

  const wanted = new Set<string>();
  for (const film of films) {
    const id = idOf(film);
    for (const movieId of id ? [id] : titled(film)) wanted.add(movieId);
  }
  const movies = await catalog.movies([...wanted]);

  const result = new Map<string, FilmMatch>();
  for (const film of films) {
    const id = idOf(film);
    const exact = id ? movies.get(id) : undefined;
    if (exact) {
      result.set(film.key, { status: 'matched', match: toCandidate(exact), candidates: [] });
      continue;
    }
    const found = titled(film).flatMap((movieId) => movies.get(movieId) ?? []);
    result.set(film.key, decide(film.year, found));
  }
  return result;
}

/** One film of the same title: that one; several: the year decides, or a year one off if it finds one alone. */
function decide(year: number | null, found: CatalogMovie[]): FilmMatch {
  const one = (movie: CatalogMovie): FilmMatch => ({ status: 'matched', match: toCandidate(movie), candidates: [] });
  const several = (movies: CatalogMovie[]): FilmMatch => ({ status: 'ambiguous', match: null, candidates: movies.toSorted(byYear).slice(0, MAX_CANDIDATES).map(toCandidate) });
  const none: FilmMatch = { status: 'unmatched', match: null, candidates: [] };
  if (found.length === 0) return none;
  if (year === null) return found.length === 1 ? one(found[0]!) : several(found);
  const sameYear = found.filter((movie) => movie.year === year);
  if (sameYear.length === 1) return one(sameYear[0]!);
  if (sameYear.length > 1) return several(sameYear);
  // Release years differ by country and source: one year off counts, but only when it is unambiguous.
  const near = found.filter((movie) => movie.year !== null && Math.abs(movie.year - year) === 1);
  if (near.length === 1) return one(near[0]!);
  if (near.length > 1) return several(near);
  return none;
}
