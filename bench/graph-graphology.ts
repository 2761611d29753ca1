/**
 * Graphology comparison, run as its own process by bench/graph.ts (so its memory does not blur the
 * main measurements): on a smaller graph generated the same way, the same person↔person searches
 * with graphology + graphology-shortest-path's bidirectional BFS and with our engine, twice:
 * - personToPerson: only people, movies and credits (our engine: allowedTypes person + movie);
 * - everything: every entity and link, hubs included (our engine: every type allowed).
 *
 * Usage: npx tsx bench/graph-graphology.ts <scale> <searches> <snapshot path>   (prints JSON)
 */
import { UndirectedGraph } from 'graphology';
import { bidirectional } from 'graphology-shortest-path/unweighted.js';
import { ENTITY_TYPES } from '@cinema-dna/shared-types';
import { defaultParameters, type EngineParameters } from '../backend/src/graph/parameters.js';
import { SearchEngine } from '../backend/src/graph/search.js';
import { loadSnapshotSync } from '../backend/src/graph/snapshot.js';
import { TYPE_CODE } from '../backend/src/graph/model.js';
import { buildImdbShapedSnapshot, prng } from './graph-generate.js';
import { roundSummary, summarize } from './latency.js';

const [scaleArg, searchesArg, path] = process.argv.slice(2);
const scale = Number(scaleArg);
const searches = Number(searchesArg);
if (!(scale > 0) || !(searches > 0) || !path) {
  console.error('usage: npx tsx bench/graph-graphology.ts <scale> <searches> <snapshot path>');
  process.exit(2);
}

const build = buildImdbShapedSnapshot(path, scale);
const graph = loadSnapshotSync(path);
const engine = new SearchEngine(graph);
const person = TYPE_CODE.person;
const movie = TYPE_CODE.movie;

/** Graphology copy of the snapshot: every entity and link, or only people, movies and credits. */
function toGraphology(peopleAndMovies: boolean): { graph: UndirectedGraph; buildMs: number; rssBytes: number } {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const g = new UndirectedGraph();
  const keep = (v: number) => !peopleAndMovies || graph.types[v] === person || graph.types[v] === movie;
  for (let v = 0; v < graph.nodeCount; v++) if (keep(v)) g.addNode(v);
  for (let v = 0; v < graph.nodeCount; v++) {
    if (!keep(v)) continue;
    for (let p = graph.offsets[v]!; p < graph.offsets[v + 1]!; p++) {
      const w = graph.neighbours[p]!;
      if (w > v && keep(w)) g.mergeEdge(v, w);
    }
  }
  return { graph: g, buildMs: performance.now() - started, rssBytes: process.memoryUsage().rss - rssBefore };
}

const people: number[] = [];
for (let v = 0; v < graph.nodeCount; v++) if (graph.types[v] === person && graph.degree(v) > 0) people.push(v);
const random = prng(7);
const pairs = Array.from({ length: searches }, () => {
  const a = people[Math.floor(random() * people.length)]!;
  let b = people[Math.floor(random() * people.length)]!;
  while (b === a) b = people[Math.floor(random() * people.length)]!;
  return [a, b] as const;
});

/**
 * The same searches both ways, each side warmed up and run on its own (interleaving them would let
 * each evict the other's working set from the caches). Graphology's BFS has no depth limit, so
 * ours runs with the maximum (8) and answers are compared where both can answer.
 */
function compare(g: UndirectedGraph, params: EngineParameters) {
  const warm = Math.min(200, searches);
  const ours: number[] = [];
  const ourDegrees: Array<number | null> = [];
  for (let i = 0; i < warm; i++) engine.search(pairs[(i * 7) % pairs.length]![0], pairs[(i * 7) % pairs.length]![1], params);
  for (const [a, b] of pairs) {
    const t = performance.now();
    const mine = engine.search(a, b, params);
    ours.push(performance.now() - t);
    ourDegrees.push(mine ? mine.degrees : null);
  }
  const theirs: number[] = [];
  let mismatches = 0;
  for (let i = 0; i < warm; i++) bidirectional(g, String(pairs[(i * 7) % pairs.length]![0]), String(pairs[(i * 7) % pairs.length]![1]));
  pairs.forEach(([a, b], i) => {
    const t = performance.now();
    const path = bidirectional(g, String(a), String(b));
    theirs.push(performance.now() - t);
    const theirDegrees = path ? path.length - 1 : null;
    const mine = ourDegrees[i]!;
    if (theirDegrees !== mine && !(mine === null && theirDegrees !== null && theirDegrees > params.maxDegrees)) mismatches++;
  });
  const engineMs = summarize(ours);
  const graphologyMs = summarize(theirs);
  return {
    mismatches,
    engineMs: roundSummary(engineMs),
    graphologyMs: roundSummary(graphologyMs),
    ratioMean: graphologyMs.mean / engineMs.mean,
    ratioP50: graphologyMs.p50 / engineMs.p50,
    ratioP99: graphologyMs.p99 / engineMs.p99,
  };
}

const restricted = toGraphology(true);
const personToPerson = {
  graphologyNodes: restricted.graph.order,
  graphologyEdges: restricted.graph.size,
  graphologyBuildMs: Math.round(restricted.buildMs),
  graphologyRssBytes: restricted.rssBytes,
  ...compare(restricted.graph, { ...defaultParameters(), allowedTypes: ['person', 'movie'], includeObscureConnections: true, maxDegrees: 8 }),
};
restricted.graph.clear();
const full = toGraphology(false);
const everything = {
  graphologyNodes: full.graph.order,
  graphologyEdges: full.graph.size,
  graphologyBuildMs: Math.round(full.buildMs),
  graphologyRssBytes: full.rssBytes,
  ...compare(full.graph, { ...defaultParameters(), allowedTypes: [...ENTITY_TYPES], includeObscureConnections: true, maxDegrees: 8 }),
};
process.stdout.write(`${JSON.stringify({ scale, entities: build.entities, links: build.links, searches, personToPerson, everything })}\n`);
