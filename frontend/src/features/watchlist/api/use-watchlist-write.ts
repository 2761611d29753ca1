import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WATCHLIST_QUERY_ROOT } from './query-keys';

/** A watchlist write; every watchlist (yours, a profile's) is read again afterwards, whatever the answer. */
export function useWatchlistWrite<TInput>(write: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WATCHLIST_QUERY_ROOT] }),
  });
}
