import type { WatchedMark } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';
import { useWatchlistWrite } from './use-watchlist-write';

/** POST /api/watched (movieId, movieTitle, posterPath, rating): marks watched, adding the movie when missing. */
export const markWatched = (body: WatchedMark) => api.post('/api/watched', { body });
export const useMarkWatched = () => useWatchlistWrite(markWatched);
