import type { UserReviews } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { reviewQueryKeys } from './query-keys';

/** GET /api/users/:id/reviews: a user's reviews, newest first. */
export function getUserReviews(userId: number, signal?: AbortSignal): Promise<UserReviews> {
  return api.get('/api/users/:id/reviews', { params: { id: userId }, signal });
}

/** A user's reviews (public), for the profile's Reviews tab; idle until the id is known. */
export function useUserReviews(userId: number | null | undefined) {
  return useQuery({
    queryKey: reviewQueryKeys.user(userId ?? 0),
    queryFn: ({ signal }) => getUserReviews(userId!, signal),
    enabled: typeof userId === 'number',
    select: (data) => data.reviews,
  });
}
