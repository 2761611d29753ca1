import type { WatchlistAdd, WatchlistItem } from '@cinema-dna/shared-types';
import { apiFetch } from '../../../lib/api-client';
import { useWatchlistWrite } from './use-watchlist-write';

/** POST /api/watchlist (movieId, movieTitle, posterPath): 201, or 409 when already listed. */
export const addToWatchlist = (body: WatchlistAdd) => apiFetch<WatchlistItem>('/api/watchlist', { method: 'POST', body });
export const useAddToWatchlist = () => useWatchlistWrite(addToWatchlist);
