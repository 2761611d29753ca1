import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphService } from './index.js';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK, TYPE_CODE, relationshipOf } from './model.js';
import { MAX_PER_VIA, recommend, type RecommendedMovie, type RecommendSeed } from './recommend.js';
import type { Graph } from './snapshot.js';
import { buildGraph, fixture, randomGraph, seededRandom, writeFixture, type GraphFixture } from './test-graphs.js';

/**
 * The user liked A (weight 3) and B (weight 1) and logged `logged`. Around them:
 * - A's director also directed `logged` and 12 more films; A shares only its genre with
 *   `genre-only` and 3 fillers. Were every link followed alike, `genre-only` (1 of 4 behind the genre)
 *   would outrank the director's films (1 of 13 each): only the tier weights put the director first;
 * - A's saga holds 8 sequels, each also starring one of A's 8 top-billed actors, so every sequel
 *   rests on its own via and only the collection cap keeps them to one;
 * - B's director directed 5 more films, so only the per-via cap keeps them to two;
 * - B's lead acted in two more films, B's gaffer (an obscure link) worked on one more.
 */
function userFixture(): GraphFixture {
  const entities: Array<[string, number?]> = [
    ['movie:a', 50],
    ['movie:b', 40],
    ['movie:logged'],
    ['movie:genre-only', 30],
    ['person:dir-a'],
    ['person:dir-b'],
    ['person:actor-b'],
    ['person:crew-b'],
    ['genre:drama'],
    ['collection:saga'],
    ['movie:b-cast-1'],
    ['movie:b-cast-2'],
    ['movie:b-gaffer'],
  ];
  const links: Array<[string, Parameters<typeof fixture>[1][number][1], string, string?, number?]> = [
    ['person:dir-a', 'directed', 'movie:a'],
    ['person:dir-a', 'directed', 'movie:logged'],
    ['movie:a', 'has_genre', 'genre:drama'],
    ['movie:genre-only', 'has_genre', 'genre:drama'],
    ['movie:a', 'part_of_collection', 'collection:saga'],
    ['person:dir-b', 'directed', 'movie:b'],
    ['person:actor-b', 'acted_in', 'movie:b', 'Lead', 0],
    ['person:actor-b', 'acted_in', 'movie:b-cast-1', 'Lead', 0],
    ['person:actor-b', 'acted_in', 'movie:b-cast-2', 'Lead', 0],
    ['person:crew-b', 'crew', 'movie:b', 'Gaffer'],
    ['person:crew-b', 'crew', 'movie:b-gaffer', 'Gaffer'],
  ];
  for (let i = 1; i <= 12; i++) {
    entities.push([`movie:dir-a-${i}`]);
    links.push(['person:dir-a', 'directed', `movie:dir-a-${i}`]);
  }
  for (let i = 1; i <= 3; i++) {
    entities.push([`movie:filler-${i}`]);
    links.push([`movie:filler-${i}`, 'has_genre', 'genre:drama']);
  }
  for (let i = 1; i <= 8; i++) {
    entities.push([`movie:sequel-${i}`, 20], [`person:star-${i}`]);
    links.push(
      [`movie:sequel-${i}`, 'part_of_collection', 'collection:saga'],
      [`person:star-${i}`, 'acted_in', 'movie:a', `Hero ${i}`, i - 1],
      [`person:star-${i}`, 'acted_in', `movie:sequel-${i}`, `Hero ${i}`, 0],
    );
  }
  for (let i = 1; i <= 5; i++) {
    entities.push([`movie:b-dir-${i}`]);
    links.push(['person:dir-b', 'directed', `movie:b-dir-${i}`]);
  }
  return fixture(
    entities.map(([key, popularity]) => [key, popularity]),
    links,
  );
}

