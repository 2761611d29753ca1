/**
 * Connection-engine benchmark: generates an IMDb-shaped graph (scale 1: 1M movies, 3M people,
 * 10.5M credits, genre/keyword/company/collection hubs; seeded), builds its snapshot, then measures
 * load time and memory, search compute time through the worker pool (person↔person and default
 * parameters) with the main thread's longest event-loop stall, the engine against a bare
 * bidirectional BFS over the same arrays (the floor), typeahead latency, recommendations (random walks
 * from 20-film histories, in-process and through the pool), and graphology on a smaller graph
 * generated the same way. Prints a table and writes bench/results/graph.json.
 *
 *   npx tsx bench/graph.ts
 *
 * Environment: BENCH_SCALE (default 1; 0.1 for a quick run), BENCH_SEARCHES (2000),
 * BENCH_TYPEAHEAD (10000 queries), BENCH_RECOMMENDATIONS (300 histories), BENCH_WORKERS (pool size; default cores - 1),
 * BENCH_GRAPHOLOGY_SCALE (default BENCH_SCALE / 10), BENCH_GRAPHOLOGY_SEARCHES (500).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { TYPE_CODE, tierOf } from '../backend/src/graph/model.js';
import { defaultParameters, type EngineParameters } from '../backend/src/graph/parameters.js';
import { DEFAULT_WALKS, recommend, type RecommendedMovie, type RecommendOptions, type RecommendSeed } from '../backend/src/graph/recommend.js';
import { SearchEngine, type SearchResult } from '../backend/src/graph/search.js';
import { loadSnapshot } from '../backend/src/graph/snapshot.js';
import { TypeaheadIndex } from '../backend/src/graph/typeahead.js';
import { SearchWorkerPool } from '../backend/src/graph/worker-pool.js';
import { FloorBfs } from './graph-floor.js';
import { prng } from './graph-generate.js';
import { round, roundSummary, summarize, type LatencySummary } from './latency.js';

const here = dirname(fileURLToPath(import.meta.url));
const env = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const scale = env('BENCH_SCALE', 1);
const searches = Math.round(env('BENCH_SEARCHES', 2000));
const typeaheadQueries = Math.round(env('BENCH_TYPEAHEAD', 10_000));
const recommendationRequests = Math.round(env('BENCH_RECOMMENDATIONS', 300));
/** Films in each user's history (the seeds), and other films they logged or listed (excluded). */
const HISTORY_FILMS = 20;
const OTHER_LOGGED_FILMS = 30;
const RECOMMENDATION_LIMIT = 6;
const workers = Math.round(env('BENCH_WORKERS', Math.max(1, availableParallelism() - 1)));
const graphologyScale = env('BENCH_GRAPHOLOGY_SCALE', scale / 10);
const graphologySearches = Math.round(env('BENCH_GRAPHOLOGY_SEARCHES', 500));
const MB = 1024 * 1024;

