/**
 * Film recommendations by random walk with restart over the engine's CSR arrays.
 *
 * A walk starts at one of the user's films (a seed, drawn in proportion to its weight) and hops
 * movie → linked entity → movie. Both halves of a hop favour strong links (TIER_WALK_WEIGHT): from a
 * movie, a director or a top-billed actor is followed far more often than a producer, and a genre,
 * keyword or company hub only rarely (a hub with 100k films says little about taste). After each hop
 * the walk restarts with probability `restartProbability`, so the visits concentrate around the
 * seeds. Visits to movies are counted; the ranking is
 *
 *   score(film) = visits(film) / totalVisits × √(1 + ln(1 + popularity(film)))
 *
 * — the share of all visits, lifted mildly by popularity (×1 at popularity 0, ×1.3 at 1, ×2.4 at 100,
 * ×3 at 5000), so an obscure film does not win on a few lucky visits while taste still decides.
 *
 * Every result shares a real link with a seed (seed — via — film, both adjacency entries exist);
 * its `basis` is the strongest such link pair: better weaker tier first (core, supporting, obscure),
 * then better stronger tier, then the via a fan knows (prominence.ts: the worse of its two credits'
 * billing, then its fame), then the heavier seed. Films with no
 * shared link are never returned, nor seeds, excluded films or non-movies. The ranked list is
 * re-ranked greedily for variety: at most one film per collection (part_of_collection) and at most
 * MAX_PER_VIA films resting on the same via.
 *
 * Per-node visit counters live in a buffer reused across requests (reset through the list of nodes
 * touched), one per graph and thread: workers are long-lived and answer one request at a time.
 */
import { GraphError } from './errors.js';
import { creditAt } from './prominence.js';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK, TIER_BITS, TIER_SHIFT, TYPE_CODE } from './model.js';
import { seededRandom } from './seeded-random.js';
import type { Graph } from './snapshot.js';

/** One of the user's films. */
export interface RecommendSeed {
  node: number;
  /** > 0; liked films weigh more. A seed of weight 0 is excluded from the results but never walked from. */
  weight: number;
}

export interface RecommendOptions {
  /** Results wanted, 0..MAX_RECOMMENDATIONS. */
  limit: number;
  /** Nodes never returned (the user's logged, rated, reviewed or listed films); seeds are always excluded. */
  exclude: readonly number[];
  /** Walks (restarts) per request, 1..MAX_WALKS; default DEFAULT_WALKS. */
  walks?: number;
  /** Chance of going back to a seed after each hop, in (0, 1]; default DEFAULT_RESTART_PROBABILITY. */
  restartProbability?: number;
  /** Seed of the walks' PRNG: the same seed gives the same answer; default DEFAULT_RNG_SEED. */
  rngSeed?: number;
}

/** Why a film is recommended: seed —seedRelation— via —relation— film. */
export interface RecommendedMovieBasis {
  seed: number;
  via: number;
  /** Relation byte of the film's adjacency entry for `via`. */
  relation: number;
  /** Relation byte of the seed's adjacency entry for `via`. */
  seedRelation: number;
}

export interface RecommendedMovie {
  /** A movie node. */
  node: number;
  /** See the module comment; comparable within one answer only. */
  score: number;
  basis: RecommendedMovieBasis;
}

/** About 16,000 hops at the default restart: p95 ≈ 20 ms on the IMDb-scale bench graph (bench:graph). */
export const DEFAULT_WALKS = 5000;
export const DEFAULT_RESTART_PROBABILITY = 0.3;
export const DEFAULT_RNG_SEED = 0x5eed_f11;
export const MAX_RECOMMENDATIONS = 100;
export const MAX_WALKS = 200_000;
/** Results resting on the same via at most (two films of one director, not six). */
export const MAX_PER_VIA = 2;
/**
 * Relative chance of following a link, by tier code (core, supporting, obscure, unused). Obscure
 * covers the hub links, so a walk leaves a film through its genre about once in a few hundred hops.
 */
export const TIER_WALK_WEIGHT: readonly number[] = [1, 0.3, 0.03, 0];
/** Hops of one walk at most, whatever the restart probability (a bound on a request's work). */
const MAX_HOPS = 16;
/** Draws when picking the film at the far side of a via (rejection sampling) before giving up the walk. */
const PICK_TRIES = 12;

