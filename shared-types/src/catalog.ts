import { z } from 'zod';
import { EntitySummarySchema, EntityTypeSchema } from './entities.js';
import { text } from './text.js';

/** GET /api/search?q=&type=&limit= (typeahead; from 2 characters, default limit 20). */
export const SearchQuerySchema = z.object({
  q: text().trim().min(2, 'Search needs at least 2 characters').max(100),
  type: EntityTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const SearchResponseSchema = z.object({ results: z.array(EntitySummarySchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const SORT_FIELDS = ['popularity', 'release_date', 'vote_average', 'vote_count', 'title'] as const;
export const FILTER_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'ja', 'ko', 'zh', 'hi', 'ru'] as const;
export const FILTER_AWARDS = [
  'oscar-winner', 'oscar-nominee', 'golden-globe-winner', 'golden-globe-nominee', 'bafta-winner', 'bafta-nominee',
  'cannes-winner', 'venice-winner', 'berlin-winner',
] as const;

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item));

/** GET /api/search/faceted: the spec's filter object as query parameters (lists comma-separated). */
export const FacetedSearchQuerySchema = z.object({
  query: text().trim().min(2, 'Search needs at least 2 characters').max(100),
  entityTypes: list(EntityTypeSchema).default(['movie', 'person']),
  yearFrom: z.coerce.number().int().min(1870).max(2100).default(1900),
  yearTo: z.coerce.number().int().min(1870).max(2100).default(2030),
  ratingFrom: z.coerce.number().min(0).max(10).default(0),
  ratingTo: z.coerce.number().min(0).max(10).default(10),
  genres: list(text().min(1).max(60)).default([]),
  countries: list(text().min(1).max(60)).default([]),
  languages: list(z.enum(FILTER_LANGUAGES)).default([]),
  awards: list(z.enum(FILTER_AWARDS)).default([]),
  sortBy: z.enum(SORT_FIELDS).default('popularity'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type FacetedSearchQuery = z.input<typeof FacetedSearchQuerySchema>;
export const FacetedSearchResponseSchema = z.object({
  results: z.array(EntitySummarySchema.extend({ vote_average: z.number().nullable() })),
  total: z.number().int(),
});
export type FacetedSearchResponse = z.infer<typeof FacetedSearchResponseSchema>;

/** Spec §2 entity detail page. */
export const EntityDetailSchema = EntitySummarySchema.extend({
  // person
  known_for_department: z.string().nullable(),
  birthday: z.string().nullable(),
  place_of_birth: z.string().nullable(),
  biography: z.string().nullable(),
  filmography: z.array(
    z.object({ id: z.string(), key: z.string(), title: z.string(), poster_path: z.string().nullable(), year: z.number().nullable(), character: z.string().nullable(), job: z.string().nullable() }),
  ),
  // movie
  runtime: z.number().nullable(),
  vote_average: z.number().nullable(),
  vote_count: z.number().nullable(),
  genres: z.array(z.object({ id: z.string(), name: z.string() })),
  cast: z.array(z.object({ id: z.string(), key: z.string(), name: z.string(), character: z.string().nullable(), profile_path: z.string().nullable() })),
  crew: z.array(z.object({ id: z.string(), key: z.string(), name: z.string(), job: z.string() })),
  // every type: how connected it is
  connectionCount: z.number().int(),
});
export type EntityDetail = z.infer<typeof EntityDetailSchema>;

/** GET /api/stats: the hero numbers, counted on the loaded graph. */
export const GraphStatsSchema = z.object({
  entities: z.number().int(),
  links: z.number().int(),
  byType: z.record(EntityTypeSchema, z.number().int()),
  people: z.record(z.string(), z.number().int()),
});
export type GraphStats = z.infer<typeof GraphStatsSchema>;

export const NamedListSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })) });
export type NamedList = z.infer<typeof NamedListSchema>;

/** A page of an entity's films: 24 at a time, up to 48. */
export const ENTITY_FILMS_PAGE = 24;
export const ENTITY_FILMS_PAGE_MAX = 48;

/** GET /api/entity/:type/:id/films?page=&limit=: page 1 is the best-known films. */
export const EntityFilmsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ENTITY_FILMS_PAGE_MAX).default(ENTITY_FILMS_PAGE),
});
export type EntityFilmsQuery = z.input<typeof EntityFilmsQuerySchema>;

/** The films an entity links to (a genre's, a company's, a keyword's…), most popular first, one page of them. */
export const EntityFilmsSchema = z.object({
  films: z.array(
    z.object({ id: z.string(), key: z.string(), title: z.string(), poster_path: z.string().nullable(), year: z.number().nullable(), vote_average: z.number().nullable() }),
  ),
  /** Every film linked, on all pages. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type EntityFilms = z.infer<typeof EntityFilmsSchema>;