/** Nearest-rank percentile (latency.ts summarises p50/p90/p99; the recommendation target is on p95). */
function percentile(samples: readonly number[], q: number): number {
  const sorted = Float64Array.from(samples).sort();
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function log(message: string): void {
  process.stderr.write(`[bench:graph] ${message}\n`);
}

/** Runs a bench script in its own Node process (fresh heap, own RSS) and parses its JSON output. */
function runChild(script: string, args: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--max-old-space-size=8192', '--import', 'tsx', join(here, script), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * MB,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

const dir = mkdtempSync(join(tmpdir(), 'cinema-dna-bench-'));
try {
  // 1. Generate + build the snapshot in a child process (its memory is the importer's, not the server's).
  log(`generating an IMDb-shaped graph at scale ${scale} and building its snapshot...`);
  const snapshotPath = join(dir, 'graph.snapshot');
  const build = runChild('graph-generate.ts', [String(scale), snapshotPath]);
  const snapshotBytes = statSync(snapshotPath).size;
  log(`built: ${build.entities} entities, ${build.links} links, ${(snapshotBytes / MB).toFixed(0)} MB`);

  // 2. Load, as the server does.
  global.gc?.();
  const before = process.memoryUsage();
  const loadStarted = performance.now();
  const graph = await loadSnapshot(snapshotPath);
  const loadMs = performance.now() - loadStarted;
  const afterLoad = process.memoryUsage();
  log(`loaded in ${loadMs.toFixed(0)} ms`);

  // 3. Search pairs.
  const random = prng(42);
  const person = TYPE_CODE.person;
  const movie = TYPE_CODE.movie;
  const people: number[] = [];
  const movies: number[] = [];
  const others: number[] = [];
  for (let v = 0; v < graph.nodeCount; v++) {
    if (graph.degree(v) === 0) continue;
    const t = graph.types[v];
    (t === person ? people : t === movie ? movies : others).push(v);
  }
  const pickFrom = (list: number[]) => list[Math.floor(random() * list.length)]!;
  const pairsOf = (pick: () => number) =>
    Array.from({ length: searches }, () => {
      const a = pick();
      let b = pick();
      while (b === a) b = pick();
      return [a, b] as const;
    });
  const personPairs = pairsOf(() => pickFrom(people));
  const mixedPairs = pairsOf(() => {
    const r = random();
    return pickFrom(r < 0.4 ? people : r < 0.8 ? movies : others);
  });
  /** Oracle-of-Bacon style: people joined through movies, every entity allowed. */
  const p2p: EngineParameters = { ...defaultParameters(), allowedTypes: ['person', 'movie'], includeObscureConnections: true };
  const defaults = defaultParameters();

  // 4. In-process: engine vs floor on the same person↔person pairs (same thread, same arrays).
  log('engine vs floor (in-process)...');
  const engine = new SearchEngine(graph);
  const floor = new FloorBfs(graph, (1 << person) | (1 << movie));
  for (let i = 0; i < 200; i++) {
    const [a, b] = personPairs[(i * 13) % personPairs.length]!;
    engine.search(a, b, p2p);
    floor.distance(a, b, p2p.maxDegrees);
  }
  const engineTimes: number[] = [];
  const floorTimes: number[] = [];
  let floorMismatches = 0;
  const degreeHistogram: Record<string, number> = {};
  for (const [a, b] of personPairs) {
    let t = performance.now();
    const result = engine.search(a, b, p2p);
    engineTimes.push(performance.now() - t);
    t = performance.now();
    const d = floor.distance(a, b, p2p.maxDegrees);
    floorTimes.push(performance.now() - t);
    if ((result?.degrees ?? -1) !== d) floorMismatches++;
    const key = result ? String(result.degrees) : 'none';
    degreeHistogram[key] = (degreeHistogram[key] ?? 0) + 1;
  }
  const engineInProcess = summarize(engineTimes);
  const floorInProcess = summarize(floorTimes);

  // 5. Through the worker pool, measuring the main thread's event-loop stalls meanwhile.
  log(`worker pool (${workers} worker${workers === 1 ? '' : 's'})...`);
  const pool = new SearchWorkerPool(graph, { size: workers });
  await pool.ready();
  const throughPool = async (pairs: ReadonlyArray<readonly [number, number]>, params: EngineParameters) => {
    for (let i = 0; i < 100; i++) await pool.search(pairs[i % pairs.length]![0], pairs[i % pairs.length]![1], params); // warm-up
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    let lastTick = performance.now();
    let maxDrift = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      maxDrift = Math.max(maxDrift, now - lastTick - 5);
      lastTick = now;
    }, 5);
    histogram.enable();
    const compute: number[] = [];
    const latency: number[] = [];
    let found = 0;
    let next = 0;
    const started = performance.now();
    const inFlight = Math.max(2, workers * 2);
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < pairs.length) {
          const [a, b] = pairs[next++]!;
          const t = performance.now();
          const result: SearchResult | null = await pool.search(a, b, params);
          latency.push(performance.now() - t);
          if (result) {
            found++;
            compute.push(result.stats.elapsedMs);
          } else {
            compute.push(NaN);
          }
        }
      }),
    );
    const wallMs = performance.now() - started;
    histogram.disable();
    clearInterval(probe);
    return {
      compute: summarize(compute.filter((x) => !Number.isNaN(x))),
      latency: summarize(latency),
      found,
      throughputPerSecond: (pairs.length / wallMs) * 1000,
      maxEventLoopDelayMs: histogram.max / 1e6,
      maxTimerDriftMs: maxDrift,
    };
  };
  // Compute time of searches that found nothing is measured in-process below (the pool returns null).
  const poolP2P = await throughPool(personPairs, p2p);
  const poolDefaults = await throughPool(mixedPairs, defaults);

  // Recommendations: users with 20 random films (random weights, liked ones heavier) and 30 more
  // logged or listed films, 6 films wanted, default walks. Through the pool one at a time: the
  // latency a request sees, messaging included.
  // Their own PRNG, so the other sets' inputs stay those of earlier runs.
  const historyRandom = prng(1414);
  const pickFilm = () => movies[Math.floor(historyRandom() * movies.length)]!;
  const histories: Array<{ seeds: RecommendSeed[]; options: RecommendOptions }> = Array.from({ length: recommendationRequests }, (_, i) => {
    const seeds = Array.from({ length: HISTORY_FILMS }, () => ({ node: pickFilm(), weight: historyRandom() < 0.3 ? 2 + historyRandom() : 0.5 + historyRandom() }));
    const logged = Array.from({ length: OTHER_LOGGED_FILMS }, pickFilm);
    return { seeds, options: { limit: RECOMMENDATION_LIMIT, exclude: [...seeds.map((s) => s.node), ...logged], rngSeed: i } };
  });
  log(`recommendations through the pool (${histories.length} histories)...`);
  for (let i = 0; i < 20; i++) await pool.recommend(histories[i % histories.length]!.seeds, histories[i % histories.length]!.options);
  const recommendPoolTimes: number[] = [];
  for (const { seeds, options } of histories) {
    const t = performance.now();
    await pool.recommend(seeds, options);
    recommendPoolTimes.push(performance.now() - t);
  }
  await pool.close();

  // Default-parameter compute time including searches that find nothing (engine.lastStats).
  const defaultTimes: number[] = [];
  let defaultsFallback = 0;
  for (const [a, b] of mixedPairs) {
    engine.search(a, b, defaults);
    defaultTimes.push(engine.lastStats!.elapsedMs);
    if (engine.lastStats!.passes === 2) defaultsFallback++;
  }
  const defaultsInProcess = summarize(defaultTimes);

  // Recommendations in-process (the engine alone, as the search rows), with what they rest on.
  log('recommendations (in-process)...');
  for (let i = 0; i < 20; i++) recommend(graph, histories[i % histories.length]!.seeds, histories[i % histories.length]!.options);
  const recommendTimes: number[] = [];
  let recommended = 0;
  let shortAnswers = 0;
  const basisTiers: Record<string, number> = {};
  const basisVia: Record<string, number> = {};
  for (const { seeds, options } of histories) {
    const t = performance.now();
    const found: RecommendedMovie[] = recommend(graph, seeds, options);
    recommendTimes.push(performance.now() - t);
    recommended += found.length;
    if (found.length < RECOMMENDATION_LIMIT) shortAnswers++;
    for (const { basis } of found) {
      // The weaker of the two links decides how strong the reason is.
      const tiers = [tierOf(basis.relation), tierOf(basis.seedRelation)];
      const weaker = tiers.includes('obscure') ? 'obscure' : tiers.includes('supporting') ? 'supporting' : 'core';
      basisTiers[weaker] = (basisTiers[weaker] ?? 0) + 1;
      basisVia[graph.type(basis.via)] = (basisVia[graph.type(basis.via)] ?? 0) + 1;
    }
  }
  const recommendInProcess = { ...summarize(recommendTimes), p95: percentile(recommendTimes, 0.95) };
  const recommendPool = { ...summarize(recommendPoolTimes), p95: percentile(recommendPoolTimes, 0.95) };

  // 6. Typeahead over random word prefixes of random names (20% with a typo).
  log('typeahead...');
  const typeahead = new TypeaheadIndex(graph);
  const queries: Array<{ q: string; typo: boolean }> = [];
  while (queries.length < typeaheadQueries) {
    const name = graph.name(Math.floor(random() * graph.nodeCount));
    const words = name.split(' ');
    const start = Math.floor(random() * words.length);
    const rest = words.slice(start).join(' ');
    if (rest.length < 2) continue;
    let q = rest.slice(0, 2 + Math.floor(random() * Math.min(11, rest.length - 1)));
    const typo = q.length >= 5 && random() < 0.2;
    if (typo) {
      const i = 1 + Math.floor(random() * (q.length - 2));
      q = q.slice(0, i) + q[i + 1] + q[i] + q.slice(i + 2);
    }
    queries.push({ q, typo });
  }
  for (let i = 0; i < 500; i++) typeahead.search(queries[i % queries.length]!.q);
  const typeaheadAll: number[] = [];
  const typeaheadTypo: number[] = [];
  const typeaheadShort: number[] = [];
  let emptyTypeahead = 0;
  for (const { q, typo } of queries) {
    const t = performance.now();
    const hits = typeahead.search(q);
    const ms = performance.now() - t;
    typeaheadAll.push(ms);
    if (typo) typeaheadTypo.push(ms);
    if (q.length <= 3) typeaheadShort.push(ms);
    if (hits.length === 0) emptyTypeahead++;
  }
  const typeaheadSummary = summarize(typeaheadAll);
  const afterAll = process.memoryUsage();

  // 7. Graphology on a smaller graph generated the same way.
  log(`graphology at scale ${graphologyScale} (${graphologySearches} searches)...`);
  interface Comparison {
    graphologyNodes: number;
    graphologyEdges: number;
    graphologyBuildMs: number;
    graphologyRssBytes: number;
    mismatches: number;
    engineMs: LatencySummary;
    graphologyMs: LatencySummary;
    ratioMean: number;
    ratioP50: number;
    ratioP99: number;
  }
  const graphology = runChild('graph-graphology.ts', [String(graphologyScale), String(graphologySearches), join(dir, 'graphology.snapshot')]) as {
    entities: number;
    links: number;
    personToPerson: Comparison;
    everything: Comparison;
  };

  const stall = Math.max(poolP2P.maxEventLoopDelayMs, poolDefaults.maxEventLoopDelayMs);
  const ratioP50 = engineInProcess.p50 / floorInProcess.p50;
  const ratioP99 = engineInProcess.p99 / floorInProcess.p99;
  const ratioMean = engineInProcess.mean / floorInProcess.mean;
  const structureMB = graph.structureBytes() / MB;
  const rows: Array<[string, string, string, boolean | null]> = [
    ['snapshot size', `${(snapshotBytes / MB).toFixed(0)} MB`, '', null],
    ['snapshot build (generate + write)', `${((Number(build.generateMs) + Number(build.elapsedMs)) / 1000).toFixed(1)} s`, '', null],
    ['load time', `${loadMs.toFixed(0)} ms`, '≤ 2000 ms', loadMs <= 2000],
    ['graph structure (CSR + attributes + names + keys)', `${structureMB.toFixed(0)} MB`, '≤ 400 MB', structureMB <= 400],
    ['typeahead index', `${(graph.typeaheadBytes() / MB).toFixed(0)} MB`, '', null],
    ['RSS after load (delta)', `${((afterLoad.rss - before.rss) / MB).toFixed(0)} MB`, '', null],
    ['RSS at end / heap used', `${(afterAll.rss / MB).toFixed(0)} MB / ${(afterAll.heapUsed / MB).toFixed(0)} MB`, '', null],
    ['person↔person compute p50 (pool)', `${poolP2P.compute.p50.toFixed(3)} ms`, '≤ 1 ms', poolP2P.compute.p50 <= 1],
    ['person↔person compute p99 (pool)', `${poolP2P.compute.p99.toFixed(3)} ms`, '≤ 10 ms', poolP2P.compute.p99 <= 10],
    ['engine / floor (in-process p50, p99, mean)', `${ratioP50.toFixed(2)}× ${ratioP99.toFixed(2)}× ${ratioMean.toFixed(2)}×`, '≤ 3×', Math.max(ratioP50, ratioP99) <= 3],
    ['floor p50 / p99 (in-process)', `${floorInProcess.p50.toFixed(3)} / ${floorInProcess.p99.toFixed(3)} ms`, '', null],
    ['default parameters compute p50 / p99 (pool)', `${poolDefaults.compute.p50.toFixed(3)} / ${poolDefaults.compute.p99.toFixed(3)} ms`, 'p99 ≤ 50 ms', poolDefaults.compute.p99 <= 50],
    ['default parameters incl. no-path p99 (in-process)', `${defaultsInProcess.p99.toFixed(3)} ms`, 'p99 ≤ 50 ms', defaultsInProcess.p99 <= 50],
    ['longest event-loop stall during pool searches', `${stall.toFixed(1)} ms`, '≤ 50 ms', stall <= 50],
    ['typeahead p50 / p99', `${typeaheadSummary.p50.toFixed(3)} / ${typeaheadSummary.p99.toFixed(3)} ms`, 'p99 ≤ 10 ms', typeaheadSummary.p99 <= 10],
    [
      `recommendations p50 / p95, ${HISTORY_FILMS}-film history (in-process)`,
      `${recommendInProcess.p50.toFixed(2)} / ${recommendInProcess.p95.toFixed(2)} ms`,
      'p95 ≤ 50 ms',
      recommendInProcess.p95 <= 50,
    ],
    ['recommendations p50 / p95 (pool, one at a time)', `${recommendPool.p50.toFixed(2)} / ${recommendPool.p95.toFixed(2)} ms`, '', null],
    [
      `graphology / engine, person↔person (mean, p50, p99)`,
      `${graphology.personToPerson.ratioMean.toFixed(1)}× ${graphology.personToPerson.ratioP50.toFixed(1)}× ${graphology.personToPerson.ratioP99.toFixed(1)}×`,
      '≥ 50×',
      Math.min(graphology.personToPerson.ratioMean, graphology.personToPerson.ratioP50) >= 50,
    ],
    [
      `graphology / engine, all types (mean, p50, p99)`,
      `${graphology.everything.ratioMean.toFixed(1)}× ${graphology.everything.ratioP50.toFixed(1)}× ${graphology.everything.ratioP99.toFixed(1)}×`,
      '≥ 50×',
      Math.min(graphology.everything.ratioMean, graphology.everything.ratioP50) >= 50,
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  console.log(`\nCinema DNA graph benchmark — scale ${scale}: ${graph.nodeCount.toLocaleString('en')} entities, ${graph.linkCount.toLocaleString('en')} links, ${searches} searches per set, ${workers} worker(s), ${cpus().length} cores\n`);
  for (const [name, value, target, ok] of rows) {
    console.log(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target.padEnd(12)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}`);
  }
  console.log(
    `\ngraphology at scale ${graphologyScale}: ${graphology.entities.toLocaleString('en')} entities; person↔person p50 ${graphology.personToPerson.graphologyMs.p50} ms vs ${graphology.personToPerson.engineMs.p50} ms, ` +
      `all types p50 ${graphology.everything.graphologyMs.p50} ms vs ${graphology.everything.engineMs.p50} ms`,
  );
  console.log(
    `person↔person degrees: ${JSON.stringify(degreeHistogram)}; floor disagreements: ${floorMismatches}; graphology disagreements: ${graphology.personToPerson.mismatches + graphology.everything.mismatches}`,
  );
  console.log(
    `recommendations: ${DEFAULT_WALKS} walks each, ${(recommended / histories.length).toFixed(2)} films per answer (${shortAnswers} short of ${RECOMMENDATION_LIMIT}); ` +
      `basis by weaker link tier ${JSON.stringify(basisTiers)}, by via type ${JSON.stringify(basisVia)}`,
  );
  console.log(`default-parameter searches needing the obscure fallback: ${defaultsFallback}/${searches}; typeahead queries with no hit: ${emptyTypeahead}/${queries.length}`);

  const results = {
    when: new Date().toISOString(),
    machine: { cores: cpus().length, memoryBytes: totalmem(), node: process.version },
    settings: { scale, searches, typeaheadQueries, workers, graphologyScale, graphologySearches },
    graph: { entities: graph.nodeCount, links: graph.linkCount, adjacency: graph.header.adjacency, labelled: graph.header.labelled, typeaheadEntries: graph.header.typeaheadEntries },
    build,
    snapshotBytes,
    loadMs: round(loadMs),
    memory: {
      structureBytes: graph.structureBytes(),
      typeaheadBytes: graph.typeaheadBytes(),
      rssBeforeLoad: before.rss,
      rssAfterLoad: afterLoad.rss,
      rssAtEnd: afterAll.rss,
      heapUsedAtEnd: afterAll.heapUsed,
      arrayBuffersAtEnd: afterAll.arrayBuffers,
    },
    personToPerson: {
      parameters: p2p,
      degreeHistogram,
      pool: { compute: roundSummary(poolP2P.compute), latency: roundSummary(poolP2P.latency), found: poolP2P.found, throughputPerSecond: round(poolP2P.throughputPerSecond), maxEventLoopDelayMs: round(poolP2P.maxEventLoopDelayMs), maxTimerDriftMs: round(poolP2P.maxTimerDriftMs) },
      inProcess: { engine: roundSummary(engineInProcess), floor: roundSummary(floorInProcess), ratioP50: round(ratioP50), ratioP99: round(ratioP99), ratioMean: round(ratioMean), floorMismatches },
    },
    defaultParameters: {
      pool: { compute: roundSummary(poolDefaults.compute), latency: roundSummary(poolDefaults.latency), found: poolDefaults.found, throughputPerSecond: round(poolDefaults.throughputPerSecond), maxEventLoopDelayMs: round(poolDefaults.maxEventLoopDelayMs), maxTimerDriftMs: round(poolDefaults.maxTimerDriftMs) },
      inProcessIncludingNoPath: roundSummary(defaultsInProcess),
      obscureFallbacks: defaultsFallback,
    },
    recommendations: {
      settings: { histories: histories.length, historyFilms: HISTORY_FILMS, otherLoggedFilms: OTHER_LOGGED_FILMS, limit: RECOMMENDATION_LIMIT, walks: DEFAULT_WALKS },
      inProcess: { ...roundSummary(recommendInProcess), p95: round(recommendInProcess.p95) },
      pool: { ...roundSummary(recommendPool), p95: round(recommendPool.p95) },
      filmsPerAnswer: round(recommended / histories.length),
      shortAnswers,
      basisByWeakerTier: basisTiers,
      basisByViaType: basisVia,
    },
    typeahead: { all: roundSummary(typeaheadSummary), withTypo: roundSummary(summarize(typeaheadTypo)), upTo3Chars: roundSummary(summarize(typeaheadShort)), empty: emptyTypeahead },
    graphology,
    targets: Object.fromEntries(rows.filter((r) => r[3] !== null).map(([name, value, target, ok]) => [name, { value, target, met: ok }])),
  };
  const out = join(here, 'results', 'graph.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
