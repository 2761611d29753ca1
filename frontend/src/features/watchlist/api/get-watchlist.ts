import type { WatchlistItem } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { watchlistQueryKeys } from './query-keys';

/** GET /api/watchlist: yours, newest addition first. */
export const getMyWatchlist = (signal?: AbortSignal) => api.get('/api/watchlist', { signal });
/** GET /api/users/:id/watchlist: a user's list (the profile's Lists tab). */
export const getUserWatchlist = (userId: number, signal?: AbortSignal) => api.get('/api/users/:id/watchlist', { params: { id: userId }, signal });

/**
 * A watchlist: the signed-in user's own when `userId` is omitted (asked only while signed in), or
 * the given user's. The items are newest addition first; empty shows WATCHLIST_TEXTS.empty.
 */
export function useWatchlist(userId?: number | null) {
  const me = useSnapshot(authState).user?.id;
  const own = userId === undefined || userId === null || userId === me;
  return useQuery({
    queryKey: own ? watchlistQueryKeys.mine(me ?? 0) : watchlistQueryKeys.user(userId),
    queryFn: ({ signal }) => (own ? getMyWatchlist(signal) : getUserWatchlist(userId, signal)),
    enabled: own ? me !== undefined : true,
    select: (data) => data.items,
  });
}

/** Your watchlist item for a movie, or undefined when it is not on your list (or while it loads). */
export function useWatchlistItem(movieId: string): { item: WatchlistItem | undefined; loading: boolean } {
  const list = useWatchlist();
  const id = movieId.startsWith('movie:') ? movieId.slice('movie:'.length) : movieId;
  return { item: list.data?.find((item) => item.movieId === id), loading: list.isLoading };
}
