import { useQueryClient } from '@tanstack/react-query';
import { REVIEWS_QUERY_ROOT } from './query-keys';

/** After a write: every reviews list (the entity's, a profile's) is read again. */
export function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [REVIEWS_QUERY_ROOT] });
}
