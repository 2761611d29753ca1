import { DISCOVERY_LIST_LIMIT, DatedMovieListSchema, type DatedMovieList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** The two lists dated against the data's own "today". */
export type DatedListKind = 'recent' | 'upcoming';

const PATHS = { recent: '/api/movies/recent', upcoming: '/api/movies/upcoming' } as const satisfies Record<DatedListKind, string>;

/** GET /api/movies/recent (Recent Releases) or /api/movies/upcoming (Coming Soon). */
export const getDatedMovies = (kind: DatedListKind, limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<DatedMovieList> =>
  getDiscovery(api.get(PATHS[kind], { query: { limit }, signal }), DatedMovieListSchema);

export function useDatedMovies(kind: DatedListKind) {
  return useQuery({ queryKey: discoveryQueryKeys[kind](DISCOVERY_LIST_LIMIT), queryFn: ({ signal }) => getDatedMovies(kind, DISCOVERY_LIST_LIMIT, signal) });
}
