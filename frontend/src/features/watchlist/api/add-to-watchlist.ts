import type { WatchlistAdd } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';
import { useWatchlistWrite } from './use-watchlist-write';

/** POST /api/watchlist (movieId, movieTitle, posterPath): 201, or 409 when already listed. */
export const addToWatchlist = (body: WatchlistAdd) => api.post('/api/watchlist', { body });
export const useAddToWatchlist = () => useWatchlistWrite(addToWatchlist);
