import { DISCOVERY_LIST_LIMIT, DatedMovieListSchema, type DatedMovieList } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { getDiscovery, withLimit } from './get-discovery';
import { discoveryQueryKeys } from './query-keys';

/** The two lists dated against the data's own "today". */
export type DatedListKind = 'recent' | 'upcoming';

const PATHS: Record<DatedListKind, string> = { recent: '/api/movies/recent', upcoming: '/api/movies/upcoming' };

/** GET /api/movies/recent (Recent Releases) or /api/movies/upcoming (Coming Soon). */
export const getDatedMovies = (kind: DatedListKind, limit = DISCOVERY_LIST_LIMIT, signal?: AbortSignal): Promise<DatedMovieList> =>
  getDiscovery(withLimit(PATHS[kind], limit), DatedMovieListSchema, signal);

export function useDatedMovies(kind: DatedListKind) {
  return useQuery({ queryKey: discoveryQueryKeys[kind](DISCOVERY_LIST_LIMIT), queryFn: ({ signal }) => getDatedMovies(kind, DISCOVERY_LIST_LIMIT, signal) });
}
