import { UserReviewsSchema, type Review } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { profileQueryKeys } from './query-keys';

/** GET /api/users/:id/reviews: public, newest first. */
export async function getUserReviews(userId: number, signal?: AbortSignal): Promise<Review[]> {
  return UserReviewsSchema.parse(await api.get('/api/users/:id/reviews', { params: { id: userId }, signal })).reviews;
}

export function useUserReviews(userId: number) {
  return useQuery({ queryKey: profileQueryKeys.reviews(userId), queryFn: ({ signal }) => getUserReviews(userId, signal), staleTime: 0 });
}
