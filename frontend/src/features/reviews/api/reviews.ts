import type { EntityReviews, EntityType, Review, ReviewCreate, ReviewUpdate, UserReviews } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Every reviews query starts with this, so a write refreshes the entity's list and any profile's. */
export const REVIEWS_QUERY_ROOT = 'reviews';
export const reviewQueryKeys = {
  entity: (type: EntityType, id: string) => [REVIEWS_QUERY_ROOT, 'entity', type, id] as const,
  user: (userId: number) => [REVIEWS_QUERY_ROOT, 'user', userId] as const,
};

/** GET /api/entity/:type/:id/reviews: newest first, with count and average. */
export function getEntityReviews(type: EntityType, id: string, signal?: AbortSignal): Promise<EntityReviews> {
  return apiFetch<EntityReviews>(`/api/entity/${encodeURIComponent(type)}/${encodeURIComponent(id)}/reviews`, { signal });
}

/** GET /api/users/:id/reviews: a user's reviews, newest first. */
export function getUserReviews(userId: number, signal?: AbortSignal): Promise<UserReviews> {
  return apiFetch<UserReviews>(`/api/users/${encodeURIComponent(userId)}/reviews`, { signal });
}

export const createReview = (body: ReviewCreate) => apiFetch<Review>('/api/reviews', { method: 'POST', body });
export const updateReview = ({ reviewId, body }: { reviewId: number; body: ReviewUpdate }) =>
  apiFetch<Review>(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: 'PATCH', body });
export const deleteReview = (reviewId: number) => apiFetch<void>(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: 'DELETE' });

/** An entity's reviews (public). */
export function useEntityReviews(type: EntityType, id: string) {
  return useQuery({ queryKey: reviewQueryKeys.entity(type, id), queryFn: ({ signal }) => getEntityReviews(type, id, signal) });
}

/** A user's reviews (public), for the profile's Reviews tab. */
export function useUserReviews(userId: number | null | undefined) {
  return useQuery({
    queryKey: reviewQueryKeys.user(userId ?? 0),
    queryFn: ({ signal }) => getUserReviews(userId!, signal),
    enabled: typeof userId === 'number',
    select: (data) => data.reviews,
  });
}

function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [REVIEWS_QUERY_ROOT] });
}

export function useCreateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: createReview, onSuccess: () => refresh() });
}

export function useUpdateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: updateReview, onSuccess: () => refresh() });
}

export function useDeleteReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => refresh() });
}
