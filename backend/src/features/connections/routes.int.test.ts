import { parseEntityKey } from '@cinema-dna/shared-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../graph/test-graphs.js';
import type { SharedState } from '../../platform/cache/types.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';

const bacon = { id: 'kevin-bacon', type: 'person' };
const hanks = { id: 'tom-hanks', type: 'person' };
/** Issue 8: avoiding Lorraine Gary left a link into her as the only "meeting" of the last layer; the search never ended. */
const hungSearch = {
  fromEntity: { type: 'movie', id: 'mad-max-fury-road-2015' },
  toEntity: { type: 'person', id: 'richard-maibaum' },
  parameters: { avoid: ['person:lorraine-gary'] },
};
const stepKeys = (body: { path: Array<{ entity: { key: string } }> }) => body.path.map((s) => s.entity.key);

describe.each(sharedStateTargets())('connection routes with the $name cache', (target) => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await target.open();
    t = await openTestApp({ database, shared, findLimit: 1_000 });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  describe('POST /api/find-connection', () => {
    it('finds Kevin Bacon → Apollo 13 → Tom Hanks with characters, then serves it from the cache', async () => {
      const first = await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(200);
      expect(first.body).toMatchObject({ found: true, degrees: 2, cached: false, maxDegrees: 6, message: 'Found a 2-degree connection between Kevin Bacon and Tom Hanks.' });
      expect(first.body.path.map((s: { entity: { name: string } }) => s.entity.name)).toEqual(['Kevin Bacon', 'Apollo 13', 'Tom Hanks']);
      expect(first.body.path[0].relationship).toMatchObject({ type: 'acted_in', direction: 'forward' });
      expect(first.body.path[1].relationship).toMatchObject({ type: 'acted_in', direction: 'backward' });
      expect(first.body.path[2].relationship).toBeNull();
      expect(first.body.shortestPathCount).toBeGreaterThanOrEqual(1);
      expect(typeof first.body.totalWeight).toBe('number');

      const second = await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(200);
      expect(second.body).toMatchObject({ cached: true, degrees: 2 });
      expect(second.body.path).toEqual(first.body.path);
      // Served from the stored text: the whole first answer, only marked cached.
      expect(second.body).toEqual({ ...first.body, cached: true });
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
    });

    it('caches per parameters: other parameters search afresh', async () => {
      const res = await request(t.app)
        .post('/api/find-connection')
        .send({ fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 4, weightByPopularity: false } })
        .expect(200);
      expect(res.body.cached).toBe(false);
    });

    it('accepts the spec’s full entity objects and ignores their extra fields', async () => {
      const res = await request(t.app)
        .post('/api/find-connection')
        .send({ fromEntity: { ...bacon, name: 'Kevin Bacon', profile_path: null, overview: 'x' }, toEntity: { ...hanks, subtype: 'actor' } })
        .expect(200);
      expect(res.body.found).toBe(true);
    });

    it('says so when nothing connects within maxDegrees', async () => {
      const res = await request(t.app)
        .post('/api/find-connection')
        .send({ fromEntity: { id: 'toshiro-mifune', type: 'person' }, toEntity: hanks, parameters: { maxDegrees: 2 } })
        .expect(200);
      expect(res.body).toMatchObject({ found: false, path: [], degrees: null, message: 'No connection exists within 2 degrees.' });
    });

    it('re-runs avoiding an entity and finds another route', async () => {
      const res = await request(t.app)
        .post('/api/find-connection')
        .send({ fromEntity: bacon, toEntity: hanks, parameters: { avoid: ['movie:apollo-13-1995'] } })
        .expect(200);
      expect(res.body.found).toBe(true);
      expect(res.body.path.map((s: { entity: { key: string } }) => s.entity.key)).not.toContain('movie:apollo-13-1995');
    });

    it('answers the search that used to hang (an avoided entity beside the last layer) with a path without it', async () => {
      const res = await request(t.app).post('/api/find-connection').send(hungSearch).expect(200);
      expect(res.body.found).toBe(true);
      const keys = stepKeys(res.body);
      expect(keys[0]).toBe('movie:mad-max-fury-road-2015');
      expect(keys.at(-1)).toBe('person:richard-maibaum');
      expect(keys).not.toContain('person:lorraine-gary');
      expect(res.body.degrees).toBe(keys.length - 1);
    });

    it('answers every search with random 4-entity avoid lists, never through an avoided entity (seeded)', async () => {
      const seed = 84;
      const random = seededRandom(seed);
      const graph = t.graph.graph;
      const entity = () => graph.key(Math.floor(random() * graph.nodeCount));
      let found = 0;
      for (let i = 0; i < 250; i += 1) {
        const [from, to] = [entity(), entity()];
        const avoid = Array.from({ length: 4 }, entity).filter((key) => key !== from && key !== to);
        if (from === to) continue;
        const res = await request(t.app)
          .post('/api/find-connection')
          .send({ fromEntity: parseEntityKey(from), toEntity: parseEntityKey(to), parameters: { avoid, maxDegrees: 1 + (i % 8) } });
        expect(res.status, `seed ${seed} case ${i}: ${from} -> ${to} avoiding ${avoid.join(', ')}`).toBe(200);
        if (!res.body.found) continue;
        found += 1;
        for (const key of avoid) expect(stepKeys(res.body)).not.toContain(key);
      }
      expect(found).toBeGreaterThan(50);
    });

    it.each([
      ['the same entity twice', { fromEntity: bacon, toEntity: bacon }, 'VALIDATION_FAILED', 'Please select two different entities to find a connection.'],
      ['an unknown entity', { fromEntity: bacon, toEntity: { id: 'nobody-at-all', type: 'person' } }, 'INVALID_ENTITY', 'Unknown entity person:nobody-at-all'],
      ['maxDegrees 0', { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 0 } }, 'VALIDATION_FAILED', undefined],
      ['maxDegrees 9', { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 9 } }, 'VALIDATION_FAILED', undefined],
      ['an unknown type', { fromEntity: { id: 'x', type: 'planet' }, toEntity: hanks }, 'VALIDATION_FAILED', undefined],
      ['an unknown allowed type', { fromEntity: bacon, toEntity: hanks, parameters: { allowedTypes: ['planet'] } }, 'VALIDATION_FAILED', undefined],
      ['a missing toEntity', { fromEntity: bacon }, 'VALIDATION_FAILED', undefined],
      ['a malformed avoid key', { fromEntity: bacon, toEntity: hanks, parameters: { avoid: ['apollo 13'] } }, 'VALIDATION_FAILED', undefined],
    ])('answers %s with 400 %s', async (_case, body, code, message) => {
      const res = await request(t.app).post('/api/find-connection').send(body).expect(400);
      expect(res.body.code).toBe(code);
      if (message) expect(res.body.message).toBe(message);
    });
  });

  describe('POST /api/connections/find (documented variant)', () => {
    it('takes entity keys and maxDegrees', async () => {
      const res = await request(t.app).post('/api/connections/find').send({ fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks', maxDegrees: 3 }).expect(200);
      expect(res.body).toMatchObject({ found: true, degrees: 2, maxDegrees: 3 });
    });

    it('rejects malformed keys and out-of-range degrees', async () => {
      await request(t.app).post('/api/connections/find').send({ fromEntityId: 'kevin-bacon', toEntityId: 'person:tom-hanks' }).expect(400);
      await request(t.app).post('/api/connections/find').send({ fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks', maxDegrees: 9 }).expect(400);
    });
  });

  describe('POST /api/connections/alternatives', () => {
    it('lists distinct shortest paths, lightest first', async () => {
      const res = await request(t.app)
        .post('/api/connections/alternatives')
        .send({ fromEntity: { id: 'meryl-streep', type: 'person' }, toEntity: { id: 'keanu-reeves', type: 'person' }, limit: 3 })
        .expect(200);
      expect(res.body.paths.length).toBeGreaterThanOrEqual(1);
      const signatures = res.body.paths.map((p: { path: Array<{ entity: { key: string } }> }) => p.path.map((s) => s.entity.key).join('>'));
      expect(new Set(signatures).size).toBe(signatures.length);
      expect(res.body.paths.every((p: { path: unknown[] }) => p.path.length === res.body.degrees + 1)).toBe(true);
    });
  });

  describe('GET /api/trending', () => {
    it('counts every search and lists the most searched pairs first', async () => {
      await t.events.settled();
      const res = await request(t.app).get('/api/trending').expect(200);
      const top = res.body.connections[0];
      expect(top).toMatchObject({ fromEntity: { key: 'person:kevin-bacon' }, toEntity: { key: 'person:tom-hanks' }, degrees: 2 });
      // Bacon → Hanks ran 6 times above: fresh, cached, other parameters, full objects, avoid, documented variant.
      expect(top.searchCount).toBe(6);
      expect(top.path).toHaveLength(3);
      expect(typeof top.id).toBe('string');
    });
  });
});

describe('the search budget', () => {
  it('stops a search past its budget with 503 SEARCH_BUDGET_EXCEEDED and { code, message, details }', async () => {
    const database = await databaseTargets()[0]!.open();
    const shared = await sharedStateTargets()[0]!.open();
    const t = await openTestApp({ database, shared, searchBudget: { maxVisited: 10 } });
    try {
      const res = await request(t.app).post('/api/find-connection').send(hungSearch).expect(503);
      expect(res.body).toEqual({
        code: 'SEARCH_BUDGET_EXCEEDED',
        message: expect.stringMatching(/stopped after reaching 10 entities/),
        details: { limit: 'visited', value: 10, requestId: expect.any(String) },
      });
      const alternatives = await request(t.app).post('/api/connections/alternatives').send(hungSearch).expect(503);
      expect(alternatives.body).toMatchObject({ code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'visited', value: 10 } });
      // A search within the budget is answered.
      await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: { id: 'apollo-13-1995', type: 'movie' } }).expect(200);
    } finally {
      await t.close();
      await shared.close();
      await database.dispose();
    }
  });
});

describe('the find-connection rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After and RateLimit headers after the limit', async () => {
    const database = await databaseTargets()[0]!.open();
    const shared = await sharedStateTargets()[0]!.open();
    const t = await openTestApp({ database, shared, findLimit: 3 });
    try {
      for (let i = 0; i < 3; i += 1) {
        const ok = await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(200);
        expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
      }
      const refused = await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: hanks }).expect(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit-limit']).toBe('3');
      // Other routes are not limited by it.
      await request(t.app).get('/api/trending').expect(200);
    } finally {
      await t.close();
      await shared.close();
      await database.dispose();
    }
  });
});
