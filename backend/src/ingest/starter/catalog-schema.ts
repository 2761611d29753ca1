import { z } from 'zod';

/**
 * The hand-curated starter catalog: real, well-known facts only, written by people, read by
 * `npm run data:starter`. People are referenced by their exact display name; ids are derived
 * slugs, so the same person written in two files is one entity.
 */

/** TMDB's 19 movie genres (see shared/fixtures/tmdb-api/genre-movie-list.json). */
export const TMDB_GENRES = [
  'Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family',
  'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Science Fiction', 'TV Movie',
  'Thriller', 'War', 'Western',
] as const;

/** Award bodies the product knows (spec §9 awards filter). */
export const AWARD_BODIES = [
  'Academy Awards', 'Golden Globe Awards', 'BAFTA Awards', 'Cannes Film Festival',
  'Venice Film Festival', 'Berlin International Film Festival',
] as const;

const Year = z.number().int().min(1888).max(2026);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Name = z.string().trim().min(1).max(200);

export const CatalogAwardSchema = z.strictObject({
  award: z.enum(AWARD_BODIES),
  /** e.g. "Best Picture", "Palme d'Or", "Golden Lion", "Best Actor". */
  category: Name,
  result: z.enum(['won', 'nominated']),
  /** Ceremony year. */
  year: Year,
});

export const CatalogPersonAwardSchema = CatalogAwardSchema.extend({
  /** Movie id the award was for, when it was for one film in this catalog. */
  movie: z.string().optional(),
});

export const CatalogMovieSchema = z.strictObject({
  /** Slug of title + year, e.g. "the-matrix-1999". Unique across all catalog files. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: Name,
  year: Year,
  releaseDate: IsoDate.optional(),
  /** Minutes. */
  runtime: z.number().int().min(1).max(1000).optional(),
  /** ISO 639-1. */
  originalLanguage: z.string().regex(/^[a-z]{2}$/),
  /** One or two sentences in our own words. */
  overview: z.string().min(10).max(600),
  genres: z.array(z.enum(TMDB_GENRES)).min(1),
  keywords: z.array(Name).default([]),
  /** Countries the film was shot in (location entities). */
  countries: z.array(Name).default([]),
  companies: z.array(Name).default([]),
  collection: Name.optional(),
  directors: z.array(Name).min(1),
  writers: z.array(Name).default([]),
  producers: z.array(Name).default([]),
  composers: z.array(Name).default([]),
  /** Top-billed cast in billing order. */
  cast: z.array(z.strictObject({ name: Name, character: Name.optional() })).min(1),
  awards: z.array(CatalogAwardSchema).default([]),
});

export const CatalogPersonSchema = z.strictObject({
  name: Name,
  birthday: IsoDate.optional(),
  placeOfBirth: Name.optional(),
  knownForDepartment: z.enum(['Acting', 'Directing', 'Writing', 'Production', 'Sound', 'Camera', 'Editing']).optional(),
  /** Two or three sentences in our own words. */
  biography: z.string().max(1200).optional(),
  awards: z.array(CatalogPersonAwardSchema).default([]),
});

export const CatalogFileSchema = z.strictObject({
  movies: z.array(CatalogMovieSchema),
  people: z.array(CatalogPersonSchema).default([]),
});
export type CatalogFile = z.infer<typeof CatalogFileSchema>;
export type CatalogMovie = z.infer<typeof CatalogMovieSchema>;
export type CatalogPerson = z.infer<typeof CatalogPersonSchema>;
