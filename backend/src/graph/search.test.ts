import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_TYPES, entityKey, parseEntityKey, type EntityType } from '@cinema-dna/shared-types';
import { GraphError, SearchCancelledError } from './errors.js';
import { TIER_LINK_WEIGHT, crewLinkWeight, defaultParameters, popularityPenalty, type EngineParameters } from './parameters.js';
import { SearchEngine, type SearchProgress, type SearchResult } from './search.js';
import type { Graph } from './snapshot.js';
import { buildGraph, fixture, isFanLink, isHubType, randomGraph, referenceDistance, seededRandom, tierOfLink, type GraphFixture } from './test-graphs.js';

const ALL_TYPES: EntityType[] = ['person', 'movie', 'genre', 'keyword', 'company', 'collection', 'award', 'location'];

function params(overrides: Partial<EngineParameters> = {}): EngineParameters {
  return { ...defaultParameters(), ...overrides };
}

function keys(result: SearchResult | null): string[] | null {
  return result ? result.path.map((s) => s.key) : null;
}

/** Asserts every step of `result` is a real link of the fixture, in the stated direction, with its label. */
function expectValidPath(fx: GraphFixture, result: SearchResult, from: string, to: string): void {
  const labels = new Map<string, string | null>();
  for (const l of fx.links) {
    const id = `${l.from}|${l.relationship}|${l.to}`;
    if (!labels.has(id)) labels.set(id, l.label ?? null);
  }
  const path = result.path;
  expect(path[0]!.key).toBe(from);
  expect(path.at(-1)!.key).toBe(to);
  expect(result.degrees).toBe(path.length - 1);
  expect(new Set(path.map((s) => s.key)).size).toBe(path.length);
  expect(path.at(-1)!.relationship).toBeNull();
  for (let i = 0; i < path.length - 1; i++) {
    const step = path[i]!;
    const next = path[i + 1]!;
    const rel = step.relationship!;
    const id = rel.direction === 'forward' ? `${step.key}|${rel.code}|${next.key}` : `${next.key}|${rel.code}|${step.key}`;
    expect(labels.has(id), `link ${id}`).toBe(true);
    expect(rel.label).toBe(labels.get(id));
  }
}

/**
 * Brute force over a small graph: every shortest path (as node sequences) with its weight computed
 * from the documented formula (a step weighs its lightest parallel link), intermediates limited to `allowed`.
 */
function bruteForce(fx: GraphFixture, from: string, to: string, p: EngineParameters) {
  const allowed = new Set(p.allowedTypes);
  const entity = new Map(fx.entities.map((e) => [e.key, e]));
  const adjacency = new Map<string, Map<string, number>>();
  const ranks = new Map<string, number>();
  for (const l of fx.links) {
    if (l.from === l.to) continue;
    // A step takes its parallel link of the best tier (the snapshot's order), and of those an acting one.
    const rank = TIER_LINK_WEIGHT[tierOfLink(l)] * 2 + (crewLinkWeight(l.relationship) ? 1 : 0);
    const w = (p.prioritizeDirectConnections ? TIER_LINK_WEIGHT[tierOfLink(l)] : 1) + crewLinkWeight(l.relationship);
    for (const [a, b] of [[l.from, l.to], [l.to, l.from]] as const) {
      const m = adjacency.get(a) ?? adjacency.set(a, new Map()).get(a)!;
      const r = ranks.get(`${a}|${b}`) ?? Infinity;
      if (rank < r) {
        ranks.set(`${a}|${b}`, rank);
        m.set(b, w);
      }
    }
  }
  const distanceFrom = (start: string): Map<string, number> => {
    const d = new Map([[start, 0]]);
    let frontier = [start];
    while (frontier.length) {
      const next: string[] = [];
      for (const u of frontier) {
        if (u !== start && !allowed.has(entity.get(u)!.type)) continue; // not traversable
        for (const v of adjacency.get(u)?.keys() ?? []) {
          if (d.has(v)) continue;
          d.set(v, d.get(u)! + 1);
          next.push(v);
        }
      }
      frontier = next;
    }
    return d;
  };
  const df = distanceFrom(from);
  const dt = distanceFrom(to);
  const total = df.get(to);
  if (total === undefined) return null;
  const paths: Array<{ nodes: string[]; weight: number }> = [];
  const walk = (u: string, nodes: string[], weight: number): void => {
    if (u === to) {
      paths.push({ nodes: [...nodes], weight });
      return;
    }
    for (const [v, w] of adjacency.get(u) ?? []) {
      if (df.get(v) !== df.get(u)! + 1 || dt.get(v) !== total - df.get(v)!) continue;
      if (v !== to && !allowed.has(entity.get(v)!.type)) continue;
      const penalty = v !== to && p.weightByPopularity ? popularityPenalty(entity.get(v)!.popularity ?? 0) : 0;
      nodes.push(v);
      walk(v, nodes, weight + w + penalty);
      nodes.pop();
    }
  };
  walk(from, [from], 0);
  return { degrees: total, paths, minWeight: Math.min(...paths.map((x) => x.weight)) };
}

