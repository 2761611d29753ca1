/**
 * Property test of the engine: thousands of random searches with random `avoid` lists and random
 * parameters on generated graphs must end, throw nothing but the documented GraphErrors, and agree
 * with a plain BFS that skips the avoided entities and follows the tier rules (a first pass over
 * core and supporting links without hubs, everything only when that finds nothing). Seeded: a
 * failure names its seed and case; SEARCH_PROPERTY_SEED=<n> replays another run.
 */
import { describe, expect, it } from 'vitest';
import { ENTITY_TYPES, MAX_DEGREES, MIN_DEGREES, type EntityType } from '@cinema-dna/shared-types';
import { GraphError } from './errors.js';
import type { EngineParameters } from './parameters.js';
import { SearchEngine, type PathStep, type SearchProgress, type SearchResult } from './search.js';
import type { Graph } from './snapshot.js';
import { adjacencyOf, buildGraph, isFanLink, isHubType, randomGraph, referenceShortestPaths, seededRandom, type GraphFixture } from './test-graphs.js';

const BASE_SEED = process.env.SEARCH_PROPERTY_SEED ? Number(process.env.SEARCH_PROPERTY_SEED) : 80_008;
const GRAPHS = 60;
const SEARCHES_PER_GRAPH = 100;

interface Case {
  seed: number;
  index: number;
  from: number;
  to: number;
  params: EngineParameters;
}

const describeCase = (c: Case, graph: Graph) =>
  `seed ${c.seed} case ${c.index}: ${graph.key(c.from)} -> ${graph.key(c.to)} ${JSON.stringify({ ...c.params, avoid: c.params.avoid?.map((v) => graph.key(v)) })}`;

interface Adjacencies {
  /** Every link. */
  full: Map<string, Set<string>>;
  /** Core and supporting links only. */
  fan: Map<string, Set<string>>;
}

/** The fan adjacency plus every link of the given (hub) endpoints. */
function withHubEndpoints(adjacency: Adjacencies, hubs: string[]): Map<string, Set<string>> {
  if (hubs.length === 0) return adjacency.fan;
  const view = new Map(adjacency.fan);
  for (const hub of hubs) {
    view.set(hub, new Set(adjacency.full.get(hub)));
    for (const neighbour of adjacency.full.get(hub)!) view.set(neighbour, new Set([...view.get(neighbour)!, hub]));
  }
  return view;
}

/** What the engine should answer, from plain BFS under the engine's documented rules (parameters.ts, tiers.ts). */
function expected(fx: GraphFixture, adjacency: Adjacencies, graph: Graph, c: Case) {
  const type = new Map(fx.entities.map((e) => [e.key, e.type]));
  const allowed = new Set<EntityType>(c.params.allowedTypes);
  const avoid = new Set((c.params.avoid ?? []).map((v) => graph.key(v)));
  const [from, to] = [graph.key(c.from), graph.key(c.to)];
  const within = (r: ReturnType<typeof referenceShortestPaths>) => (r && r.degrees <= c.params.maxDegrees ? r : null);
  const full = { adjacency: adjacency.full, passable: (k: string) => allowed.has(type.get(k)!), usedObscure: false, fanOnly: false };
  if (c.params.includeObscureConnections) {
    const answer = within(referenceShortestPaths(full.adjacency, from, to, full.passable, avoid));
    return answer && { ...answer, ...full };
  }
  // Obscure off: a strict pass over core and supporting links without hub entities — except the
  // links of an endpoint that is itself a hub — the full pass only when the strict one finds nothing.
  const strict = { adjacency: withHubEndpoints(adjacency, [from, to].filter((k) => isHubType(type.get(k)!))), passable: (k: string) => allowed.has(type.get(k)!) && !isHubType(type.get(k)!), usedObscure: false, fanOnly: true };
  const strictAnswer = within(referenceShortestPaths(strict.adjacency, from, to, strict.passable, avoid));
  if (strictAnswer) return { ...strictAnswer, ...strict };
  const fullAnswer = within(referenceShortestPaths(full.adjacency, from, to, full.passable, avoid));
  return fullAnswer && { ...fullAnswer, ...full, usedObscure: true };
}

/**
 * A real path: the endpoints, real links (of the pass's tiers, as the steps say), no repeats,
 * nothing avoided, intermediates that may be passed.
 */
function expectRealPath(path: PathStep[], want: { adjacency: Map<string, Set<string>>; passable: (key: string) => boolean; fanOnly: boolean }, c: Case, graph: Graph, label: string) {
  const { adjacency, passable } = want;
  const keys = path.map((s) => s.key);
  expect(keys[0], label).toBe(graph.key(c.from));
  expect(keys.at(-1), label).toBe(graph.key(c.to));
  expect(new Set(keys).size, label).toBe(keys.length);
  for (let i = 0; i + 1 < keys.length; i++) expect(adjacency.get(keys[i]!)!.has(keys[i + 1]!), `${label}: link ${keys[i]} - ${keys[i + 1]}`).toBe(true);
  if (want.fanOnly) {
    path.slice(0, -1).forEach((step, i) => {
      const touchesHubEndpoint = (i === 0 && isHubType(step.type)) || (i === path.length - 2 && isHubType(path.at(-1)!.type));
      if (!touchesHubEndpoint) expect(step.relationship!.tier, `${label}: ${step.key}'s link`).not.toBe('obscure');
    });
  }
  for (const step of path.slice(1, -1)) {
    expect(c.params.avoid ?? [], `${label}: avoided ${step.key} on the path`).not.toContain(step.index);
    expect(passable(step.key), `${label}: ${step.key} may not be an intermediate`).toBe(true);
  }
}

