import type { ReviewCreate } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { useRefreshReviews } from './use-refresh-reviews';

/** POST /api/reviews (201); a second review of the same entity is a 409. */
export const createReview = (body: ReviewCreate) => api.post('/api/reviews', { body });

export function useCreateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: createReview, onSuccess: () => refresh() });
}