describe('SearchEngine against a plain BFS on random graphs', () => {
  it('finds paths of the same length as single-direction BFS, with valid links', () => {
    let compared = 0;
    let found = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const random = seededRandom(seed * 7919);
      const fx = randomGraph({
        seed,
        people: 80 + Math.floor(random() * 200),
        movies: 30 + Math.floor(random() * 100),
        credits: 150 + Math.floor(random() * 400),
        genres: 3,
        keywords: 6,
        companies: 5,
        hubLinks: Math.floor(random() * 120),
      });
      const graph = buildGraph(fx);
      const engine = new SearchEngine(graph);
      const typeSets: EntityType[][] = [ALL_TYPES, ['person', 'movie'], ['person', 'movie', 'company'], [...DEFAULT_ALLOWED_TYPES]];
      for (let i = 0; i < 30; i++) {
        const a = Math.floor(random() * graph.nodeCount);
        const b = Math.floor(random() * graph.nodeCount);
        if (a === b) continue;
        const allowedTypes = typeSets[i % typeSets.length]!;
        const p = params({ allowedTypes, includeObscureConnections: true, maxDegrees: 8 });
        const result = engine.search(a, b, p);
        const expected = referenceDistance(fx, graph.key(a), graph.key(b), new Set(allowedTypes));
        const reachable = expected !== null && expected <= 8 ? expected : null;
        expect(result?.degrees ?? null, `seed ${seed} ${graph.key(a)} -> ${graph.key(b)}`).toBe(reachable);
        if (result) {
          found++;
          expectValidPath(fx, result, graph.key(a), graph.key(b));
          for (const step of result.path.slice(1, -1)) expect(allowedTypes).toContain(step.type);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(300);
  });

  it('matches the obscure-off rule: core and supporting links without hubs first, everything only when needed', () => {
    for (let seed = 100; seed < 115; seed++) {
      const fx = randomGraph({ seed, people: 150, movies: 60, credits: 260, genres: 3, keywords: 5, companies: 3, hubLinks: 80 });
      const graph = buildGraph(fx);
      const engine = new SearchEngine(graph);
      const hubs = new Set(fx.entities.filter((e) => isHubType(e.type)).map((e) => e.key));
      const random = seededRandom(seed);
      for (let i = 0; i < 30; i++) {
        const a = Math.floor(random() * graph.nodeCount);
        const b = Math.floor(random() * graph.nodeCount);
        if (a === b) continue;
        const [ka, kb] = [graph.key(a), graph.key(b)];
        const allowed = new Set(DEFAULT_ALLOWED_TYPES);
        // A hub picked as an endpoint keeps its own links (the only way to it).
        const usable = (l: GraphFixture['links'][number]) => isFanLink(l) || [l.from, l.to].some((k) => (k === ka || k === kb) && hubs.has(k));
        const strict = referenceDistance(fx, ka, kb, allowed, new Set([...hubs].filter((k) => k !== ka && k !== kb)), usable);
        const full = referenceDistance(fx, ka, kb, allowed);
        const expected = strict !== null && strict <= 6 ? strict : full !== null && full <= 6 ? full : null;
        const result = engine.search(a, b, params());
        expect(result?.degrees ?? null, `seed ${seed} ${ka} -> ${kb}`).toBe(expected);
        if (result) expect(result.stats.usedObscure).toBe(!(strict !== null && strict <= 6));
        if (result && !result.stats.usedObscure) {
          result.path.slice(0, -1).forEach((step, k) => {
            const atHubEndpoint = (k === 0 && hubs.has(ka)) || (k === result.path.length - 2 && hubs.has(kb));
            if (!atHubEndpoint) expect(step.relationship!.tier).not.toBe('obscure');
          });
        }
      }
    }
  });

  it('returns the exact lightest shortest path and the exact number of shortest paths', () => {
    const variants: Array<Partial<EngineParameters>> = [
      { weightByPopularity: true, prioritizeDirectConnections: true },
      { weightByPopularity: true, prioritizeDirectConnections: false },
      { weightByPopularity: false, prioritizeDirectConnections: true },
    ];
    let checked = 0;
    for (let seed = 200; seed < 225; seed++) {
      const fx = randomGraph({ seed, people: 60, movies: 25, credits: 140, genres: 2, companies: 3, hubLinks: 30 });
      const graph = buildGraph(fx);
      const engine = new SearchEngine(graph);
      const random = seededRandom(seed);
      for (let i = 0; i < 12; i++) {
        const a = Math.floor(random() * graph.nodeCount);
        const b = Math.floor(random() * graph.nodeCount);
        if (a === b) continue;
        const p = params({ ...variants[i % variants.length], allowedTypes: ALL_TYPES, includeObscureConnections: true, maxDegrees: 8 });
        const expected = bruteForce(fx, graph.key(a), graph.key(b), p);
        const result = engine.search(a, b, p);
        if (!expected || expected.degrees > 8) {
          expect(result).toBeNull();
          continue;
        }
        expect(result!.degrees).toBe(expected.degrees);
        expect(result!.shortestPathCount).toBe(expected.paths.length);
        expect(result!.totalWeight).toBeCloseTo(expected.minWeight, 9);
        const mine = expected.paths.find((x) => x.nodes.join() === keys(result)!.join());
        expect(mine, 'the returned path is one of the shortest paths').toBeDefined();
        expect(mine!.weight).toBeCloseTo(expected.minWeight, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('gives the same answers when buffers are reused across many searches', () => {
    const fx = randomGraph({ seed: 9, people: 400, movies: 150, credits: 900, genres: 4, hubLinks: 100 });
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const random = seededRandom(3);
    const pairs = Array.from({ length: 200 }, () => [Math.floor(random() * graph.nodeCount), Math.floor(random() * graph.nodeCount)] as const).filter(([a, b]) => a !== b);
    const first = pairs.map(([a, b]) => keys(engine.search(a, b, params())));
    const second = pairs.map(([a, b]) => keys(new SearchEngine(graph).search(a, b, params())));
    const third = pairs.map(([a, b]) => keys(engine.search(a, b, params())));
    expect(third).toEqual(first);
    expect(second).toEqual(first);
  });
});

/** p1 and p2 share a genre (4 links) and are also joined through three credits chains (6 links). */
const hubGraph = fixture(
  [
    ['person:p1'], ['person:p2'], ['person:x'], ['person:y'],
    ['movie:m1'], ['movie:m2'], ['movie:m3'], ['movie:m4'],
    ['genre:drama'],
  ],
  [
    ['person:p1', 'acted_in', 'movie:m1', 'Hero'],
    ['person:p2', 'acted_in', 'movie:m2', 'Villain'],
    ['movie:m1', 'has_genre', 'genre:drama'],
    ['movie:m2', 'has_genre', 'genre:drama'],
    ['person:x', 'acted_in', 'movie:m1'],
    ['person:x', 'directed', 'movie:m3'],
    ['person:y', 'acted_in', 'movie:m3'],
    ['person:y', 'wrote', 'movie:m2'],
  ],
);

describe('search parameters change results the way their names say', () => {
  it('includeObscureConnections: off avoids a genre hub while a hub-free path exists, on takes the shorter hub path', () => {
    const graph = buildGraph(hubGraph);
    const engine = new SearchEngine(graph);
    const [p1, p2] = [graph.resolve('person:p1'), graph.resolve('person:p2')];
    const off = engine.search(p1, p2, params({ includeObscureConnections: false }))!;
    expect(keys(off)).toEqual(['person:p1', 'movie:m1', 'person:x', 'movie:m3', 'person:y', 'movie:m2', 'person:p2']);
    expect(off.stats.usedObscure).toBe(false);
    const on = engine.search(p1, p2, params({ includeObscureConnections: true }))!;
    expect(keys(on)).toEqual(['person:p1', 'movie:m1', 'genre:drama', 'movie:m2', 'person:p2']);
    expect(on.degrees).toBe(4);
  });

  it('includeObscureConnections: off still uses a hub when no path exists without it (second pass)', () => {
    const graph = buildGraph(hubGraph);
    const engine = new SearchEngine(graph);
    const result = engine.search(graph.resolve('person:p1'), graph.resolve('person:p2'), params({ avoid: [graph.resolve('person:x')] }))!;
    expect(keys(result)).toEqual(['person:p1', 'movie:m1', 'genre:drama', 'movie:m2', 'person:p2']);
    expect(result.stats.passes).toBe(2);
    expect(result.stats.usedObscure).toBe(true);
  });

  /**
   * a and b: 4 links through a Foley artist (obscure crew links), 6 links through a director and a
   * co-star (core links). `withCoreChain: false` leaves only the obscure chain.
   */
  const tieredGraph = (withCoreChain = true) =>
    fixture(
      [['person:a', 50], ['person:b', 50], ['person:foley', 900], ['person:director', 5], ['person:costar', 5], ['movie:m1'], ['movie:m2'], ['movie:m3'], ['movie:m4']],
      [
        ['person:a', 'acted_in', 'movie:m1', 'Lead', 0],
        ['person:b', 'acted_in', 'movie:m2', 'Lead', 0],
        ['person:foley', 'crew', 'movie:m1', 'Foley Artist'],
        ['person:foley', 'crew', 'movie:m2', 'Foley Artist'],
        ...(withCoreChain
          ? ([
              ['person:director', 'directed', 'movie:m1'],
              ['person:director', 'directed', 'movie:m3'],
              ['person:costar', 'acted_in', 'movie:m3', 'Sidekick', 1],
              ['person:costar', 'acted_in', 'movie:m4', 'Villain', 2],
              ['person:b', 'acted_in', 'movie:m4', 'Hero', 0],
            ] as const)
          : []),
      ] as Array<[string, Parameters<typeof fixture>[1][number][1], string, string?, number?]>,
    );
  const tiersOf = (result: SearchResult) => result.path.slice(0, -1).map((step) => step.relationship!.tier);

  it('includeObscureConnections: off takes a longer chain of core links over a shorter one through obscure crew jobs; on, the short one', () => {
    const graph = buildGraph(tieredGraph());
    const engine = new SearchEngine(graph);
    const [a, b] = [graph.resolve('person:a'), graph.resolve('person:b')];
    const off = engine.search(a, b, params())!;
    expect(keys(off)).toEqual(['person:a', 'movie:m1', 'person:director', 'movie:m3', 'person:costar', 'movie:m4', 'person:b']);
    expect(tiersOf(off)).toEqual(['core', 'core', 'core', 'core', 'core', 'core']);
    expect(off.stats).toMatchObject({ passes: 1, usedObscure: false });
    const on = engine.search(a, b, params({ includeObscureConnections: true }))!;
    expect(keys(on)).toEqual(['person:a', 'movie:m1', 'person:foley', 'movie:m2', 'person:b']);
    expect(tiersOf(on)).toEqual(['core', 'obscure', 'obscure', 'core']);
    expect(on.path[1]!.relationship).toEqual({ code: 'crew', label: 'Foley Artist', direction: 'backward', tier: 'obscure' });
  });

  it('includeObscureConnections: off falls back to obscure links when no other chain fits, and says so', () => {
    const graph = buildGraph(tieredGraph(false));
    const engine = new SearchEngine(graph);
    const result = engine.search(graph.resolve('person:a'), graph.resolve('person:b'), params())!;
    expect(keys(result)).toEqual(['person:a', 'movie:m1', 'person:foley', 'movie:m2', 'person:b']);
    expect(result.stats).toMatchObject({ passes: 2, usedObscure: true });
    // Within maxDegrees only: the core chain of the full graph is 6 links, over a limit of 5 the obscure one is the answer.
    const full = buildGraph(tieredGraph());
    const limited = new SearchEngine(full).search(full.resolve('person:a'), full.resolve('person:b'), params({ maxDegrees: 5 }))!;
    expect(limited.degrees).toBe(4);
    expect(limited.stats.usedObscure).toBe(true);
  });

  it('prioritizeDirectConnections: among equally short chains core beats supporting beats obscure, whatever their popularity', () => {
    const fx = fixture(
      [['movie:m1', 10], ['movie:m2', 10], ['person:director', 1], ['person:producer', 500], ['person:gaffer', 5000], ['person:lead', 2], ['person:extra', 800]],
      [
        ['person:director', 'directed', 'movie:m1'],
        ['person:director', 'directed', 'movie:m2'],
        ['person:producer', 'produced', 'movie:m1', 'Producer'],
        ['person:producer', 'produced', 'movie:m2', 'Producer'],
        ['person:gaffer', 'crew', 'movie:m1', 'Gaffer'],
        ['person:gaffer', 'crew', 'movie:m2', 'Gaffer'],
      ],
    );
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const [m1, m2] = [graph.resolve('movie:m1'), graph.resolve('movie:m2')];
    const everything = params({ includeObscureConnections: true });
    const core = engine.search(m1, m2, everything)!;
    expect(keys(core)).toEqual(['movie:m1', 'person:director', 'movie:m2']);
    expect(core.totalWeight).toBeCloseTo(2 * (TIER_LINK_WEIGHT.core + crewLinkWeight('directed')) + popularityPenalty(1), 12);
    expect(core.shortestPathCount).toBe(3);
    // Without prioritizing, popularity alone decides.
    expect(keys(engine.search(m1, m2, params({ includeObscureConnections: true, prioritizeDirectConnections: false })))).toEqual(['movie:m1', 'person:gaffer', 'movie:m2']);
    // Obscure off: the gaffer is out; without the director, the producer (supporting) is next.
    expect(keys(engine.search(m1, m2, params({ prioritizeDirectConnections: false })))).toEqual(['movie:m1', 'person:producer', 'movie:m2']);
    const noDirector = engine.search(m1, m2, params({ ...everything, avoid: [graph.resolve('person:director')] }))!;
    expect(keys(noDirector)).toEqual(['movie:m1', 'person:producer', 'movie:m2']);
    expect(noDirector.totalWeight).toBeCloseTo(2 * (TIER_LINK_WEIGHT.supporting + crewLinkWeight('produced')) + popularityPenalty(500), 12);
  });

  it('among equally short chains acting links beat crew links, however core and famous the composer (issue 26)', () => {
    // Two 4-degree chains from a star to a star: one through a famous original-music composer (core
    // links), one through a little-known actor billed last (supporting links).
    const fx = fixture(
      [['person:streep', 50], ['person:chan', 50], ['movie:complicated', 10], ['movie:panda', 10], ['person:zimmer', 100000],
        ['movie:fox', 10], ['movie:noon', 10], ['person:wilson', 1]],
      [
        ['person:streep', 'acted_in', 'movie:complicated', undefined, 0],
        ['person:zimmer', 'composed', 'movie:complicated', 'Original Music Composer'],
        ['person:zimmer', 'composed', 'movie:panda', 'Original Music Composer'],
        ['person:chan', 'acted_in', 'movie:panda', undefined, 0],
        ['person:streep', 'acted_in', 'movie:fox', undefined, 0],
        ['person:wilson', 'acted_in', 'movie:fox', undefined, 30],
        ['person:wilson', 'acted_in', 'movie:noon', undefined, 30],
        ['person:chan', 'acted_in', 'movie:noon', undefined, 0],
      ],
    );
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const [streep, chan] = [graph.resolve('person:streep'), graph.resolve('person:chan')];
    const actors = ['person:streep', 'movie:fox', 'person:wilson', 'movie:noon', 'person:chan'];
    for (const prioritizeDirectConnections of [true, false]) {
      for (const weightByPopularity of [true, false]) {
        const p = params({ prioritizeDirectConnections, weightByPopularity });
        expect(keys(engine.search(streep, chan, p))).toEqual(actors);
        expect(keys(engine.search(chan, streep, p))).toEqual([...actors].reverse());
      }
    }
  });

  it('includeObscureConnections: off still reaches a hub picked as an endpoint through its own links, in one pass', () => {
    const graph = buildGraph(hubGraph);
    const engine = new SearchEngine(graph);
    const [p1, drama] = [graph.resolve('person:p1'), graph.resolve('genre:drama')];
    for (const [from, to] of [[p1, drama], [drama, p1]] as const) {
      const result = engine.search(from, to, params())!;
      expect(result.degrees).toBe(2);
      expect(result.stats).toMatchObject({ passes: 1, usedObscure: false });
    }
    // Through another hub it may not go: person:x reaches drama through m1 only.
    expect(engine.search(graph.resolve('person:y'), drama, params())!.stats.usedObscure).toBe(false);
    const alternatives = engine.listAlternatives(drama, p1, params(), 5)!;
    expect(alternatives.paths.map((p) => p.path.map((s) => s.key))).toEqual([['genre:drama', 'movie:m1', 'person:p1']]);
  });

  it('prioritizeDirectConnections: top-billed cast is core, later billing supporting', () => {
    const fx = fixture(
      [['movie:m1', 10], ['movie:m2', 10], ['person:star', 1], ['person:bit-part', 900]],
      [
        ['person:star', 'acted_in', 'movie:m1', 'Lead', 0],
        ['person:star', 'acted_in', 'movie:m2', 'Lead', 9],
        ['person:bit-part', 'acted_in', 'movie:m1', 'Waiter', 10],
        ['person:bit-part', 'acted_in', 'movie:m2', 'Cabbie', 44],
      ],
    );
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const result = engine.search(graph.resolve('movie:m1'), graph.resolve('movie:m2'), params())!;
    expect(keys(result)).toEqual(['movie:m1', 'person:star', 'movie:m2']);
    expect(tiersOf(result)).toEqual(['core', 'core']);
    const alternatives = engine.listAlternatives(graph.resolve('movie:m1'), graph.resolve('movie:m2'), params(), 5)!;
    expect(alternatives.paths.map((p) => tiersOf({ ...result, path: p.path }))).toEqual([['core', 'core'], ['supporting', 'supporting']]);
  });

  it('allowedTypes: intermediates of excluded types are never used, endpoints of excluded types still work', () => {
    const fx = fixture(
      [['movie:m1'], ['movie:m2'], ['company:studio'], ['person:p'], ['movie:m3'], ['person:q']],
      [
        ['movie:m1', 'produced_by', 'company:studio'],
        ['movie:m2', 'produced_by', 'company:studio'],
        ['person:p', 'acted_in', 'movie:m1'],
        ['person:p', 'acted_in', 'movie:m3'],
        ['person:q', 'acted_in', 'movie:m3'],
        ['person:q', 'acted_in', 'movie:m2'],
      ],
    );
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const [m1, m2] = [graph.resolve('movie:m1'), graph.resolve('movie:m2')];
    // Companies are hubs: the default goes through people, obscure connections take the company.
    expect(engine.search(m1, m2, params())!.degrees).toBe(4);
    expect(engine.search(m1, m2, params({ includeObscureConnections: true }))!.degrees).toBe(2);
    const noCompanies = engine.search(m1, m2, params({ allowedTypes: ['person', 'movie'] }))!;
    expect(keys(noCompanies)).toEqual(['movie:m1', 'person:p', 'movie:m3', 'person:q', 'movie:m2']);
    // The company itself as an endpoint, though companies are not allowed as intermediates.
    const fromCompany = engine.search(graph.resolve('company:studio'), graph.resolve('person:q'), params({ allowedTypes: ['person', 'movie'] }))!;
    expect(fromCompany.degrees).toBe(2);
    expect(engine.search(m1, m2, params({ allowedTypes: ['movie'] }))).toBeNull();
  });

  it('weightByPopularity: among equally short paths the popular intermediate wins, whichever side expands', () => {
    const fx = fixture(
      [['person:a', 10], ['person:b', 10], ['movie:obscure', 1], ['movie:blockbuster', 900], ['movie:midlist', 30]],
      [
        ['person:a', 'acted_in', 'movie:obscure'],
        ['person:b', 'acted_in', 'movie:obscure'],
        ['person:a', 'acted_in', 'movie:midlist'],
        ['person:b', 'acted_in', 'movie:midlist'],
        ['person:a', 'acted_in', 'movie:blockbuster'],
        ['person:b', 'acted_in', 'movie:blockbuster'],
      ],
    );
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const [a, b] = [graph.resolve('person:a'), graph.resolve('person:b')];
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const result = engine.search(x, y, params({ includeObscureConnections: true }))!;
      expect(result.path[1]!.key).toBe('movie:blockbuster');
      expect(result.shortestPathCount).toBe(3);
      expect(result.totalWeight).toBeCloseTo(2 + popularityPenalty(900), 12);
    }
    const unweighted = engine.search(a, b, params({ includeObscureConnections: true, weightByPopularity: false }))!;
    expect(unweighted.totalWeight).toBe(2);
  });

  it('prioritizeDirectConnections: a person–movie credit beats a more popular company hub of the same length', () => {
    const fx = fixture(
      [['movie:m1', 10], ['movie:m2', 10], ['company:megacorp', 1000], ['person:writer', 2]],
      [
        ['movie:m1', 'produced_by', 'company:megacorp'],
        ['movie:m2', 'produced_by', 'company:megacorp'],
        ['person:writer', 'wrote', 'movie:m1', 'Screenplay'],
        ['person:writer', 'wrote', 'movie:m2', 'Novel'],
      ],
    );
    const graph = buildGraph(fx);
    const engine = new SearchEngine(graph);
    const [m1, m2] = [graph.resolve('movie:m1'), graph.resolve('movie:m2')];
    const direct = engine.search(m1, m2, params({ includeObscureConnections: true, prioritizeDirectConnections: true }))!;
    expect(keys(direct)).toEqual(['movie:m1', 'person:writer', 'movie:m2']);
    expect(direct.path[0]!.relationship).toEqual({ code: 'wrote', label: 'Screenplay', direction: 'backward', tier: 'core' });
    const byPopularity = engine.search(m1, m2, params({ includeObscureConnections: true, prioritizeDirectConnections: false }))!;
    expect(keys(byPopularity)).toEqual(['movie:m1', 'company:megacorp', 'movie:m2']);
    expect(byPopularity.path[0]!.relationship).toEqual({ code: 'produced_by', label: null, direction: 'forward', tier: 'obscure' });
  });

  it('maxDegrees: a path longer than the limit is not returned', () => {
    const graph = buildGraph(hubGraph);
    const engine = new SearchEngine(graph);
    const [p1, p2] = [graph.resolve('person:p1'), graph.resolve('person:p2')];
    expect(engine.search(p1, p2, params({ includeObscureConnections: true, maxDegrees: 3 }))).toBeNull();
    expect(engine.search(p1, p2, params({ includeObscureConnections: true, maxDegrees: 4 }))!.degrees).toBe(4);
    expect(engine.search(p1, p2, params({ allowedTypes: ['person', 'movie'], maxDegrees: 5 }))).toBeNull();
    expect(engine.search(p1, p2, params({ allowedTypes: ['person', 'movie'], maxDegrees: 6 }))!.degrees).toBe(6);
    expect(engine.search(p1, graph.resolve('movie:m1'), params({ maxDegrees: 1 }))!.degrees).toBe(1);
  });

  it('avoid: avoided entities never appear, and avoiding every bridge gives no path', () => {
    const graph = buildGraph(hubGraph);
    const engine = new SearchEngine(graph);
    const [p1, p2] = [graph.resolve('person:p1'), graph.resolve('person:p2')];
    const drama = graph.resolve('genre:drama');
    const x = graph.resolve('person:x');
    const result = engine.search(p1, p2, params({ includeObscureConnections: true, avoid: [drama] }))!;
    expect(result.degrees).toBe(6);
    expect(keys(result)).not.toContain('genre:drama');
    expect(engine.search(p1, p2, params({ includeObscureConnections: true, avoid: [drama, x] }))).toBeNull();
    // The same answer as before once nothing is avoided: avoid leaves no trace in reused buffers.
    expect(engine.search(p1, p2, params({ includeObscureConnections: true }))!.degrees).toBe(4);
  });

  it('avoid: random graphs agree with a BFS that skips the avoided entities', () => {
    for (let seed = 300; seed < 310; seed++) {
      const fx = randomGraph({ seed, people: 200, movies: 80, credits: 400 });
      const graph = buildGraph(fx);
      const engine = new SearchEngine(graph);
      const random = seededRandom(seed);
      for (let i = 0; i < 20; i++) {
        const a = Math.floor(random() * graph.nodeCount);
        const b = Math.floor(random() * graph.nodeCount);
        const avoid = Array.from({ length: 1 + Math.floor(random() * 20) }, () => Math.floor(random() * graph.nodeCount)).filter((v) => v !== a && v !== b);
        if (a === b) continue;
        const p = params({ includeObscureConnections: true, allowedTypes: ALL_TYPES, maxDegrees: 8, avoid });
        const expected = referenceDistance(fx, graph.key(a), graph.key(b), new Set(ALL_TYPES), new Set(avoid.map((v) => graph.key(v))));
        const result = engine.search(a, b, p);
        expect(result?.degrees ?? null).toBe(expected !== null && expected <= 8 ? expected : null);
        for (const step of result?.path ?? []) expect(avoid).not.toContain(step.index);
      }
    }
  });
});

describe('progress and cancellation', () => {
  const fx = randomGraph({ seed: 5, people: 3000, movies: 1000, credits: 9000, genres: 5, hubLinks: 500 });
  const graph: Graph = buildGraph(fx);
  // A person at least 3 links away from person 1 (fixed by the seed).
  const probe = new SearchEngine(graph);
  let target = 2000;
  while ((probe.search(1, target, params({ includeObscureConnections: true, allowedTypes: ['person', 'movie'] }))?.degrees ?? 0) < 3) target++;

  it('reports each layer with growing counters and a popularity-sorted sample', () => {
    const engine = new SearchEngine(graph);
    const progress: SearchProgress[] = [];
    const result = engine.search(1, target, params({ includeObscureConnections: true, allowedTypes: ['person', 'movie'] }), { onProgress: (p) => progress.push(p), sampleSize: 4 })!;
    expect(progress.length).toBe(result.stats.layers);
    expect(progress.length).toBeGreaterThanOrEqual(result.degrees);
    progress.forEach((p, i) => {
      expect(p.layer).toBe(i + 1);
      expect(['from', 'to']).toContain(p.side);
      expect(p.sample.length).toBeLessThanOrEqual(4);
      expect(p.sample.length).toBe(Math.min(4, p.frontierSize));
      for (let k = 1; k < p.sample.length; k++) expect(p.sample[k - 1]!.popularity).toBeGreaterThanOrEqual(p.sample[k]!.popularity);
      for (const s of p.sample) expect(s.name).toBe(graph.name(s.index));
      if (i > 0) {
        expect(p.edgesScanned).toBeGreaterThanOrEqual(progress[i - 1]!.edgesScanned);
        expect(p.elapsedMs).toBeGreaterThanOrEqual(progress[i - 1]!.elapsedMs);
      }
    });
    expect(progress.at(-1)!.edgesScanned).toBe(result.stats.edgesScanned);
  });

  it('stops with SearchCancelledError when the signal is aborted, before or during the search', () => {
    const engine = new SearchEngine(graph);
    const aborted = new AbortController();
    aborted.abort();
    expect(() => engine.search(1, target, params(), { signal: aborted.signal })).toThrow(SearchCancelledError);
    const during = new AbortController();
    let layers = 0;
    expect(() =>
      engine.search(1, target, params({ allowedTypes: ALL_TYPES, includeObscureConnections: true }), {
        signal: during.signal,
        onProgress: () => {
          layers++;
          during.abort();
        },
      }),
    ).toThrow(SearchCancelledError);
    expect(layers).toBe(1);
    // A cancelled search leaves the engine usable.
    expect(keys(engine.search(1, target, params()))).toEqual(keys(new SearchEngine(graph).search(1, target, params())));
  });

  it('stops when a shared cancellation flag is raised', () => {
    const engine = new SearchEngine(graph);
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    expect(() => engine.search(1, target, params(), { cancelFlag: flag })).toThrow(SearchCancelledError);
  });
});

describe('budget', () => {
  // Two disjoint, dense movie worlds: a search from one to the other finds nothing after reading
  // every link within four steps of each end (over a million), which no machine does in 1 ms.
  const island = (prefix: string, seed: number): GraphFixture => {
    const fx = randomGraph({ seed, people: 40_000, movies: 15_000, credits: 500_000, genres: 20, keywords: 200, companies: 100, hubLinks: 150_000 });
    const rename = (key: string) => {
      const { type, id } = parseEntityKey(key)!;
      return entityKey(type, `${prefix}${id}`);
    };
    return {
      entities: fx.entities.map((e) => ({ ...e, key: rename(e.key) })),
      links: fx.links.map((l) => ({ ...l, from: rename(l.from), to: rename(l.to) })),
    };
  };
  const [east, west] = [island('e', 61), island('w', 62)];
  const graph = buildGraph({ entities: [...east.entities, ...west.entities], links: [...east.links, ...west.links] });
  const from = graph.resolve('person:e1');
  const to = graph.resolve('person:w1');
  const wide = params({ includeObscureConnections: true, allowedTypes: ALL_TYPES, maxDegrees: 8 });
  const unlimited = new SearchEngine(graph);
  const full = unlimited.search(from, to, wide);
  const fullStats = unlimited.lastStats!;
  const near = (engine: SearchEngine) => keys(engine.search(from, graph.resolve('person:e2'), params()));

  it('is large enough to need the budgets: no path, after many entities and links', () => {
    expect(full).toBeNull();
    console.log(`budget fixture: ${fullStats.visited} entities visited, ${fullStats.edgesScanned} links read without a budget`);
    expect(fullStats.visited).toBeGreaterThan(50_000);
    expect(fullStats.edgesScanned).toBeGreaterThan(1_000_000);
  });

  it('stops at the visited budget with SEARCH_BUDGET_EXCEEDED, and the engine answers normally afterwards', () => {
    const engine = new SearchEngine(graph);
    const progress: SearchProgress[] = [];
    let error: unknown;
    try {
      engine.search(from, to, wide, { budget: { maxVisited: 20_000 }, onProgress: (p) => progress.push(p) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'visited', value: 20_000 } });
    // Checked every few thousand links: it stops soon after the limit, far before the whole world.
    for (const p of progress) expect(p.visited).toBeLessThanOrEqual(20_000 + 8192);
    expect(near(engine)).toEqual(near(new SearchEngine(graph)));
    expect(engine.search(from, to, wide, { budget: { maxVisited: fullStats.visited } })).toBeNull();
  });

  it('stops at the time budget with SEARCH_BUDGET_EXCEEDED', () => {
    const engine = new SearchEngine(graph);
    expect(() => engine.search(from, to, wide, { budget: { timeMs: 1 } })).toThrow(expect.objectContaining({ code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'timeMs', value: 1 } }));
    expect(() => engine.listAlternatives(from, to, wide, 5, { budget: { timeMs: 1 } })).toThrow(expect.objectContaining({ code: 'SEARCH_BUDGET_EXCEEDED' }));
    expect(near(engine)).toEqual(near(new SearchEngine(graph)));
  });

  it('counts both passes against the visited budget', () => {
    const engine = new SearchEngine(graph);
    engine.search(from, to, params({ allowedTypes: ALL_TYPES, maxDegrees: 8 }));
    const twoPasses = engine.lastStats!;
    expect(twoPasses.passes).toBe(2);
    expect(() => engine.search(from, to, params({ allowedTypes: ALL_TYPES, maxDegrees: 8 }), { budget: { maxVisited: twoPasses.visited - 1 } })).toThrow(
      expect.objectContaining({ code: 'SEARCH_BUDGET_EXCEEDED' }),
    );
  });
});

describe('alternatives', () => {
  it('lists distinct shortest paths, all valid, the first being the search answer', () => {
    for (let seed = 400; seed < 410; seed++) {
      const fx = randomGraph({ seed, people: 120, movies: 40, credits: 400, genres: 2, hubLinks: 20 });
      const graph = buildGraph(fx);
      const engine = new SearchEngine(graph);
      const random = seededRandom(seed);
      for (let i = 0; i < 10; i++) {
        const a = Math.floor(random() * graph.nodeCount);
        const b = Math.floor(random() * graph.nodeCount);
        if (a === b) continue;
        const p = params({ includeObscureConnections: true, allowedTypes: ALL_TYPES });
        const best = engine.search(a, b, p);
        const alternatives = engine.listAlternatives(a, b, p, 8);
        if (!best) {
          expect(alternatives).toBeNull();
          continue;
        }
        const list = alternatives!.paths;
        expect(keys({ ...best, path: list[0]!.path })).toEqual(keys(best));
        expect(list[0]!.totalWeight).toBeCloseTo(best.totalWeight, 9);
        expect(list.length).toBe(Math.min(8, best.shortestPathCount));
        expect(new Set(list.map((x) => x.path.map((s) => s.key).join())).size).toBe(list.length);
        for (const alt of list) {
          expect(alt.degrees).toBe(best.degrees);
          expect(alt.totalWeight).toBeGreaterThanOrEqual(best.totalWeight - 1e-9);
          expectValidPath(fx, { ...best, path: alt.path, degrees: alt.degrees }, graph.key(a), graph.key(b));
        }
      }
    }
  });

  it('enumerates every path when there are few', () => {
    const graph = buildGraph(hubGraph);
    const engine = new SearchEngine(graph);
    const fx2 = fixture(
      [['person:a'], ['person:b'], ['movie:m1', 5], ['movie:m2', 50], ['movie:m3', 500]],
      [
        ['person:a', 'acted_in', 'movie:m1'], ['person:b', 'acted_in', 'movie:m1'],
        ['person:a', 'acted_in', 'movie:m2'], ['person:b', 'acted_in', 'movie:m2'],
        ['person:a', 'acted_in', 'movie:m3'], ['person:b', 'acted_in', 'movie:m3'],
      ],
    );
    const g2 = buildGraph(fx2);
    const result = new SearchEngine(g2).listAlternatives(g2.resolve('person:a'), g2.resolve('person:b'), params({ includeObscureConnections: true }), 10)!;
    expect(result.shortestPathCount).toBe(3);
    expect(result.paths.map((x) => x.path[1]!.key)).toEqual(['movie:m3', 'movie:m2', 'movie:m1']);
    expect(engine.listAlternatives(graph.resolve('person:p1'), graph.resolve('person:p2'), params({ maxDegrees: 2 }), 3)).toBeNull();
  });
});

describe('bad input', () => {
  const graph = buildGraph(hubGraph);
  const engine = new SearchEngine(graph);

  it('rejects unknown entities and the same entity twice with typed errors', () => {
    const error = (fn: () => unknown): GraphError => {
      try {
        fn();
      } catch (e) {
        return e as GraphError;
      }
      throw new Error('expected a GraphError');
    };
    expect(error(() => engine.search(0, graph.nodeCount, params()))).toMatchObject({ name: 'GraphError', code: 'INVALID_ENTITY' });
    expect(error(() => engine.search(-1, 0, params()))).toMatchObject({ code: 'INVALID_ENTITY' });
    expect(error(() => engine.search(2, 2, params()))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error(() => engine.search(0, 1, params({ maxDegrees: 9 })))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error(() => engine.search(0, 1, params({ avoid: [1] })))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error(() => engine.search(0, 1, params({ avoid: [99] })))).toMatchObject({ code: 'INVALID_ENTITY' });
    expect(error(() => engine.search(0, 1, params({ avoid: [99] })))).toBeInstanceOf(GraphError);
  });
});