/** Asserts what every answer must satisfy, whatever the graph. */
function expectValidAnswer(graph: Graph, seeds: readonly RecommendSeed[], exclude: readonly number[], results: readonly RecommendedMovie[]): void {
  const seedNodes = new Set(seeds.map((s) => s.node));
  const excluded = new Set(exclude);
  const perVia = new Map<number, number>();
  const collections = new Set<number>();
  for (const { node, score, basis } of results) {
    expect(graph.type(node)).toBe('movie');
    expect(seedNodes.has(node)).toBe(false);
    expect(excluded.has(node)).toBe(false);
    expect(score).toBeGreaterThan(0);
    expect(seedNodes.has(basis.seed)).toBe(true);
    expect(graph.type(basis.via)).not.toBe('movie');
    // Both halves of the reason are real adjacency entries with the stated relation bytes.
    expect(graph.findEntry(node, basis.via, basis.relation)).toBeGreaterThanOrEqual(0);
    expect(graph.findEntry(basis.seed, basis.via, basis.seedRelation)).toBeGreaterThanOrEqual(0);
    perVia.set(basis.via, (perVia.get(basis.via) ?? 0) + 1);
    for (let i = graph.offsets[node]!; i < graph.offsets[node + 1]!; i++) {
      if ((graph.relations[i]! & RELATIONSHIP_MASK) !== RELATIONSHIP_CODE.part_of_collection) continue;
      expect(collections.has(graph.neighbours[i]!)).toBe(false);
      collections.add(graph.neighbours[i]!);
    }
  }
  expect(new Set(results.map((r) => r.node)).size).toBe(results.length);
  for (const count of perVia.values()) expect(count).toBeLessThanOrEqual(MAX_PER_VIA);
  for (let i = 1; i < results.length; i++) expect(results[i]!.score).toBeLessThanOrEqual(results[i - 1]!.score);
}

