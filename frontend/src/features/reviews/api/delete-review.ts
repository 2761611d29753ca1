import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { useRefreshReviews } from './use-refresh-reviews';

/** DELETE /api/reviews/:reviewId (204): the author only. */
export const deleteReview = (reviewId: number) => api.delete('/api/reviews/:reviewId', { params: { reviewId } });

export function useDeleteReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => refresh() });
}
