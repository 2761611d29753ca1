import { EntityTypeSchema, FacetedSearchQuerySchema, SearchQuerySchema } from '@cinema-dna/shared-types';
import { z } from 'zod';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { parseInput } from '../../platform/errors.js';
import type { EntityService } from './service.js';

const EntityParamsSchema = z.object({ type: EntityTypeSchema, id: z.string().min(1).max(150) });

/** Typeahead, faceted search, entity pages, hero numbers, and the genre/country lists. */
export function entityRoutes(routes: ApiRoutes, service: EntityService): void {
  routes.get('/search', 'public', async (req, res) => {
    const { q, type, limit } = parseInput(SearchQuerySchema, req.query, 'Search');
    res.json({ results: await service.search(q, type, limit) });
  });
  routes.get('/search/faceted', 'public', async (req, res) => {
    res.json(await service.faceted(parseInput(FacetedSearchQuerySchema, req.query, 'Search')));
  });
  routes.get('/entity/:type/:id', 'public', async (req, res) => {
    const { type, id } = parseInput(EntityParamsSchema, req.params, 'Entity');
    res.json(await service.detail(type, id));
  });
  routes.get('/stats', 'public', (_req, res) => {
    res.json(service.stats());
  });
  routes.get('/genres', 'public', (_req, res) => {
    res.json(service.namedList('genre'));
  });
  routes.get('/countries', 'public', (_req, res) => {
    res.json(service.namedList('location'));
  });
}
