import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRefreshReviews } from './use-refresh-reviews';

/** DELETE /api/reviews/:reviewId (204): the author only. */
export const deleteReview = (reviewId: number) => apiFetch<void>(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: 'DELETE' });

export function useDeleteReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => refresh() });
}
