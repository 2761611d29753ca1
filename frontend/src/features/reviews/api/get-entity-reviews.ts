import type { EntityReviews, EntityType } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { reviewQueryKeys } from './query-keys';

/** GET /api/entity/:type/:id/reviews: newest first, with count and average. */
export function getEntityReviews(type: EntityType, id: string, signal?: AbortSignal): Promise<EntityReviews> {
  return api.get('/api/entity/:type/:id/reviews', { params: { type, id }, signal });
}

/** An entity's reviews (public). */
export function useEntityReviews(type: EntityType, id: string) {
  return useQuery({ queryKey: reviewQueryKeys.entity(type, id), queryFn: ({ signal }) => getEntityReviews(type, id, signal) });
}
