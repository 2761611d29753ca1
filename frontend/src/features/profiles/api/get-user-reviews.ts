import { UserReviewsSchema, type Review } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/reviews: public, newest first. */
export async function getUserReviews(userId: number, signal?: AbortSignal): Promise<Review[]> {
  return UserReviewsSchema.parse(await apiFetch<unknown>(`/api/users/${userId}/reviews`, { signal })).reviews;
}

export function useUserReviews(userId: number) {
  return useQuery({ queryKey: profileQueryKeys.reviews(userId), queryFn: ({ signal }) => getUserReviews(userId, signal), staleTime: 0 });
}
