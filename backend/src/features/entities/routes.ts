import { EntityTypeSchema, FacetedSearchQuerySchema, SearchQuerySchema } from '@cinema-dna/shared-types';
import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../../platform/errors.js';
import type { EntityService } from './service.js';

const EntityParamsSchema = z.object({ type: EntityTypeSchema, id: z.string().min(1).max(150) });

/** Typeahead, faceted search, entity pages, hero numbers, and the genre/country lists. */
export function entityRoutes(service: EntityService): Router {
  const router = Router();
  router.get('/search', async (req, res) => {
    const { q, type, limit } = parseInput(SearchQuerySchema, req.query, 'Search');
    res.json({ results: await service.search(q, type, limit) });
  });
  router.get('/search/faceted', async (req, res) => {
    res.json(await service.faceted(parseInput(FacetedSearchQuerySchema, req.query, 'Search')));
  });
  router.get('/entity/:type/:id', async (req, res) => {
    const { type, id } = parseInput(EntityParamsSchema, req.params, 'Entity');
    res.json(await service.detail(type, id));
  });
  router.get('/stats', (_req, res) => {
    res.json(service.stats());
  });
  router.get('/genres', (_req, res) => {
    res.json(service.namedList('genre'));
  });
  router.get('/countries', (_req, res) => {
    res.json(service.namedList('location'));
  });
  return router;
}
