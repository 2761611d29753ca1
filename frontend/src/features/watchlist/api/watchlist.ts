import type { Watchlist, WatchlistAdd, WatchlistItem, WatchedMark } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { apiFetch } from '../../../lib/api-client';
import { authState } from '../../auth';

/** Every watchlist query starts with this (yours and any profile's). */
export const WATCHLIST_QUERY_ROOT = 'watchlist';
export const watchlistQueryKeys = {
  mine: (userId: number) => [WATCHLIST_QUERY_ROOT, 'me', userId] as const,
  user: (userId: number) => [WATCHLIST_QUERY_ROOT, 'user', userId] as const,
};

/** GET /api/watchlist: yours, newest addition first. */
export const getMyWatchlist = (signal?: AbortSignal) => apiFetch<Watchlist>('/api/watchlist', { signal });
/** GET /api/users/:id/watchlist: a user's list (the profile's Lists tab). */
export const getUserWatchlist = (userId: number, signal?: AbortSignal) => apiFetch<Watchlist>(`/api/users/${encodeURIComponent(userId)}/watchlist`, { signal });
/** POST /api/watchlist (movieId, movieTitle, posterPath). */
export const addToWatchlist = (body: WatchlistAdd) => apiFetch<WatchlistItem>('/api/watchlist', { method: 'POST', body });
/** DELETE /api/watchlist/:movieId. */
export const removeFromWatchlist = (movieId: string) => apiFetch<void>(`/api/watchlist/${encodeURIComponent(movieId)}`, { method: 'DELETE' });
/** POST /api/watched (movieId, movieTitle, posterPath, rating): marks watched, adding the movie when missing. */
export const markWatched = (body: WatchedMark) => apiFetch<WatchlistItem>('/api/watched', { method: 'POST', body });

/**
 * A watchlist: the signed-in user's own when `userId` is omitted (asked only while signed in), or
 * the given user's. The items are newest addition first.
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

function useWatchlistWrite<TInput>(write: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WATCHLIST_QUERY_ROOT] }),
  });
}

export const useAddToWatchlist = () => useWatchlistWrite(addToWatchlist);
export const useRemoveFromWatchlist = () => useWatchlistWrite(removeFromWatchlist);
export const useMarkWatched = () => useWatchlistWrite(markWatched);
