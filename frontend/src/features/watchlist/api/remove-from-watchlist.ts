import { api } from '../../../lib/api-client-typed';
import { useWatchlistWrite } from './use-watchlist-write';

/** DELETE /api/watchlist/:movieId (204). */
export const removeFromWatchlist = (movieId: string) => api.delete('/api/watchlist/:movieId', { params: { movieId } });
export const useRemoveFromWatchlist = () => useWatchlistWrite(removeFromWatchlist);
