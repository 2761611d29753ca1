import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphService } from './index.js';
import { fixture, writeFixture } from './test-graphs.js';

const dir = mkdtempSync(join(tmpdir(), 'cdna-service-'));
const path = join(dir, 'service.snapshot');
writeFixture(
  fixture(
    [
      ['person:bacon', 80, 'Kevin Bacon'],
      ['person:hanks', 95, 'Tom Hanks'],
      ['person:sinise', 60, 'Gary Sinise'],
      ['movie:apollo13', 70, 'Apollo 13'],
      ['movie:forrest', 90, 'Forrest Gump'],
      ['genre:drama', 50, 'Drama'],
      ['company:universal', 40, 'Universal Pictures'],
    ],
    [
      ['person:bacon', 'acted_in', 'movie:apollo13', 'Jack Swigert'],
      ['person:hanks', 'acted_in', 'movie:apollo13', 'Jim Lovell'],
      ['person:hanks', 'acted_in', 'movie:forrest', 'Forrest Gump'],
      ['person:sinise', 'acted_in', 'movie:forrest', 'Lt. Dan'],
      ['movie:apollo13', 'has_genre', 'genre:drama'],
      ['movie:apollo13', 'produced_by', 'company:universal'],
    ],
  ),
  path,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([0, 1])('GraphService with %i workers', (workers) => {
  it('is down before loading and answers SERVICE_UNAVAILABLE', async () => {
    const service = new GraphService({ workers });
    expect(service.status()).toMatchObject({ status: 'down', entities: 0, links: 0 });
    await expect(service.search('person:bacon', 'person:hanks')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(() => service.typeahead('ke')).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
  });

  it('loads, searches by key, and serves typeahead, lookups and hero numbers', async () => {
    const service = new GraphService({ workers });
    try {
      const loading = service.load(path);
      expect(service.status().status).toBe('loading');
      await loading;
      expect(service.status()).toMatchObject({ status: 'up', entities: 7, links: 6, path });
      expect(service.status().loadedMs).toBeGreaterThanOrEqual(0);

      const result = (await service.search('person:bacon', 'person:sinise'))!;
      expect(result.path.map((s) => s.name)).toEqual(['Kevin Bacon', 'Apollo 13', 'Tom Hanks', 'Forrest Gump', 'Gary Sinise']);
      expect(result.path[0]!.relationship).toEqual({ code: 'acted_in', label: 'Jack Swigert', direction: 'forward', tier: 'core' });
      expect(result.degrees).toBe(4);
      const byIndex = await service.search(service.resolve('person:bacon')!, service.resolve('person:sinise')!);
      expect(byIndex!.path).toEqual(result.path);
      expect(await service.search('person:bacon', 'person:sinise', { maxDegrees: 3 })).toBeNull();
      const alternatives = await service.alternatives('person:bacon', 'person:sinise');
      expect(alternatives!.paths[0]!.path).toEqual(result.path);
      const avoided = await service.search('person:bacon', 'person:sinise', { avoid: ['person:hanks'] });
      expect(avoided).toBeNull();

      expect(service.typeahead('kev')[0]).toMatchObject({ key: 'person:bacon', name: 'Kevin Bacon', type: 'person' });
      expect(service.resolve('movie:forrest')).toBe(4);
      expect(service.resolve('movie:nope')).toBeNull();
      expect(service.entityAt(4)).toMatchObject({ key: 'movie:forrest', name: 'Forrest Gump', type: 'movie' });
      expect(() => service.entityAt(99)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
      expect(service.heroNumbers()).toEqual({
        entities: 7,
        links: 6,
        byType: { person: 3, movie: 2, genre: 1, keyword: 0, company: 1, collection: 0, award: 0, location: 0 },
        people: { actor: 3, director: 0, writer: 0, producer: 0, composer: 0, crew: 0 },
      });
    } finally {
      await service.close();
    }
  });

  it('rejects bad input with typed errors', async () => {
    const service = new GraphService({ workers });
    await service.load(path);
    try {
      await expect(service.search('person:nobody', 'person:hanks')).rejects.toMatchObject({ code: 'INVALID_ENTITY', details: { field: 'from' } });
      await expect(service.search('person:hanks', 'person:hanks')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(service.search('person:bacon', 'person:hanks', { maxDegrees: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(service.search('person:bacon', 'person:hanks', { maxDegrees: 9 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(service.search('person:bacon', 'person:hanks', { allowedTypes: ['spaceship' as never] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(service.search('person:bacon', 'person:hanks', { avoid: ['person:ghost'] })).rejects.toMatchObject({ code: 'INVALID_ENTITY' });
    } finally {
      await service.close();
    }
  });

  it('applies its search budget to searches and alternatives', async () => {
    const service = new GraphService({ workers, budget: { timeMs: 60_000, maxVisited: 3 } });
    await service.load(path);
    try {
      const exceeded = { name: 'GraphError', code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'visited', value: 3 } };
      await expect(service.search('person:bacon', 'person:sinise')).rejects.toMatchObject(exceeded);
      await expect(service.alternatives('person:bacon', 'person:sinise')).rejects.toMatchObject(exceeded);
      // Within the budget: answered as usual.
      expect((await service.search('person:bacon', 'movie:apollo13'))!.degrees).toBe(1);
    } finally {
      await service.close();
    }
  });
});

describe('GraphService.load failures', () => {
  it('reports a missing snapshot as down with the error', async () => {
    const service = new GraphService({ workers: 0 });
    await expect(service.load(join(dir, 'missing.snapshot'))).rejects.toThrow();
    expect(service.status()).toMatchObject({ status: 'down' });
    expect(service.status().error).toMatch(/missing\.snapshot/);
  });
});
