import { WatchlistSchema, type WatchlistItem } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/watchlist: the profile's Lists tab, newest addition first. */
export async function getUserWatchlist(userId: number, signal?: AbortSignal): Promise<WatchlistItem[]> {
  return WatchlistSchema.parse(await api.get('/api/users/:id/watchlist', { params: { id: userId }, signal })).items;
}

export function useUserWatchlist(userId: number) {
  return useQuery({ queryKey: profileQueryKeys.watchlist(userId), queryFn: ({ signal }) => getUserWatchlist(userId, signal), staleTime: 0 });
}
