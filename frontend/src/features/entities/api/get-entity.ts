import type { EntityDetail, EntityType } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/entity/:type/:id: the entity page's data; rejects with a 404 when it does not exist. */
export function getEntity(type: EntityType, id: string, signal?: AbortSignal): Promise<EntityDetail> {
  return api.get('/api/entity/:type/:id', { params: { type, id }, signal });
}

export const entityKey = (type: string, id: string) => ['entity', type, id] as const;

/** One entity's details; disabled while `type` or `id` is missing. */
export function useEntity(type: EntityType | null | undefined, id: string | null | undefined) {
  return useQuery({
    queryKey: entityKey(type ?? '', id ?? ''),
    queryFn: ({ signal }) => getEntity(type!, id!, signal),
    enabled: Boolean(type && id),
  });
}
