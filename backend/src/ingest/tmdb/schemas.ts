import { z } from 'zod';

/**
 * The parts of TMDB API v3 bodies the importer and the enricher read (see shared/fixtures/tmdb-api).
 * Zod objects drop every other key, so a parsed body is also the trimmed record the crawl caches.
 * TMDB sends null (images, dates, imdb_id) or "" (overview, release_date, biography) for unknowns.
 */
const text = z.string().nullish();
const count = z.number().nullish();

/** `GET /movie/popular`, `/movie/top_rated`. */
export const TmdbMovieListPageSchema = z.object({
  page: z.number(),
  total_pages: z.number(),
  results: z.array(z.object({ id: z.number().int() })),
});
export type TmdbMovieListPage = z.infer<typeof TmdbMovieListPageSchema>;

const CreditPersonFields = {
  id: z.number().int(),
  name: z.string(),
  known_for_department: text,
  popularity: count,
  profile_path: text,
};

export const TmdbCastCreditSchema = z.object({ ...CreditPersonFields, character: text, order: count });
export const TmdbCrewCreditSchema = z.object({ ...CreditPersonFields, department: text, job: z.string() });
export type TmdbCastCredit = z.infer<typeof TmdbCastCreditSchema>;
export type TmdbCrewCredit = z.infer<typeof TmdbCrewCreditSchema>;

/** `GET /movie/{id}?append_to_response=credits,keywords` (credits and keywords absent without the append). */
export const TmdbMovieDetailsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imdb_id: text,
  overview: text,
  release_date: text,
  runtime: count,
  popularity: count,
  vote_average: count,
  vote_count: count,
  poster_path: text,
  original_language: text,
  belongs_to_collection: z.object({ id: z.number().int(), name: z.string(), poster_path: text }).nullish(),
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })).nullish(),
  production_companies: z.array(z.object({ id: z.number().int(), name: z.string(), logo_path: text, origin_country: text })).nullish(),
  production_countries: z.array(z.object({ iso_3166_1: z.string(), name: z.string() })).nullish(),
  credits: z.object({ cast: z.array(TmdbCastCreditSchema), crew: z.array(TmdbCrewCreditSchema) }).nullish(),
  keywords: z.object({ keywords: z.array(z.object({ id: z.number().int(), name: z.string() })) }).nullish(),
});
export type TmdbMovieDetails = z.infer<typeof TmdbMovieDetailsSchema>;

/** `GET /person/{id}`. */
export const TmdbPersonDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imdb_id: text,
  biography: text,
  birthday: text,
  deathday: text,
  place_of_birth: text,
  profile_path: text,
  known_for_department: text,
  popularity: count,
});
export type TmdbPersonDetails = z.infer<typeof TmdbPersonDetailsSchema>;

/** Every TMDB error body: `{status_code, status_message}`, some with `success: false` after them. */
export const TmdbErrorBodySchema = z.object({ status_code: z.number(), status_message: z.string(), success: z.boolean().optional() });
export type TmdbErrorBody = z.infer<typeof TmdbErrorBodySchema>;
