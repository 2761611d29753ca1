import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { EntityService } from './service.js';

/** Typeahead, faceted search, entity pages, hero numbers, and the genre/country lists. */
export function entityRoutes(routes: ApiRoutes, service: EntityService): void {
  const api = routes.group({ name: 'Search & entities', description: 'Find people, movies, genres and more by name or by filters; read an entity page; the catalog’s numbers and lists.' });
  api.get(
    '/search',
    {
      access: 'public',
      summary: 'Typeahead search',
      description: 'From 2 characters; prefix and typo-tolerant, accents folded. The whole name first, then word starts, then one typo; then the most popular.',
      inputName: 'Search',
      example: (c) => ({ query: { q: c.searchText, type: 'person', limit: '5' } }),
    },
    async ({ query: { q, type, limit } }, _req, res) => {
      res.json({ results: await service.search(q, type, limit) });
    },
  );
  api.get(
    '/search/faceted',
    {
      access: 'public',
      summary: 'Filtered search',
      description: 'Search with filters (types, years, rating, genres, countries, languages, awards) and a sort order. Lists are comma-separated.',
      inputName: 'Search',
      example: (c) => ({ query: { query: 'the', entityTypes: 'movie', genres: c.genre.name, yearFrom: '1990', sortBy: 'vote_average' } }),
    },
    async ({ query }, _req, res) => {
      res.json(await service.faceted(query));
    },
  );
  api.get(
    '/entity/:type/:id',
    {
      access: 'public',
      summary: 'An entity page’s data',
      description: 'Known-for films, cast, crew and details of one entity, and how connected it is. A view counts towards Trending once per visitor and entity per hour.',
      inputName: 'Entity',
      example: (c) => ({ params: { type: c.to.type, id: c.to.id } }),
      errors: { 404: 'No entity of that type and id.' },
    },
    async ({ params: { type, id } }, req, res) => {
      res.json(await service.detail(type, id, { userId: req.user?.id ?? null, address: req.ip ?? 'unknown' }));
    },
  );
  api.get(
    '/entity/:type/:id/films',
    {
      access: 'public',
      summary: 'An entity’s films, paged',
      description: 'The films linked to a genre, keyword, company, collection, award, location or person, most popular first; `page` from 1, `limit` per page (24 by default, up to 48); `total` counts them all.',
      inputName: 'Entity films',
      example: (c) => ({ params: { type: c.genre.type, id: c.genre.id }, query: { page: '1' } }),
      errors: { 404: 'No entity of that type and id.' },
    },
    async ({ params: { type, id }, query: { page, limit } }, _req, res) => {
      res.json(await service.films(type, id, page, limit));
    },
  );
  api.get('/stats', { access: 'public', summary: 'Hero numbers', description: 'Entities and links of the loaded graph, by type.', }, (_input, _req, res) => {
    res.json(service.stats());
  });
  api.get('/genres', { access: 'public', summary: 'Every genre', description: 'Genres with how many films each has.', }, (_input, _req, res) => {
    res.json(service.namedList('genre'));
  });
  api.get('/countries', { access: 'public', summary: 'Every country', description: 'Countries (locations) with how many films each has.', }, (_input, _req, res) => {
    res.json(service.namedList('location'));
  });
}
