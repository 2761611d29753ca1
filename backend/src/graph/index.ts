/**
 * The connection engine's front door: loads a snapshot, answers searches through worker threads,
 * typeahead and entity lookups from memory. No database, no HTTP: the app wires it in.
 */
import {
  ENTITY_TYPES,
  PERSON_SUBTYPES,
  SearchParametersSchema,
  type EntityKey,
  type EntityType,
  type PersonSubtype,
  type Relationship,
  type SearchParametersInput,
} from '@cinema-dna/shared-types';
import { statSync } from 'node:fs';
import { ZodError } from 'zod';
import { GraphError } from './errors.js';
import type { EngineParameters, EntityRef } from './parameters.js';
import { relationshipOf } from './model.js';
import { checkPath, type PathCheck, type PathStepClaim } from './path-check.js';
import { recommend, type RecommendSeed } from './recommend.js';
import { SearchEngine, type AlternativesResult, type SearchBudget, type SearchProgress, type SearchResult } from './search.js';
import { loadSnapshot, type Graph, type GraphEntity } from './snapshot.js';
import { TypeaheadIndex, type TypeaheadHit, type TypeaheadOptions } from './typeahead.js';
import { SearchWorkerPool, type WorkerPoolOptions } from './worker-pool.js';

export { GraphError, SearchCancelledError, SnapshotFormatError, searchBudgetExceeded, type SearchBudgetLimit } from './errors.js';
export type { EngineParameters, EntityRef } from './parameters.js';
export type {
  AlternativePath,
  AlternativesResult,
  PathLink,
  PathStep,
  ProgressEntity,
  SearchBudget,
  SearchProgress,
  SearchResult,
  SearchStats,
} from './search.js';
export { SearchEngine } from './search.js';
export {
  DEFAULT_RESTART_PROBABILITY,
  DEFAULT_WALKS,
  MAX_PER_VIA,
  MAX_RECOMMENDATIONS,
  Recommender,
  recommend,
  type RecommendedMovieBasis,
  type RecommendedMovie,
  type RecommendOptions,
  type RecommendSeed,
} from './recommend.js';
export { catalogLink, checkPath, type PathCheck, type PathProblem, type PathStepClaim, type PathVerifier } from './path-check.js';
export { Graph, loadSnapshot, loadSnapshotSync, SNAPSHOT_VERSION, type GraphEntity } from './snapshot.js';
export { CHAIN_RANKING_VERSION } from './parameters.js';
export { SnapshotBuilder, type EntityInput, type LinkInput, type SnapshotBuildStats } from './snapshot-builder.js';
export { TypeaheadIndex, type TypeaheadHit, type TypeaheadOptions } from './typeahead.js';
export { SearchWorkerPool } from './worker-pool.js';

/** Health of the graph, for the health endpoint. */
export interface GraphStatus {
  status: 'up' | 'loading' | 'down';
  entities: number;
  links: number;
  /** How long the last successful load took. */
  loadedMs: number | null;
  path: string | null;
  /** The loaded snapshot's catalog version (catalogVersionOf): a new import gives a new one. */
  version: string | null;
  error?: string;
}

/**
 * The catalog version of a snapshot file: when it was written and its size (an import rewrites the
 * file by rename, so every import gives a new version; every replica reading the same file agrees).
 */
export function catalogVersionOf(path: string): string {
  const { mtimeMs, size } = statSync(path);
  return `${Math.floor(mtimeMs).toString(36)}-${size.toString(36)}`;
}

/** Counts for the home page's hero numbers. */
export interface HeroNumbers {
  entities: number;
  links: number;
  byType: Record<EntityType, number>;
  /** People by subtype (actors, directors...). */
  people: Record<PersonSubtype, number>;
}

export interface GraphServiceOptions {
  /** Search worker threads; 0 runs searches on the calling thread (tests, tiny graphs). Default: cores - 1. */
  workers?: number;
  /**
   * Limits of every search (time, visited entities); past one it fails with GraphError
   * SEARCH_BUDGET_EXCEEDED. With workers, a worker still busy past the time budget plus a grace is replaced.
   */
  budget?: SearchBudget;
  /** Grace past budget.timeMs before a busy worker is terminated (default 2000 ms). */
  watchdogGraceMs?: number;
  /** Told when a search worker is replaced (it exited, crashed, or was stuck). */
  onWorkerLost?: WorkerPoolOptions['onWorkerLost'];
  /** The search worker's module (tests substitute one); default: search-worker. */
  workerEntry?: URL;
}

export interface ServiceSearchOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SearchProgress) => void;
  /** Entities per progress sample (default 5). */
  sampleSize?: number;
}

/** One of the user's films, by key, for GraphService.recommend. */
export interface GraphRecommendationSeed {
  key: string;
  /** > 0; liked films weigh more (0: excluded from the answer, never walked from). */
  weight: number;
}

