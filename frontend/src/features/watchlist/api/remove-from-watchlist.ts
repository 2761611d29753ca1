import { apiFetch } from '../../../lib/api-client';
import { useWatchlistWrite } from './use-watchlist-write';

/** DELETE /api/watchlist/:movieId (204). */
export const removeFromWatchlist = (movieId: string) => apiFetch<void>(`/api/watchlist/${encodeURIComponent(movieId)}`, { method: 'DELETE' });
export const useRemoveFromWatchlist = () => useWatchlistWrite(removeFromWatchlist);
