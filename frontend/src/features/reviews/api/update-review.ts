import type { Review, ReviewUpdate } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRefreshReviews } from './use-refresh-reviews';

/** PATCH /api/reviews/:reviewId: the author only. */
export const updateReview = ({ reviewId, body }: { reviewId: number; body: ReviewUpdate }) =>
  apiFetch<Review>(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: 'PATCH', body });

export function useUpdateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: updateReview, onSuccess: () => refresh() });
}