export interface GraphRecommendationOptions {
  /** Films wanted (0..MAX_RECOMMENDATIONS). */
  limit: number;
  /** Keys never returned: every film the user logged, rated, reviewed or listed (seeds always are). */
  exclude: readonly string[];
  /** Same seed, same answer (default fixed). */
  rngSeed?: number;
}

/** Why a film is recommended: the user's film `seed` and the film share `via`. */
export interface GraphRecommendationBasis {
  seed: EntityKey;
  via: EntityKey;
  viaType: EntityType;
  /** The recommended film's link to via, e.g. 'directed' (via directed the film). */
  relationship: Relationship;
  /** The seed's link to via. */
  seedRelationship: Relationship;
}

/** A recommended film, best first in GraphService.recommend's answer. */
export interface GraphRecommendation {
  movie: EntityKey;
  score: number;
  basis: GraphRecommendationBasis;
}

interface Loaded {
  graph: Graph;
  typeahead: TypeaheadIndex;
  pool: SearchWorkerPool | null;
  engine: SearchEngine | null;
  hero: HeroNumbers | null;
  version: string;
  /** Searches running on this graph; a replaced graph's workers stop once its last one ends. */
  active: number;
  retired: boolean;
}

/** Holds the loaded graph and answers everything the API needs from it. */
export class GraphService {
  private loaded: Loaded | null = null;
  private loading = false;
  private loadedMs: number | null = null;
  private path: string | null = null;
  private error: string | null = null;

  constructor(private readonly options: GraphServiceOptions = {}) {}

  /**
   * Loads (or replaces) the graph from a snapshot file. Searches keep using the previous graph
   * until the new one is ready; on failure the previous graph stays and status() reports the error.
   */
  async load(path: string): Promise<void> {
    this.loading = true;
    this.error = null;
    const started = performance.now();
    try {
      const version = catalogVersionOf(path);
      const graph = await loadSnapshot(path);
      const workers = this.options.workers;
      const { budget, watchdogGraceMs, onWorkerLost, workerEntry } = this.options;
      const pool = workers === 0 ? null : new SearchWorkerPool(graph, { size: workers, budget, watchdogGraceMs, onWorkerLost, workerEntry });
      await pool?.ready();
      const previous = this.loaded;
      // The switch is one assignment: a search starts on the old graph or on the new one, never on both.
      this.loaded = { graph, typeahead: new TypeaheadIndex(graph), pool, engine: pool ? null : new SearchEngine(graph), hero: null, version, active: 0, retired: false };
      this.path = path;
      this.loadedMs = performance.now() - started;
      if (previous) {
        // Searches in flight finish on the graph they started on; its workers stop after the last one.
        previous.retired = true;
        if (previous.active === 0) await previous.pool?.close();
      }
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.loading = false;
    }
  }

  status(): GraphStatus {
    const g = this.loaded?.graph;
    const base = { entities: g?.nodeCount ?? 0, links: g?.linkCount ?? 0, loadedMs: this.loadedMs, path: this.path, version: this.loaded?.version ?? null };
    if (this.loading && !g) return { status: 'loading', ...base };
    if (!g) return { status: 'down', ...base, ...(this.error ? { error: this.error } : {}) };
    return { status: 'up', ...base, ...(this.error ? { error: this.error } : {}) };
  }

  /** The loaded graph (throws SERVICE_UNAVAILABLE before the first load). */
  get graph(): Graph {
    return this.require().graph;
  }

  /**
   * Finds the connection between two entities (keys or indices). Parameters are validated and
   * defaulted with SearchParametersSchema. Resolves null when no path exists within maxDegrees.
   */
  async search(from: EntityRef, to: EntityRef, params: SearchParametersInput = {}, options: ServiceSearchOptions = {}): Promise<SearchResult | null> {
    const loaded = this.require();
    const { engine, pool } = loaded;
    const [a, b, resolved] = this.prepare(from, to, params);
    return this.track(loaded, () => (pool ? pool.search(a, b, resolved, options) : engine!.search(a, b, resolved, { ...options, budget: this.options.budget })));
  }

  /** Up to `limit` distinct shortest paths, lightest first (the first is search's answer). */
  async alternatives(from: EntityRef, to: EntityRef, params: SearchParametersInput = {}, limit = 5, options: ServiceSearchOptions = {}): Promise<AlternativesResult | null> {
    const loaded = this.require();
    const { engine, pool } = loaded;
    const [a, b, resolved] = this.prepare(from, to, params);
    return this.track(loaded, () => (pool ? pool.listAlternatives(a, b, resolved, limit, options) : engine!.listAlternatives(a, b, resolved, limit, { ...options, budget: this.options.budget })));
  }

