import { POPULAR_PEOPLE_LIMIT, PopularPeopleSchema, TrendingMoviesSchema } from '@cinema-dna/shared-types';
import { apiUrl } from '../../../lib/api-client-typed';
import { TRENDING_READ_LIMIT, trendingMoviesQuery } from './get-trending-movies';
import { discoveryQueryKeys } from './query-keys';

/**
 * What the Trending tab (the page's first tab) reads, for the server's first paint of /discovery
 * (src/entry-server.tsx): each query's key, its public path and the part of the answer its function keeps.
 */
export function trendingTabQueries() {
  return [
    { queryKey: trendingMoviesQuery().queryKey, path: apiUrl('/api/movies/trending', undefined, { limit: TRENDING_READ_LIMIT }), select: (answer: unknown) => TrendingMoviesSchema.parse(answer) },
    {
      queryKey: discoveryQueryKeys.popularPeople(POPULAR_PEOPLE_LIMIT),
      path: apiUrl('/api/people/popular', undefined, { limit: POPULAR_PEOPLE_LIMIT }),
      select: (answer: unknown) => PopularPeopleSchema.parse(answer).people,
    },
  ];
}