// Module-local copies: an imported binding can compile to a getter call (tsx), costly in the walk loop.
const MOVIE = TYPE_CODE.movie;
const COLLECTION_LINK = RELATIONSHIP_CODE.part_of_collection;
const TIER_MASK = TIER_BITS;
const RELATION_CODE_MASK = RELATIONSHIP_MASK;
const TIER_OFFSET = TIER_SHIFT;
const WALK_WEIGHT = Float64Array.from(TIER_WALK_WEIGHT);

const tierOfByte = (relation: number): number => (relation & TIER_MASK) >>> TIER_OFFSET;

/** A seed's link to a via, as a candidate basis half. */
interface SeedLink {
  seed: number;
  relation: number;
  tier: number;
  /** The via's place in the seed's credits (prominence.ts). */
  billing: number;
  weight: number;
}

/** A basis under comparison (lower is better on every key but seedWeight). */
interface BasisChoice {
  worse: number;
  better: number;
  /** The via's worse place in the two films' credits: "also starring" names a lead of both when there is one. */
  billing: number;
  viaPopularity: number;
  seedWeight: number;
  link: RecommendedMovieBasis;
}

function betterBasis(a: BasisChoice, b: BasisChoice): boolean {
  if (a.worse !== b.worse) return a.worse < b.worse;
  if (a.better !== b.better) return a.better < b.better;
  if (a.billing !== b.billing) return a.billing < b.billing;
  if (a.viaPopularity !== b.viaPopularity) return a.viaPopularity > b.viaPopularity;
  if (a.seedWeight !== b.seedWeight) return a.seedWeight > b.seedWeight;
  // Determinism among equals.
  if (a.link.via !== b.link.via) return a.link.via < b.link.via;
  return a.link.seed < b.link.seed;
}

function checkOption(value: number, field: string, min: number, max: number, integer: boolean): number {
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new GraphError('VALIDATION_FAILED', `${field} must be ${integer ? 'an integer ' : ''}between ${min} and ${max}`, { field, value });
  }
  return value;
}

/**
 * Recommendation state for one graph: the visit counters, reused across requests. Not re-entrant;
 * one per thread (recommend() keeps one per graph).
 */
export class Recommender {
  private readonly visits: Uint32Array;
  private touched = new Uint32Array(4096);
  private touchedCount = 0;
  /** Max-heap of the candidates (score, then lower node first), so the greedy pass sorts only what it reads. */
  private heapNodes = new Uint32Array(4096);
  private heapScores = new Float64Array(4096);
  private heapSize = 0;

  constructor(private readonly graph: Graph) {
    this.visits = new Uint32Array(graph.nodeCount);
  }

  recommend(seeds: readonly RecommendSeed[], options: RecommendOptions): RecommendedMovie[] {
    const limit = checkOption(options.limit, 'limit', 0, MAX_RECOMMENDATIONS, true);
    const walks = checkOption(options.walks ?? DEFAULT_WALKS, 'walks', 1, MAX_WALKS, true);
    const restart = checkOption(options.restartProbability ?? DEFAULT_RESTART_PROBABILITY, 'restartProbability', Number.MIN_VALUE, 1, false);
    const rngSeed = checkOption(options.rngSeed ?? DEFAULT_RNG_SEED, 'rngSeed', -(2 ** 53), 2 ** 53, true);
    const g = this.graph;
    // Seeds: movies of the graph, duplicates merged; unknown nodes are ignored like unknown keys.
    const seedWeight = new Map<number, number>();
    for (const { node, weight } of seeds) {
      if (!Number.isFinite(weight) || weight < 0) throw new GraphError('VALIDATION_FAILED', 'seed weights must be finite and not negative', { field: 'seeds', node, weight });
      if (!g.has(node) || g.types[node] !== MOVIE) continue;
      seedWeight.set(node, (seedWeight.get(node) ?? 0) + weight);
    }
    if (limit === 0 || seedWeight.size === 0) return [];
    const excluded = new Set<number>(options.exclude);
    for (const node of seedWeight.keys()) excluded.add(node);
    try {
      const totalVisits = this.walk(seedWeight, walks, restart, seededRandom(rngSeed));
      this.rank(excluded, totalVisits);
      return this.select(seedWeight, limit);
    } finally {
      this.reset();
    }
  }

