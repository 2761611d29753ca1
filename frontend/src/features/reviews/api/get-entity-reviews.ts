import type { EntityReviews, EntityType } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewQueryKeys } from './query-keys';

/** GET /api/entity/:type/:id/reviews: newest first, with count and average. */
export function getEntityReviews(type: EntityType, id: string, signal?: AbortSignal): Promise<EntityReviews> {
  return apiFetch<EntityReviews>(`/api/entity/${encodeURIComponent(type)}/${encodeURIComponent(id)}/reviews`, { signal });
}

/** An entity's reviews (public). */
export function useEntityReviews(type: EntityType, id: string) {
  return useQuery({ queryKey: reviewQueryKeys.entity(type, id), queryFn: ({ signal }) => getEntityReviews(type, id, signal) });
}
