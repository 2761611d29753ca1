import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphError, SearchCancelledError } from './errors.js';
import { TYPE_CODE } from './model.js';
import { defaultParameters, type EngineParameters } from './parameters.js';
import { recommend } from './recommend.js';
import { SearchEngine, type SearchProgress } from './search.js';
import { loadSnapshot, type Graph } from './snapshot.js';
import { randomGraph, seededRandom, writeFixture } from './test-graphs.js';
import { DEFAULT_PIPELINE_DEPTH, SearchWorkerPool } from './worker-pool.js';

const dir = mkdtempSync(join(tmpdir(), 'cdna-pool-'));
let graph: Graph;
let pool: SearchWorkerPool;

beforeAll(async () => {
  const path = join(dir, 'pool.snapshot');
  writeFixture(randomGraph({ seed: 77, people: 4000, movies: 1500, credits: 12000, genres: 6, keywords: 20, companies: 10, hubLinks: 3000 }), path);
  graph = await loadSnapshot(path);
  pool = new SearchWorkerPool(graph, { size: 2 });
  await pool.ready();
}, 60_000);

afterAll(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

const strip = <T extends { stats?: unknown } | null>(r: T) => (r ? { ...r, stats: undefined } : r);

describe('SearchWorkerPool', () => {
  it('answers exactly like the in-process engine, many requests at once', async () => {
    const engine = new SearchEngine(graph);
    const random = seededRandom(5);
    const variants: EngineParameters[] = [
      defaultParameters(),
      { ...defaultParameters(), includeObscureConnections: true, allowedTypes: ['person', 'movie'] },
      { ...defaultParameters(), weightByPopularity: false, maxDegrees: 4 },
    ];
    const cases = Array.from({ length: 60 }, (_, i) => {
      const a = Math.floor(random() * graph.nodeCount);
      let b = Math.floor(random() * graph.nodeCount);
      if (b === a) b = (a + 1) % graph.nodeCount;
      return { a, b, p: variants[i % variants.length]! };
    });
    const pending = cases.map(({ a, b, p }) => pool.search(a, b, p));
    // Two workers hold DEFAULT_PIPELINE_DEPTH searches each; the rest wait in the pool.
    expect(pool.queued).toBe(cases.length - 2 * DEFAULT_PIPELINE_DEPTH);
    const remote = await Promise.all(pending);
    cases.forEach(({ a, b, p }, i) => expect(strip(remote[i]!)).toEqual(strip(engine.search(a, b, p))));
    expect(remote.filter(Boolean).length).toBeGreaterThan(20);
    const alternatives = await pool.listAlternatives(cases[0]!.a, cases[0]!.b, cases[0]!.p, 4);
    expect(strip(alternatives)).toEqual(strip(engine.listAlternatives(cases[0]!.a, cases[0]!.b, cases[0]!.p, 4)));
  });

  it('answers recommendations exactly like the calling thread, between searches', async () => {
    const random = seededRandom(21);
    const movies = Array.from({ length: graph.nodeCount }, (_, v) => v).filter((v) => graph.types[v] === TYPE_CODE.movie && graph.degree(v) > 0);
    const pick = () => movies[Math.floor(random() * movies.length)]!;
    const requests = Array.from({ length: 12 }, (_, i) => ({
      seeds: Array.from({ length: 1 + (i % 20) }, () => ({ node: pick(), weight: 0.5 + random() * 2 })),
      options: { limit: 6, exclude: Array.from({ length: 5 }, pick), rngSeed: i, walks: 3000 },
    }));
    const pending = requests.map(({ seeds, options }, i) => Promise.all([pool.recommend(seeds, options), pool.search(i, graph.nodeCount - 1 - i, defaultParameters())]));
    const answers = await Promise.all(pending);
    requests.forEach(({ seeds, options }, i) => expect(answers[i]![0]).toEqual(recommend(graph, seeds, options)));
    expect(answers.filter(([r]) => r.length === 6).length).toBeGreaterThan(8);
    await expect(pool.recommend(requests[0]!.seeds, { limit: 6, exclude: [], walks: -1 })).rejects.toMatchObject({ name: 'GraphError', code: 'VALIDATION_FAILED' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(pool.recommend(requests[0]!.seeds, { limit: 6, exclude: [] }, { signal: aborted.signal })).rejects.toBeInstanceOf(SearchCancelledError);
  });

  it('streams progress while searching', async () => {
    const progress: SearchProgress[] = [];
    const result = await pool.search(0, graph.nodeCount - 1, { ...defaultParameters(), includeObscureConnections: true }, { onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.layer)).toEqual(progress.map((_, i) => i + 1));
    if (result) expect(progress.length).toBe(result.stats.layers);
  });

  it('passes typed errors through', async () => {
    await expect(pool.search(3, 3, defaultParameters())).rejects.toMatchObject({ name: 'GraphError', code: 'VALIDATION_FAILED' });
    await expect(pool.search(3, graph.nodeCount + 5, defaultParameters())).rejects.toBeInstanceOf(GraphError);
  });

  it('cancels queued and running searches, and keeps working afterwards', async () => {
    const controllers = Array.from({ length: 6 }, () => new AbortController());
    const pending = controllers.map((c, i) => pool.search(i, graph.nodeCount - 1 - i, defaultParameters(), { signal: c.signal }));
    for (const c of controllers) c.abort();
    for (const p of pending) await expect(p).rejects.toBeInstanceOf(SearchCancelledError);
    const already = new AbortController();
    already.abort();
    await expect(pool.search(1, 2, defaultParameters(), { signal: already.signal })).rejects.toBeInstanceOf(SearchCancelledError);
    const after = await pool.search(1, 2, defaultParameters());
    expect(strip(after)).toEqual(strip(new SearchEngine(graph).search(1, 2, defaultParameters())));
  });

  // Workers start from TypeScript here (a few hundred ms each): these tests allow for it.
  describe('with a faulty worker (test-fixtures/faulty-search-worker.ts)', () => {
    // Requests from these entities make that worker spin without checkpoints, or exit.
    const SPIN_FROM = -1;
    const CRASH_FROM = -2;
    const WAIT_FOR_CANCEL_FROM = -3;
    const faultyEntry = new URL('./test-fixtures/faulty-search-worker.ts', import.meta.url);
    const normalSearches = (count: number) => {
      const random = seededRandom(11);
      return Array.from({ length: count }, () => [Math.floor(random() * graph.nodeCount), Math.floor(random() * graph.nodeCount)] as const).filter(([a, b]) => a !== b);
    };

    it('replaces a worker stuck past the time budget: its search fails with SEARCH_BUDGET_EXCEEDED, the others are answered', async () => {
      const lost: Array<{ reason: string }> = [];
      const faulty = new SearchWorkerPool(graph, {
        size: 2,
        budget: { timeMs: 300 },
        watchdogGraceMs: 100,
        workerEntry: faultyEntry,
        onWorkerLost: (event) => lost.push(event),
      });
      try {
        await faulty.ready();
        const engine = new SearchEngine(graph);
        for (let round = 0; round < 2; round++) {
          // Observed at once: it may fail before the others (some wait behind it in its worker) are answered.
          const stuck = faulty.search(SPIN_FROM, 2, defaultParameters()).then(
            () => null,
            (e: unknown) => e,
          );
          const pairs = normalSearches(20);
          const others = await Promise.all(pairs.map(([a, b]) => faulty.search(a, b, defaultParameters())));
          pairs.forEach(([a, b], i) => expect(strip(others[i]!)).toEqual(strip(engine.search(a, b, defaultParameters()))));
          const error = await stuck;
          expect(error).toBeInstanceOf(GraphError);
          expect(error).toMatchObject({ code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'timeMs', value: 300 } });
          expect(lost.map((e) => e.reason)).toEqual(Array.from({ length: round + 1 }, () => 'stuck'));
        }
        // Both workers serve again (two searches at once, so neither waits on the other).
        expect(faulty.size).toBe(2);
        const [x, y] = await Promise.all([faulty.search(1, 2, defaultParameters()), faulty.search(3, 4, defaultParameters())]);
        expect(strip(x)).toEqual(strip(engine.search(1, 2, defaultParameters())));
        expect(strip(y)).toEqual(strip(engine.search(3, 4, defaultParameters())));
      } finally {
        await faulty.close();
      }
    }, 30_000);

    it('replaces a worker stuck on the search it runs; the searches queued behind it in that worker are answered', async () => {
      const lost: Array<{ reason: string }> = [];
      const faulty = new SearchWorkerPool(graph, { size: 1, budget: { timeMs: 300 }, watchdogGraceMs: 100, workerEntry: faultyEntry, onWorkerLost: (event) => lost.push(event) });
      try {
        await faulty.ready();
        const engine = new SearchEngine(graph);
        // The stuck search starts once the one ahead of it is answered: the watchdog must follow.
        const ahead = faulty.search(1, 2, defaultParameters());
        const stuck = faulty.search(SPIN_FROM, 2, defaultParameters());
        const pairs = normalSearches(DEFAULT_PIPELINE_DEPTH - 2);
        const behind = pairs.map(([a, b]) => faulty.search(a, b, defaultParameters()));
        expect(faulty.queued).toBe(0); // all in the one worker
        expect(strip(await ahead)).toEqual(strip(engine.search(1, 2, defaultParameters())));
        await expect(stuck).rejects.toMatchObject({ code: 'SEARCH_BUDGET_EXCEEDED' });
        const answers = await Promise.all(behind);
        pairs.forEach(([a, b], i) => expect(strip(answers[i]!)).toEqual(strip(engine.search(a, b, defaultParameters()))));
        expect(lost.map((e) => e.reason)).toEqual(['stuck']);
      } finally {
        await faulty.close();
      }
    }, 30_000);

    it('replaces a worker that dies mid-search: only that search fails, the ones queued behind it and later ones are answered', async () => {
      const lost: Array<{ reason: string }> = [];
      const faulty = new SearchWorkerPool(graph, { size: 1, workerEntry: faultyEntry, onWorkerLost: (event) => lost.push(event) });
      try {
        await faulty.ready();
        const crashed = faulty.search(CRASH_FROM, 2, defaultParameters());
        const pairs = normalSearches(DEFAULT_PIPELINE_DEPTH + 2);
        const queued = pairs.map(([a, b]) => faulty.search(a, b, defaultParameters()));
        expect(faulty.queued).toBe(3); // DEFAULT_PIPELINE_DEPTH - 1 behind the crash in the worker, 3 in the pool
        await expect(crashed).rejects.toThrow(/exited with code 3/);
        const engine = new SearchEngine(graph);
        const answers = await Promise.all(queued);
        pairs.forEach(([a, b], i) => expect(strip(answers[i]!)).toEqual(strip(engine.search(a, b, defaultParameters()))));
        expect(lost.map((e) => e.reason)).toEqual(['exited']);
      } finally {
        await faulty.close();
      }
    }, 30_000);

    // The regression test of the per-request cancel flag: if cancel() did not set it (Atomics.store in
    // worker-pool.ts), the fixture would wait forever, the watchdog would replace the worker and `lost` would not be empty.
    it('cancels a search waiting behind another in the same worker through its own flag, not its neighbours', async () => {
      const lost: Array<{ reason: string }> = [];
      // The watchdog ends the worker if the cancelled search is never told (it waits for its own flag).
      const faulty = new SearchWorkerPool(graph, { size: 1, budget: { timeMs: 1000 }, watchdogGraceMs: 100, workerEntry: faultyEntry, onWorkerLost: (event) => lost.push(event) });
      try {
        await faulty.ready();
        const heavy = { ...defaultParameters(), includeObscureConnections: true };
        const controller = new AbortController();
        const first = faulty.search(0, graph.nodeCount - 1, heavy);
        const cancelled = faulty.search(WAIT_FOR_CANCEL_FROM, 2, defaultParameters(), { signal: controller.signal });
        const last = faulty.search(1, 2, defaultParameters());
        expect(faulty.queued).toBe(0);
        controller.abort();
        await expect(cancelled).rejects.toBeInstanceOf(SearchCancelledError);
        const engine = new SearchEngine(graph);
        expect(strip(await first)).toEqual(strip(engine.search(0, graph.nodeCount - 1, heavy)));
        expect(strip(await last)).toEqual(strip(engine.search(1, 2, defaultParameters())));
        expect(lost).toEqual([]);
      } finally {
        await faulty.close();
      }
    }, 30_000);

    it('applies the budget inside the worker: a tiny visited budget fails with SEARCH_BUDGET_EXCEEDED', async () => {
      const limited = new SearchWorkerPool(graph, { size: 1, budget: { maxVisited: 5 } });
      try {
        await expect(limited.search(0, graph.nodeCount - 1, { ...defaultParameters(), includeObscureConnections: true })).rejects.toMatchObject({
          name: 'GraphError',
          code: 'SEARCH_BUDGET_EXCEEDED',
          details: { limit: 'visited', value: 5 },
        });
      } finally {
        await limited.close();
      }
    }, 30_000);
  });

  it('refuses work once closed', async () => {
    const small = new SearchWorkerPool(graph, { size: 1 });
    await small.ready();
    await small.close();
    await expect(small.search(1, 2, defaultParameters())).rejects.toThrow(/closed/);
  });
});