  /** Runs the walks, counting visits to movies; returns the number of visits. */
  private walk(seedWeight: ReadonlyMap<number, number>, walks: number, restart: number, random: () => number): number {
    const { offsets, neighbours: nb, relations: rel, types } = this.graph;
    const visits = this.visits;
    const starts: number[] = [];
    const cumulative: number[] = [];
    let totalWeight = 0;
    for (const [node, weight] of seedWeight) {
      if (weight <= 0 || offsets[node + 1]! === offsets[node]!) continue;
      starts.push(node);
      cumulative.push((totalWeight += weight));
    }
    if (starts.length === 0) return 0;
    let totalVisits = 0;
    for (let w = 0; w < walks; w++) {
      // The seed, in proportion to its weight (binary search over the running sums).
      const x = random() * totalWeight;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cumulative[mid]! <= x) lo = mid + 1;
        else hi = mid;
      }
      let current = starts[lo]!;
      for (let hop = 0; hop < MAX_HOPS; hop++) {
        // Movie → via: a link drawn in proportion to its tier's weight.
        const start = offsets[current]!;
        const end = offsets[current + 1]!;
        let sum = 0;
        for (let i = start; i < end; i++) sum += WALK_WEIGHT[tierOfByte(rel[i]!)]!;
        if (sum === 0) break;
        let left = random() * sum;
        let i = start;
        for (; i < end - 1; i++) {
          left -= WALK_WEIGHT[tierOfByte(rel[i]!)]!;
          if (left < 0) break;
        }
        const via = nb[i]!;
        const arrival = WALK_WEIGHT[tierOfByte(rel[i]!)]!;
        // No relationship joins two movies, but the format does not forbid it: such a link ends the walk.
        if (types[via] === MOVIE || arrival === 0) break;
        // Via → movie by rejection sampling: a link at least as strong as the one the walk arrived
        // by is taken, a weaker one in proportion (a hub's links are all obscure: all equal there).
        const viaStart = offsets[via]!;
        const viaDegree = offsets[via + 1]! - viaStart;
        let next = -1;
        for (let t = 0; t < PICK_TRIES; t++) {
          const j = viaStart + Math.floor(random() * viaDegree);
          const candidate = nb[j]!;
          if (candidate === current || types[candidate] !== MOVIE) continue;
          const weight = WALK_WEIGHT[tierOfByte(rel[j]!)]!;
          if (weight >= arrival || random() * arrival < weight) {
            next = candidate;
            break;
          }
        }
        if (next < 0) break;
        if (visits[next]!++ === 0) this.touch(next);
        totalVisits++;
        current = next;
        if (random() < restart) break;
      }
    }
    return totalVisits;
  }

  private touch(node: number): void {
    if (this.touchedCount === this.touched.length) {
      const grown = new Uint32Array(this.touched.length * 2);
      grown.set(this.touched);
      this.touched = grown;
    }
    this.touched[this.touchedCount++] = node;
  }

  private reset(): void {
    for (let k = 0; k < this.touchedCount; k++) this.visits[this.touched[k]!] = 0;
    this.touchedCount = 0;
  }

  /** Scores the visited films that may be returned into the candidate heap. */
  private rank(excluded: ReadonlySet<number>, totalVisits: number): void {
    const popularity = this.graph.popularity;
    if (this.heapNodes.length < this.touchedCount) {
      this.heapNodes = new Uint32Array(this.touched.length);
      this.heapScores = new Float64Array(this.touched.length);
    }
    let size = 0;
    for (let k = 0; k < this.touchedCount; k++) {
      const node = this.touched[k]!;
      if (excluded.has(node)) continue;
      const p = popularity[node]!;
      this.heapNodes[size] = node;
      this.heapScores[size++] = (this.visits[node]! / totalVisits) * Math.sqrt(1 + Math.log1p(p > 0 ? p : 0));
    }
    this.heapSize = size;
    for (let i = (size >>> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private ranksBefore(a: number, b: number): boolean {
    const sa = this.heapScores[a]!;
    const sb = this.heapScores[b]!;
    return sa > sb || (sa === sb && this.heapNodes[a]! < this.heapNodes[b]!);
  }

  private siftDown(at: number): void {
    const size = this.heapSize;
    const nodes = this.heapNodes;
    const scores = this.heapScores;
    for (let i = at; ; ) {
      const left = 2 * i + 1;
      if (left >= size) return;
      const child = left + 1 < size && this.ranksBefore(left + 1, left) ? left + 1 : left;
      if (!this.ranksBefore(child, i)) return;
      const n = nodes[i]!;
      nodes[i] = nodes[child]!;
      nodes[child] = n;
      const sc = scores[i]!;
      scores[i] = scores[child]!;
      scores[child] = sc;
      i = child;
    }
  }

  /** Takes the best remaining candidate into `out`; false when none is left. */
  private next(out: { node: number; score: number }): boolean {
    if (this.heapSize === 0) return false;
    out.node = this.heapNodes[0]!;
    out.score = this.heapScores[0]!;
    const last = --this.heapSize;
    this.heapNodes[0] = this.heapNodes[last]!;
    this.heapScores[0] = this.heapScores[last]!;
    this.siftDown(0);
    return true;
  }

  /** Greedy pass over the ranking: films with a basis, one per collection, MAX_PER_VIA per via. */
  private select(seedWeight: ReadonlyMap<number, number>, limit: number): RecommendedMovie[] {
    const seedLinks = this.seedLinks(seedWeight);
    const { offsets, neighbours: nb, relations: rel } = this.graph;
    const usedCollections = new Set<number>();
    const viaUses = new Map<number, number>();
    const results: RecommendedMovie[] = [];
    const candidate = { node: 0, score: 0 };
    while (results.length < limit && this.next(candidate)) {
      const { node, score } = candidate;
      const basis = this.basisOf(node, seedLinks);
      if (!basis || (viaUses.get(basis.via) ?? 0) >= MAX_PER_VIA) continue;
      let repeatsCollection = false;
      for (let i = offsets[node]!; i < offsets[node + 1]!; i++) {
        if ((rel[i]! & RELATION_CODE_MASK) === COLLECTION_LINK && usedCollections.has(nb[i]!)) repeatsCollection = true;
      }
      if (repeatsCollection) continue;
      for (let i = offsets[node]!; i < offsets[node + 1]!; i++) {
        if ((rel[i]! & RELATION_CODE_MASK) === COLLECTION_LINK) usedCollections.add(nb[i]!);
      }
      viaUses.set(basis.via, (viaUses.get(basis.via) ?? 0) + 1);
      results.push({ node, score, basis });
    }
    return results;
  }

  /** Every seed's links to non-movie entities, by via. */
  private seedLinks(seedWeight: ReadonlyMap<number, number>): Map<number, SeedLink[]> {
    const { offsets, neighbours: nb, relations: rel, types } = this.graph;
    const byVia = new Map<number, SeedLink[]>();
    for (const [seed, weight] of seedWeight) {
      for (let i = offsets[seed]!; i < offsets[seed + 1]!; i++) {
        const via = nb[i]!;
        if (types[via] === MOVIE) continue;
        const link: SeedLink = { seed, relation: rel[i]!, tier: tierOfByte(rel[i]!), billing: creditAt(this.graph, seed, i).billing, weight };
        const list = byVia.get(via);
        if (list) list.push(link);
        else byVia.set(via, [link]);
      }
    }
    return byVia;
  }

  /** The strongest seed — via — film link pair, or null when the film shares no entity with a seed. */
  private basisOf(node: number, seedLinks: ReadonlyMap<number, readonly SeedLink[]>): RecommendedMovieBasis | null {
    const { offsets, neighbours: nb, relations: rel } = this.graph;
    let best: BasisChoice | null = null;
    for (let i = offsets[node]!; i < offsets[node + 1]!; i++) {
      const via = nb[i]!;
      const links = seedLinks.get(via);
      if (!links) continue;
      const tier = tierOfByte(rel[i]!);
      const billing = creditAt(this.graph, node, i).billing;
      for (const link of links) {
        const choice: BasisChoice = {
          worse: Math.max(tier, link.tier),
          better: Math.min(tier, link.tier),
          billing: Math.max(billing, link.billing),
          viaPopularity: this.graph.popularity[via]!,
          seedWeight: link.weight,
          link: { seed: link.seed, via, relation: rel[i]!, seedRelation: link.relation },
        };
        if (!best || betterBasis(choice, best)) best = choice;
      }
    }
    return best?.link ?? null;
  }
}

const recommenders = new WeakMap<Graph, Recommender>();

/**
 * Up to `limit` films for a user whose films are `seeds` (see the module comment), best first.
 * Deterministic for a given rngSeed. Seeds that are not movies of the graph are ignored; no usable
 * seed gives []. Throws GraphError VALIDATION_FAILED for out-of-range options or seed weights.
 */
export function recommend(graph: Graph, seeds: readonly RecommendSeed[], options: RecommendOptions): RecommendedMovie[] {
  let recommender = recommenders.get(graph);
  if (!recommender) {
    recommender = new Recommender(graph);
    recommenders.set(graph, recommender);
  }
  return recommender.recommend(seeds, options);
}
