import { WatchlistSchema, type WatchlistItem } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/watchlist: the profile's Lists tab, newest addition first. */
export async function getUserWatchlist(userId: number, signal?: AbortSignal): Promise<WatchlistItem[]> {
  return WatchlistSchema.parse(await apiFetch<unknown>(`/api/users/${userId}/watchlist`, { signal })).items;
}

export function useUserWatchlist(userId: number) {
  return useQuery({ queryKey: profileQueryKeys.watchlist(userId), queryFn: ({ signal }) => getUserWatchlist(userId, signal), staleTime: 0 });
}
