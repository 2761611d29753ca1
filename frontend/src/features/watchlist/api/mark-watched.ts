import type { WatchedMark, WatchlistItem } from '@cinema-dna/shared-types';
import { apiFetch } from '../../../lib/api-client';
import { useWatchlistWrite } from './use-watchlist-write';

/** POST /api/watched (movieId, movieTitle, posterPath, rating): marks watched, adding the movie when missing. */
export const markWatched = (body: WatchedMark) => apiFetch<WatchlistItem>('/api/watched', { method: 'POST', body });
export const useMarkWatched = () => useWatchlistWrite(markWatched);