function randomCase(random: () => number, graph: Graph, seed: number, index: number): Case {
  const pick = () => Math.floor(random() * graph.nodeCount);
  const from = pick();
  let to = pick();
  if (to === from) to = (from + 1) % graph.nodeCount;
  // Person and movie carry most paths: keep them more often than the rest.
  let allowedTypes = ENTITY_TYPES.filter((t) => random() < (t === 'person' || t === 'movie' ? 0.85 : 0.5));
  if (allowedTypes.length === 0) allowedTypes = [ENTITY_TYPES[Math.floor(random() * ENTITY_TYPES.length)]!];
  // Mostly entities other than the endpoints; now and then an endpoint, which must be refused.
  const avoid = Array.from({ length: Math.floor(random() * 7) }, () => (random() < 0.01 ? (random() < 0.5 ? from : to) : pick()));
  return {
    seed,
    index,
    from,
    to,
    params: {
      maxDegrees: MIN_DEGREES + Math.floor(random() * (MAX_DEGREES - MIN_DEGREES + 1)),
      allowedTypes,
      prioritizeDirectConnections: random() < 0.5,
      includeObscureConnections: random() < 0.5,
      weightByPopularity: random() < 0.5,
      avoid,
    },
  };
}

describe('SearchEngine with random avoid lists and parameters (property)', () => {
  it(`ends, throws only documented GraphErrors, and agrees with a plain BFS (base seed ${BASE_SEED})`, () => {
    console.log(`search property test: base seed ${BASE_SEED} (replay with SEARCH_PROPERTY_SEED=${BASE_SEED})`);
    let searches = 0;
    let found = 0;
    let refused = 0;
    let alternativesChecked = 0;
    for (let g = 0; g < GRAPHS; g++) {
      const seed = BASE_SEED + g;
      const random = seededRandom(seed);
      const fx = randomGraph({
        seed,
        people: 20 + Math.floor(random() * 250),
        movies: 8 + Math.floor(random() * 90),
        credits: 30 + Math.floor(random() * 450),
        genres: Math.floor(random() * 4),
        keywords: Math.floor(random() * 6),
        companies: Math.floor(random() * 5),
        hubLinks: Math.floor(random() * 120),
      });
      const graph = buildGraph(fx);
      const adjacency = { full: adjacencyOf(fx), fan: adjacencyOf(fx, isFanLink) };
      const engine = new SearchEngine(graph);
      for (let i = 0; i < SEARCHES_PER_GRAPH; i++) {
        const c = randomCase(random, graph, seed, i);
        const label = describeCase(c, graph);
        const progress: SearchProgress[] = [];
        let result: SearchResult | null;
        try {
          result = engine.search(c.from, c.to, c.params, { onProgress: (p) => progress.push(p) });
        } catch (error) {
          const endpointAvoided = c.params.avoid!.includes(c.from) || c.params.avoid!.includes(c.to);
          expect(error, label).toBeInstanceOf(GraphError);
          expect(endpointAvoided, `${label}: ${(error as Error).message}`).toBe(true);
          expect((error as GraphError).code, label).toBe('VALIDATION_FAILED');
          refused++;
          continue;
        }
        searches++;
        const stats = engine.lastStats!;
        // Progress: one report per layer, visited never shrinks and ends at the search's own count.
        expect(progress.length, label).toBe(stats.layers);
        for (let k = 1; k < progress.length; k++) expect(progress[k]!.visited, label).toBeGreaterThanOrEqual(progress[k - 1]!.visited);
        expect(progress.at(-1)!.visited, label).toBe(stats.visited);
        expect(stats.visited, label).toBeLessThanOrEqual(2 * graph.nodeCount);

        const want = expected(fx, adjacency, graph, c);
        expect(result?.degrees ?? null, label).toBe(want?.degrees ?? null);
        if (!result || !want) continue;
        found++;
        expect(result.degrees, label).toBe(result.path.length - 1);
        expect(result.shortestPathCount, label).toBe(want.count);
        expect(result.stats.usedObscure, label).toBe(want.usedObscure);
        expect(Number.isFinite(result.totalWeight), label).toBe(true);
        expectRealPath(result.path, want, c, graph, label);

        if (i % 4 === 0) {
          const limit = 1 + Math.floor(random() * 8);
          const alternatives = engine.listAlternatives(c.from, c.to, c.params, limit)!;
          expect(alternatives, label).not.toBeNull();
          expect(alternatives.degrees, label).toBe(result.degrees);
          expect(alternatives.shortestPathCount, label).toBe(want.count);
          expect(alternatives.paths[0]!.path.map((s) => s.key), label).toEqual(result.path.map((s) => s.key));
          expect(alternatives.paths.length, label).toBe(Math.min(limit, want.count));
          expect(new Set(alternatives.paths.map((p) => p.path.map((s) => s.key).join())).size, label).toBe(alternatives.paths.length);
          for (const alt of alternatives.paths) {
            expect(alt.degrees, label).toBe(result.degrees);
            expectRealPath(alt.path, want, c, graph, `${label} (alternative)`);
          }
          alternativesChecked++;
        }
      }
    }
    console.log(`search property test: ${searches} searches (${found} found), ${refused} refused, ${alternativesChecked} alternatives lists`);
    expect(searches).toBeGreaterThan(3000);
    expect(found).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(0);
    expect(alternativesChecked).toBeGreaterThan(100);
  });
});
