import { ENTITY_FILMS_PAGE, type EntityFilms, type EntityType } from '@cinema-dna/shared-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** GET /api/entity/:type/:id/films: one page of the films an entity links to, most popular first. */
export function getEntityFilms(type: EntityType, id: string, page: number, signal?: AbortSignal): Promise<EntityFilms> {
  return api.get('/api/entity/:type/:id/films', { params: { type, id }, query: { page, limit: ENTITY_FILMS_PAGE }, signal });
}

export const entityFilmsKey = (type: string, id: string) => ['entity-films', type, id] as const;

/** An entity's films, a page at a time: `fetchNextPage` adds the next page under the ones shown. */
export function useEntityFilms(type: EntityType, id: string) {
  return useInfiniteQuery({
    queryKey: entityFilmsKey(type, id),
    queryFn: ({ pageParam, signal }) => getEntityFilms(type, id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}
