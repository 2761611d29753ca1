import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

describe.each(databaseTargets())('entity routes on the starter catalog ($name)', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    database = await target.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  describe('GET /api/search', () => {
    it('finds people and movies by prefix, most popular first, with the spec fields', async () => {
      const res = await request(t.app).get('/api/search').query({ q: 'tom ha' }).expect(200);
      expect(res.body.results[0]).toMatchObject({ key: 'person:tom-hanks', id: 'tom-hanks', name: 'Tom Hanks', type: 'person', subtype: 'actor' });
      for (const field of ['profile_path', 'poster_path', 'logo_path', 'release_date', 'year', 'country', 'overview']) expect(res.body.results[0]).toHaveProperty(field);
    });

    it('folds accents and tolerates a typo', async () => {
      const accent = await request(t.app).get('/api/search').query({ q: 'amelie' }).expect(200);
      expect(accent.body.results.map((r: { name: string }) => r.name)).toContain('Amélie');
      const typo = await request(t.app).get('/api/search').query({ q: 'Kevn Bacon' }).expect(200);
      expect(typo.body.results[0]?.name).toBe('Kevin Bacon');
    });

    it('filters by type and honours the limit (default 20)', async () => {
      const movies = await request(t.app).get('/api/search').query({ q: 'the', type: 'movie', limit: 5 }).expect(200);
      expect(movies.body.results).toHaveLength(5);
      expect(movies.body.results.every((r: { type: string }) => r.type === 'movie')).toBe(true);
      const all = await request(t.app).get('/api/search').query({ q: 'th' }).expect(200);
      expect(all.body.results).toHaveLength(20);
    });

    it.each([
      [{ q: 'a' }, 'q'],
      [{}, 'q'],
      [{ q: 'tom', type: 'planet' }, 'type'],
      [{ q: 'tom', limit: 0 }, 'limit'],
      [{ q: 'tom', limit: 'many' }, 'limit'],
    ])('answers %j with 400 naming %s', async (query, field) => {
      const res = await request(t.app).get('/api/search').query(query).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    });
  });

  describe('GET /api/search/faceted', () => {
    it('filters movies by genre, year and language and sorts by title', async () => {
      const res = await request(t.app)
        .get('/api/search/faceted')
        .query({ query: 'the', entityTypes: 'movie', genres: 'Science Fiction', yearFrom: 1990, yearTo: 2005, languages: 'en', sortBy: 'title', sortOrder: 'asc' })
        .expect(200);
      const names = res.body.results.map((r: { name: string }) => r.name);
      expect(names).toContain('The Matrix');
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(res.body.results.every((r: { year: number }) => r.year >= 1990 && r.year <= 2005)).toBe(true);
      expect(res.body.total).toBeGreaterThanOrEqual(res.body.results.length);
    });

    it('finds Best Picture winners with the oscar-winner filter', async () => {
      const res = await request(t.app).get('/api/search/faceted').query({ query: 'fo', entityTypes: 'movie', awards: 'oscar-winner' }).expect(200);
      expect(res.body.results.map((r: { name: string }) => r.name)).toContain('Forrest Gump');
    });

    it.each([
      [{ query: 'x' }, 'query'],
      [{ query: 'the', sortBy: 'budget' }, 'sortBy'],
      [{ query: 'the', languages: 'xx' }, 'languages.0'],
      [{ query: 'the', ratingTo: 11 }, 'ratingTo'],
    ])('answers %j with 400 naming %s', async (query, field) => {
      const res = await request(t.app).get('/api/search/faceted').query(query).expect(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    });
  });

  describe('GET /api/entity/:type/:id', () => {
    it('shows a movie with genres, cast with characters and crew limited to the four jobs', async () => {
      const res = await request(t.app).get('/api/entity/movie/the-matrix-1999').expect(200);
      expect(res.body).toMatchObject({ name: 'The Matrix', type: 'movie', year: 1999 });
      expect(res.body.genres.map((g: { name: string }) => g.name)).toContain('Science Fiction');
      expect(res.body.cast.find((c: { name: string }) => c.name === 'Keanu Reeves')).toMatchObject({ character: 'Neo' });
      expect(res.body.cast.length).toBeLessThanOrEqual(12);
      expect(res.body.crew.length).toBeLessThanOrEqual(8);
      expect(res.body.crew.every((c: { job: string }) => ['Director', 'Producer', 'Writer', 'Composer'].includes(c.job))).toBe(true);
    });

    it('shows a person with biography details and at most 8 known-for films', async () => {
      const res = await request(t.app).get('/api/entity/person/tom-hanks').expect(200);
      expect(res.body).toMatchObject({ name: 'Tom Hanks', subtype: 'actor', birthday: '1956-07-09' });
      // He has more than 8 films in the catalog: the 8 most popular are shown, each with his role.
      expect(res.body.filmography).toHaveLength(8);
      const popularity = await Promise.all(
        res.body.filmography.map(async (f: { id: string }) => (await request(t.app).get(`/api/entity/movie/${f.id}`)).body.popularity as number),
      );
      expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
      expect(res.body.filmography.some((f: { character: string | null }) => f.character !== null)).toBe(true);
    });

    it('shows other types with how connected they are', async () => {
      const res = await request(t.app).get('/api/entity/genre/drama').expect(200);
      expect(res.body).toMatchObject({ name: 'Drama', type: 'genre' });
      expect(res.body.connectionCount).toBeGreaterThan(50);
    });

    it('answers an unknown entity with 404 in the spec wording, and a bad type with 400', async () => {
      const missing = await request(t.app).get('/api/entity/movie/no-such-film-1900').expect(404);
      expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'The requested movie could not be found.', details: {} });
      const badType = await request(t.app).get('/api/entity/planet/earth').expect(400);
      expect(badType.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/entity/:type/:id/films', () => {
    type Film = { id: string; key: string; title: string; year: number | null };
    const popularityOf = async (films: Film[]) =>
      Promise.all(films.map(async (f) => (await request(t.app).get(`/api/entity/movie/${f.id}`)).body.popularity as number));

    it('lists a genre’s films, most popular first, in pages that add up to every connected film', async () => {
      const detail = await request(t.app).get('/api/entity/genre/drama').expect(200);
      const first = await request(t.app).get('/api/entity/genre/drama/films').expect(200);
      expect(first.body).toMatchObject({ page: 1, pageSize: 24, total: detail.body.connectionCount });
      expect(first.body.films).toHaveLength(24);
      const popularity = await popularityOf(first.body.films);
      expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
      const seen = new Set<string>();
      const pages = Math.ceil(first.body.total / 48);
      for (let page = 1; page <= pages; page++) {
        const res = await request(t.app).get('/api/entity/genre/drama/films').query({ page, limit: 48 }).expect(200);
        expect(res.body.films.length).toBe(page < pages ? 48 : first.body.total - 48 * (pages - 1));
        for (const film of res.body.films as Film[]) {
          expect(film.key).toBe(`movie:${film.id}`);
          seen.add(film.key);
        }
      }
      expect(seen.size).toBe(first.body.total);
      // Every one of them is a drama.
      const sample = (await request(t.app).get(`/api/entity/movie/${first.body.films[0].id}`).expect(200)).body;
      expect(sample.genres.map((g: { id: string }) => g.id)).toContain('drama');
      const beyond = await request(t.app).get('/api/entity/genre/drama/films').query({ page: pages + 1, limit: 48 }).expect(200);
      expect(beyond.body.films).toEqual([]);
    });

    it('lists a company’s and a keyword’s films too', async () => {
      for (const type of ['company', 'keyword'] as const) {
        const hit = (await request(t.app).get('/api/search').query({ q: type === 'company' ? 'warner' : 'based on', type, limit: 1 }).expect(200)).body.results[0];
        if (!hit) continue;
        const res = await request(t.app).get(`/api/entity/${type}/${hit.id}/films`).expect(200);
        expect(res.body.total, hit.name).toBeGreaterThan(0);
        expect(res.body.films.length).toBe(Math.min(24, res.body.total));
      }
    });

    it('answers an unknown entity with 404 and a bad page with 400', async () => {
      await request(t.app).get('/api/entity/genre/no-such-genre/films').expect(404);
      const bad = await request(t.app).get('/api/entity/genre/drama/films').query({ page: 0 }).expect(400);
      expect(bad.body.details.map((d: { path: string }) => d.path)).toContain('page');
      await request(t.app).get('/api/entity/genre/drama/films').query({ limit: 49 }).expect(400);
    });
  });

  describe('hero numbers, genres and countries', () => {
    it('counts the loaded graph', async () => {
      const res = await request(t.app).get('/api/stats').expect(200);
      expect(res.body.byType.movie).toBe(561);
      expect(res.body.entities).toBe(t.graph.status().entities);
      expect(res.body.people.actor).toBeGreaterThan(1000);
    });

    it('lists genres and countries with film counts, most linked first', async () => {
      const genres = await request(t.app).get('/api/genres').expect(200);
      expect(genres.body.items[0]).toMatchObject({ id: 'drama', name: 'Drama' });
      expect(genres.body.items.length).toBeGreaterThanOrEqual(15);
      const countries = await request(t.app).get('/api/countries').expect(200);
      expect(countries.body.items.map((c: { name: string }) => c.name)).toContain('India');
    });
  });
});