  /**
   * Films for a user whose films are `seeds` (random walks with restart, recommend.ts), best first,
   * each with the link it shares with one of them. Runs in a search worker (or on this thread with
   * workers: 0). Unknown seed and exclude keys are ignored; no known seed gives [].
   */
  async recommend(seeds: readonly GraphRecommendationSeed[], options: GraphRecommendationOptions): Promise<GraphRecommendation[]> {
    const loaded = this.require();
    const { graph, pool } = loaded;
    const nodes: RecommendSeed[] = [];
    for (const { key, weight } of seeds) {
      const node = graph.resolve(key);
      if (node >= 0) nodes.push({ node, weight });
    }
    if (nodes.length === 0) return [];
    const exclude: number[] = [];
    for (const key of options.exclude) {
      const node = graph.resolve(key);
      if (node >= 0) exclude.push(node);
    }
    const engineOptions = { limit: options.limit, exclude, rngSeed: options.rngSeed };
    const found = pool ? await this.track(loaded, () => pool.recommend(nodes, engineOptions)) : recommend(graph, nodes, engineOptions);
    return found.map(({ node, score, basis }) => ({
      movie: graph.key(node),
      score,
      basis: {
        seed: graph.key(basis.seed),
        via: graph.key(basis.via),
        viaType: graph.type(basis.via),
        relationship: relationshipOf(basis.relation),
        seedRelationship: relationshipOf(basis.seedRelation),
      },
    }));
  }

  /** Name search (prefix at any word start, then one-edit fuzzy), most popular first. */
  typeahead(query: string, options?: TypeaheadOptions): TypeaheadHit[] {
    return this.require().typeahead.search(query, options);
  }

  /** Node index of an external key, or null. */
  resolve(key: string): number | null {
    const index = this.require().graph.resolve(key);
    return index < 0 ? null : index;
  }

  /** The entity at a node index (throws NOT_FOUND for an index outside the graph). */
  entityAt(index: number): GraphEntity {
    const { graph } = this.require();
    if (!graph.has(index)) throw new GraphError('NOT_FOUND', `no entity at index ${index}`);
    return graph.entity(index);
  }

  /** Whether a claimed path (a saved connection) is a path of the loaded graph, and its degrees. */
  verifyPath(steps: readonly PathStepClaim[]): PathCheck {
    return checkPath(this.require().graph, steps);
  }

  /** Entity counts by type and people by subtype (computed once per loaded graph). */
  heroNumbers(): HeroNumbers {
    const loaded = this.require();
    if (!loaded.hero) loaded.hero = countEntities(loaded.graph);
    return loaded.hero;
  }

  /** Stops the workers and drops the graph. */
  async close(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = null;
    await loaded?.pool?.close();
  }

  /** Runs a search on `loaded`, counted, so a replaced graph keeps its workers until it ends. */
  private async track<T>(loaded: Loaded, run: () => T | Promise<T>): Promise<T> {
    loaded.active += 1;
    try {
      return await run();
    } finally {
      loaded.active -= 1;
      if (loaded.retired && loaded.active === 0) void loaded.pool?.close();
    }
  }

  private require(): Loaded {
    if (!this.loaded) throw new GraphError('SERVICE_UNAVAILABLE', this.loading ? 'the movie graph is still loading' : 'no movie graph is loaded');
    return this.loaded;
  }

  private toIndex(ref: EntityRef, field: string): number {
    const { graph } = this.require();
    const index = typeof ref === 'number' ? (graph.has(ref) ? ref : -1) : graph.resolve(ref);
    if (index < 0) throw new GraphError('INVALID_ENTITY', `unknown entity ${JSON.stringify(ref)}`, { field, entity: ref });
    return index;
  }

  private prepare(from: EntityRef, to: EntityRef, params: SearchParametersInput): [number, number, EngineParameters] {
    let parsed;
    try {
      parsed = SearchParametersSchema.parse(params);
    } catch (error) {
      if (error instanceof ZodError) throw new GraphError('VALIDATION_FAILED', 'invalid search parameters', error.issues);
      throw error;
    }
    const a = this.toIndex(from, 'from');
    const b = this.toIndex(to, 'to');
    if (a === b) throw new GraphError('VALIDATION_FAILED', 'from and to are the same entity', { field: 'to' });
    const avoid = parsed.avoid.map((ref) => this.toIndex(ref, 'avoid'));
    return [a, b, { ...parsed, avoid }];
  }
}

function countEntities(graph: Graph): HeroNumbers {
  const byTypeCounts = new Float64Array(ENTITY_TYPES.length);
  const subtypeCounts = new Float64Array(PERSON_SUBTYPES.length);
  const types = graph.types;
  const subtypes = graph.subtypes;
  for (let v = 0; v < graph.nodeCount; v++) {
    byTypeCounts[types[v]!]!++;
    const s = subtypes[v]!;
    if (s < PERSON_SUBTYPES.length) subtypeCounts[s]!++;
  }
  return {
    entities: graph.nodeCount,
    links: graph.linkCount,
    byType: Object.fromEntries(ENTITY_TYPES.map((t, i) => [t, byTypeCounts[i]!])) as Record<EntityType, number>,
    people: Object.fromEntries(PERSON_SUBTYPES.map((s, i) => [s, subtypeCounts[i]!])) as Record<PersonSubtype, number>,
  };
}
