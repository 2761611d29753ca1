import type { UserReviews } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewQueryKeys } from './query-keys';

/** GET /api/users/:id/reviews: a user's reviews, newest first. */
export function getUserReviews(userId: number, signal?: AbortSignal): Promise<UserReviews> {
  return apiFetch<UserReviews>(`/api/users/${encodeURIComponent(userId)}/reviews`, { signal });
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