describe('recommend (random walks with restart)', () => {
  const graph = buildGraph(userFixture());
  const node = (key: string) => graph.resolve(key);
  const seeds: RecommendSeed[] = [
    { node: node('movie:a'), weight: 3 },
    { node: node('movie:b'), weight: 1 },
  ];
  const exclude = [node('movie:logged')];
  const keysOf = (results: readonly RecommendedMovie[]) => results.map((r) => graph.key(r.node));

  it('recommends films sharing a real link with a liked film, never the seeds or logged films', () => {
    const results = recommend(graph, seeds, { limit: 20, exclude });
    expect(results.length).toBeGreaterThanOrEqual(6);
    expectValidAnswer(graph, seeds, exclude, results);
    expect(keysOf(results)).not.toContain('movie:logged');
    const viaDirector = results.find((r) => graph.key(r.node).startsWith('movie:dir-a-'))!;
    expect(viaDirector.basis).toMatchObject({ seed: node('movie:a'), via: node('person:dir-a') });
    expect(relationshipOf(viaDirector.basis.relation)).toBe('directed');
    expect(relationshipOf(viaDirector.basis.seedRelation)).toBe('directed');
  });

  it('ranks a film sharing the director above one sharing only a genre hub', () => {
    for (let rngSeed = 1; rngSeed <= 5; rngSeed++) {
      const keys = keysOf(recommend(graph, seeds, { limit: 30, exclude, rngSeed }));
      const director = keys.findIndex((k) => k.startsWith('movie:dir-a-'));
      const genre = keys.indexOf('movie:genre-only');
      expect(director).toBeGreaterThanOrEqual(0);
      if (genre >= 0) expect(director).toBeLessThan(genre);
    }
  });

  it('keeps variety: one film per collection, at most two resting on the same via', () => {
    for (let rngSeed = 1; rngSeed <= 5; rngSeed++) {
      const keys = keysOf(recommend(graph, seeds, { limit: 30, exclude, rngSeed }));
      // Eight sequels are candidates, each on its own via: the collection cap leaves one.
      expect(keys.filter((k) => k.startsWith('movie:sequel-'))).toHaveLength(1);
      // Five films of B's director are candidates: the per-via cap leaves two.
      expect(keys.filter((k) => k.startsWith('movie:b-dir-'))).toHaveLength(MAX_PER_VIA);
    }
  });

  it('explains a film by its strongest shared link', () => {
    const results = recommend(graph, seeds, { limit: 30, exclude });
    const sequel = results.find((r) => graph.key(r.node).startsWith('movie:sequel-'))!;
    // Shared with A: its star (core, rare) and the saga (supporting); the star wins.
    expect(graph.key(sequel.basis.via)).toMatch(/^person:star-/);
    const gaffer = results.find((r) => graph.key(r.node) === 'movie:b-gaffer');
    if (gaffer) expect(graph.key(gaffer.basis.via)).toBe('person:crew-b');
  });

  it('names the person a fan knows: the better billed in both films first, then the more famous, never the rarer', () => {
    // Liked X; Y shares three of its cast. The cameo is the most famous and the rarest (one more film),
    // the co-lead is billed second in both; the lead is billed first in both and the least famous.
    const shared = fixture(
      [['movie:x', 50], ['movie:y', 40], ['movie:z', 10], ['person:lead', 5], ['person:co-lead', 6], ['person:cameo', 90], ...[1, 2, 3, 4].map((i): [string, number] => [`movie:lead-${i}`, 1])],
      [
        ['person:lead', 'acted_in', 'movie:x', 'Hero', 0],
        ['person:lead', 'acted_in', 'movie:y', 'Hero', 0],
        ['person:co-lead', 'acted_in', 'movie:x', 'Friend', 1],
        ['person:co-lead', 'acted_in', 'movie:y', 'Friend', 1],
        ['person:cameo', 'acted_in', 'movie:x', 'Himself', 8],
        ['person:cameo', 'acted_in', 'movie:y', 'Himself', 8],
        ['person:co-lead', 'acted_in', 'movie:z', 'Rival', 1],
        ['person:cameo', 'acted_in', 'movie:z', 'Himself', 1],
        // The lead and the co-lead made more films than the cameo: the rarer via is the cameo.
        ...[1, 2, 3, 4].flatMap((i): Array<[string, 'acted_in', string, string, number]> => [
          ['person:lead', 'acted_in', `movie:lead-${i}`, 'Hero', 0],
          ['person:co-lead', 'acted_in', `movie:lead-${i}`, 'Friend', 1],
        ]),
      ],
    );
    const small = buildGraph(shared);
    const at = (key: string) => small.resolve(key);
    const results = recommend(small, [{ node: at('movie:x'), weight: 3 }], { limit: 5, exclude: [] });
    expect(small.key(results.find((r) => r.node === at('movie:y'))!.basis.via)).toBe('person:lead');
    // Z shares the co-lead and the cameo, each billed second in Z: the worse billing of the two films
    // decides (the cameo is eighth in X), so the co-lead is named although the cameo is more famous.
    expect(small.key(results.find((r) => r.node === at('movie:z'))!.basis.via)).toBe('person:co-lead');
  });

  it('is deterministic for a given rngSeed', () => {
    const first = recommend(graph, seeds, { limit: 10, exclude, rngSeed: 42 });
    expect(recommend(graph, seeds, { limit: 10, exclude, rngSeed: 42 })).toEqual(first);
    // The default seed is fixed too, and buffers reused across requests leave no trace.
    const byDefault = recommend(graph, seeds, { limit: 10, exclude });
    recommend(graph, [{ node: node('movie:b'), weight: 1 }], { limit: 3, exclude: [] });
    expect(recommend(graph, seeds, { limit: 10, exclude })).toEqual(byDefault);
  });

  it('answers [] without usable seeds, and ignores nodes that are not movies of the graph', () => {
    expect(recommend(graph, [], { limit: 6, exclude: [] })).toEqual([]);
    expect(recommend(graph, [{ node: graph.nodeCount + 3, weight: 1 }, { node: node('person:dir-a'), weight: 1 }], { limit: 6, exclude: [] })).toEqual([]);
    expect(recommend(graph, seeds, { limit: 0, exclude })).toEqual([]);
    const withNoise = recommend(graph, [...seeds, { node: -1, weight: 2 }, { node: node('genre:drama'), weight: 5 }], { limit: 6, exclude });
    expect(withNoise).toEqual(recommend(graph, seeds, { limit: 6, exclude }));
  });

  it('never walks from a seed of weight 0 but still leaves it out', () => {
    const results = recommend(graph, [{ node: node('movie:a'), weight: 1 }, { node: node('movie:b-cast-1'), weight: 0 }], { limit: 30, exclude: [] });
    expect(keysOf(results)).not.toContain('movie:b-cast-1');
    expect(results.every((r) => graph.key(r.basis.seed) === 'movie:a')).toBe(true);
  });

  it('rejects out-of-range options and weights', () => {
    expect(() => recommend(graph, seeds, { limit: -1, exclude })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => recommend(graph, seeds, { limit: 1.5, exclude })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => recommend(graph, seeds, { limit: 6, exclude, walks: 0 })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => recommend(graph, seeds, { limit: 6, exclude, restartProbability: 0 })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => recommend(graph, [{ node: node('movie:a'), weight: -1 }], { limit: 6, exclude })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('keeps every rule on random movie graphs with collections', () => {
    const generated = randomGraph({ seed: 9, people: 600, movies: 400, credits: 3000, genres: 5, keywords: 12, companies: 6, hubLinks: 700 });
    const random = seededRandom(3);
    for (let c = 0; c < 30; c++) {
      generated.entities.push({ key: `collection:${c}`, type: 'collection', name: `Saga ${c}`, popularity: 1 });
      for (let k = 0; k < 6; k++) generated.links.push({ from: `movie:${Math.floor(random() * 400)}`, to: `collection:${c}`, relationship: 'part_of_collection' });
    }
    const g = buildGraph(generated);
    const movies = Array.from({ length: g.nodeCount }, (_, v) => v).filter((v) => g.types[v] === TYPE_CODE.movie && g.degree(v) > 0);
    let answered = 0;
    for (let round = 0; round < 25; round++) {
      const pick = () => movies[Math.floor(random() * movies.length)]!;
      const history = Array.from({ length: 1 + Math.floor(random() * 20) }, () => ({ node: pick(), weight: 0.5 + random() * 3 }));
      const logged = Array.from({ length: 10 }, pick);
      const results = recommend(g, history, { limit: 6, exclude: logged, rngSeed: round, walks: 2000 });
      expectValidAnswer(g, history, logged, results);
      if (results.length === 6) answered++;
    }
    expect(answered).toBeGreaterThan(20);
  });
});

describe('GraphService.recommend', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdna-recommend-'));
  const path = join(dir, 'user.snapshot');
  const services: GraphService[] = [];
  beforeAll(async () => {
    writeFixture(userFixture(), path);
    for (const workers of [0, 1]) {
      const service = new GraphService({ workers });
      await service.load(path);
      services.push(service);
    }
  }, 30_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  const seeds = [
    { key: 'movie:a', weight: 3 },
    { key: 'movie:b', weight: 1 },
  ];

  it('answers by key, with the reason in words', async () => {
    const [local] = services;
    const results = await local!.recommend(seeds, { limit: 20, exclude: ['movie:logged'] });
    expect(results.length).toBeGreaterThanOrEqual(6);
    for (const r of results) {
      expect(r.movie).toMatch(/^movie:/);
      expect(['movie:a', 'movie:b', 'movie:logged']).not.toContain(r.movie);
      expect(['movie:a', 'movie:b']).toContain(r.basis.seed);
    }
    expect(results.find((r) => r.movie.startsWith('movie:dir-a-'))!.basis).toEqual({
      seed: 'movie:a',
      via: 'person:dir-a',
      viaType: 'person',
      relationship: 'directed',
      seedRelationship: 'directed',
    });
    const sequel = results.find((r) => r.movie.startsWith('movie:sequel-'))!;
    expect(sequel.basis).toMatchObject({ seed: 'movie:a', viaType: 'person', relationship: 'acted_in', seedRelationship: 'acted_in' });
  });

  it('ignores unknown seed and exclude keys; no known seed gives []', async () => {
    const [local] = services;
    const plain = await local!.recommend(seeds, { limit: 6, exclude: ['movie:logged'] });
    const noisy = await local!.recommend([...seeds, { key: 'movie:nope', weight: 2 }, { key: 'not a key', weight: 1 }], {
      limit: 6,
      exclude: ['movie:logged', 'movie:ghost', '???'],
    });
    expect(noisy).toEqual(plain);
    expect(await local!.recommend([], { limit: 6, exclude: [] })).toEqual([]);
    expect(await local!.recommend([{ key: 'movie:nope', weight: 1 }], { limit: 6, exclude: [] })).toEqual([]);
  });

  it('answers the same in a worker as on the calling thread', async () => {
    const [local, pooled] = services;
    for (const rngSeed of [undefined, 1, 2, 3]) {
      const options = { limit: 10, exclude: ['movie:logged'], rngSeed };
      expect(await pooled!.recommend(seeds, options)).toEqual(await local!.recommend(seeds, options));
    }
    await expect(pooled!.recommend(seeds, { limit: -2, exclude: [] })).rejects.toMatchObject({ name: 'GraphError', code: 'VALIDATION_FAILED' });
  });
});
