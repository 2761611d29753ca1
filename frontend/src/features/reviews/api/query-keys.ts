import type { EntityType } from '@cinema-dna/shared-types';

/** Every reviews query starts with this, so a write refreshes the entity's list and any profile's. */
export const REVIEWS_QUERY_ROOT = 'reviews';
export const reviewQueryKeys = {
  entity: (type: EntityType, id: string) => [REVIEWS_QUERY_ROOT, 'entity', type, id] as const,
  user: (userId: number) => [REVIEWS_QUERY_ROOT, 'user', userId] as const,
};
