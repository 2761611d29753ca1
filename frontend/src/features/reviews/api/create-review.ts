import type { Review, ReviewCreate } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRefreshReviews } from './use-refresh-reviews';

/** POST /api/reviews (201); a second review of the same entity is a 409. */
export const createReview = (body: ReviewCreate) => apiFetch<Review>('/api/reviews', { method: 'POST', body });

export function useCreateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: createReview, onSuccess: () => refresh() });
}
