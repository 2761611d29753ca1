import { z } from 'zod';
import { AwardWinnersSchema, DISCOVERY_LIST_MAX, DatedMovieListSchema, DiscoveryListQuerySchema, MoodSelectorSchema, POPULAR_PEOPLE_LIMIT, PopularPeopleSchema, PopularSocialSchema, RecommendationsSchema, SurpriseSchema, TopRatedSchema, TrendingMoviesSchema, TrendingQuerySchema } from '../discovery.js';
import { defineRoutes } from './define.js';

const PeopleQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(DISCOVERY_LIST_MAX).default(POPULAR_PEOPLE_LIMIT) });

/** The discovery routes: paths, and the schemas of their params, query, body and answers. */
export const discoveryRoutes = defineRoutes({
  'GET /api/movies/trending': { query: TrendingQuerySchema, responses: { 200: TrendingMoviesSchema } },
  'GET /api/people/popular': { query: PeopleQuerySchema, responses: { 200: PopularPeopleSchema } },
  'GET /api/movies/top-rated': { query: DiscoveryListQuerySchema, responses: { 200: TopRatedSchema } },
  'GET /api/movies/recent': { query: DiscoveryListQuerySchema, responses: { 200: DatedMovieListSchema } },
  'GET /api/movies/upcoming': { query: DiscoveryListQuerySchema, responses: { 200: DatedMovieListSchema } },
  'GET /api/movies/award-winners': { query: DiscoveryListQuerySchema, responses: { 200: AwardWinnersSchema } },
  'GET /api/movies/surprise': { responses: { 200: SurpriseSchema } },
  'GET /api/movies/mood-selector': { query: DiscoveryListQuerySchema, responses: { 200: MoodSelectorSchema } },
  'GET /api/movies/popular-social': { query: DiscoveryListQuerySchema, responses: { 200: PopularSocialSchema } },
  'GET /api/recommendations': { responses: { 200: RecommendationsSchema } },
});
