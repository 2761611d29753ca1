import { DIARY_SEARCH_MIN, DIARY_SEARCH_RESULTS } from '@cinema-dna/shared-types';
import { useEntitySearch } from '../../entities';

/** The diary's movie search runs only for a query longer than 2 characters (spec §5). */
export const canSearchDiaryMovies = (query: string) => query.trim().length >= DIARY_SEARCH_MIN;

/** GET /api/search?q=&type=movie&limit=8: at most 8 movies for the diary dialog. */
export function useDiaryMovieSearch(query: string) {
  const q = query.trim();
  const search = useEntitySearch({ q, type: 'movie', limit: DIARY_SEARCH_RESULTS }, canSearchDiaryMovies(q));
  const results = canSearchDiaryMovies(q) ? (search.data ?? []).filter((entity) => entity.type === 'movie').slice(0, DIARY_SEARCH_RESULTS) : [];
  return { results, isFetching: search.isFetching, isError: search.isError };
}
