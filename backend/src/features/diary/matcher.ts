/**
 * Matching the films of an upload against the catalog: by TMDB or IMDb id when the row carries one,
 * else by normalized title and year (a year one off only when that finds exactly one film).
 */
import type { ImportCandidate, ImportMatchStatus } from '@cinema-dna/shared-types';
import type { CatalogMovie, DiaryCatalog } from './ports.js';
import { SLICE_MS, yieldToEventLoop, type TimeSlices } from './time-slices.js';

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
  /** normalizeTitle(name), when the caller has it already (the upload worker computes it). */
  title?: string;
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
// Built a slice at a time: a catalog of a million films takes seconds to normalize, and no request
// may wait that long behind it. Shared by the imports that need it meanwhile; no deadline of theirs
// stops it.
const indexes = new WeakMap<object, Promise<Map<string, string[]>>>();
function titleIndex(titles: readonly { movieId: string; title: string }[]): Promise<Map<string, string[]>> {
  let index = indexes.get(titles);
  if (!index) {
    index = (async () => {
      const built = new Map<string, string[]>();
      let sliceStart = performance.now();
      for (let position = 0; position < titles.length; position++) {
        const { movieId, title } = titles[position]!;
        const key = normalizeTitle(title);
        const ids = built.get(key);
        if (ids) ids.push(movieId);
        else built.set(key, [movieId]);
        if (position % 256 === 255 && performance.now() - sliceStart > SLICE_MS) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
      return built;
    })();
    indexes.set(titles, index);
  }
  return index;
}

const toCandidate = (movie: CatalogMovie): ImportCandidate => ({ movieId: movie.movieId, title: movie.title, year: movie.year, posterPath: movie.posterPath });
/** Oldest first, then by id: a stable order for candidates. */
const byYear = (a: CatalogMovie, b: CatalogMovie) => (a.year ?? 0) - (b.year ?? 0) || a.movieId.localeCompare(b.movieId);

/**
 * Matches every film of an upload with a few catalog reads (not one per film). Given `slices`, it
 * yields to the event loop between films and stops at their deadline: the caller passes films a
 * chunk at a time, so each read stays short too.
 */
export async function matchFilms(films: readonly FilmToMatch[], catalog: DiaryCatalog, slices?: TimeSlices): Promise<Map<string, FilmMatch>> {
  const index = await titleIndex(catalog.titles());
  await slices?.pause();
  const byIds = await catalog.byExternalIds({
    tmdb: films.flatMap((film) => (film.tmdbId ? [film.tmdbId] : [])),
    imdb: films.flatMap((film) => (film.imdbId ? [film.imdbId] : [])),
  });
  const idOf = (film: FilmToMatch) => (film.tmdbId && byIds.tmdb.get(film.tmdbId)) || (film.imdbId && byIds.imdb.get(film.imdbId)) || null;
  const titled = (film: FilmToMatch) => index.get(film.title ?? normalizeTitle(film.name)) ?? [];

  const wanted = new Set<string>();
  for (const film of films) {
    const id = idOf(film);
    for (const movieId of id ? [id] : titled(film)) wanted.add(movieId);
    await slices?.pause();
  }
  const movies = await catalog.movies([...wanted]);

  const result = new Map<string, FilmMatch>();
  for (const film of films) {
    const id = idOf(film);
    const exact = id ? movies.get(id) : undefined;
    if (exact) result.set(film.key, { status: 'matched', match: toCandidate(exact), candidates: [] });
    else result.set(film.key, decide(film.year, titled(film).flatMap((movieId) => movies.get(movieId) ?? [])));
    await slices?.pause();
  }
  return result;
}

/**
 * A row with a year: the film of that title and year, or a year one off if that finds one alone; two
 * of one year are ambiguous. A row without a year is never matched on its own, even to the catalog's
 * only film of that title ('The Host' may be 2006's or 2013's, and the catalog may lack one): it is
 * ambiguous, for the member to settle.
 */
function decide(year: number | null, found: CatalogMovie[]): FilmMatch {
  const one = (movie: CatalogMovie): FilmMatch => ({ status: 'matched', match: toCandidate(movie), candidates: [] });
  const several = (movies: CatalogMovie[]): FilmMatch => ({ status: 'ambiguous', match: null, candidates: movies.toSorted(byYear).slice(0, MAX_CANDIDATES).map(toCandidate) });
  const none: FilmMatch = { status: 'unmatched', match: null, candidates: [] };
  if (found.length === 0) return none;
  if (year === null) return several(found);
  const sameYear = found.filter((movie) => movie.year === year);
  if (sameYear.length === 1) return one(sameYear[0]!);
  if (sameYear.length > 1) return several(sameYear);
  // Release years differ by country and source: one year off counts, but only when it is unambiguous.
  const near = found.filter((movie) => movie.year !== null && Math.abs(movie.year - year) === 1);
  if (near.length === 1) return one(near[0]!);
  if (near.length > 1) return several(near);
  return none;
}
