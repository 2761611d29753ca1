import type { ReviewUpdate } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { useRefreshReviews } from './use-refresh-reviews';

/** PATCH /api/reviews/:reviewId: the author only. */
export const updateReview = ({ reviewId, body }: { reviewId: number; body: ReviewUpdate }) =>
  api.patch('/api/reviews/:reviewId', { params: { reviewId }, body });

export function useUpdateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: updateReview, onSuccess: () => refresh() });
}
