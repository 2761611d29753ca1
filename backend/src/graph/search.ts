/**
 * The connection search: layered bidirectional breadth-first search over the CSR arrays.
 *
 * Each side keeps, per visited node, a compact "slot" (node, number of shortest paths from its
 * endpoint, best weight, parent link). Slots are appended in BFS order, so a layer is a contiguous
 * slot range and no queue is needed. Membership is a bitset per side (cache-resident: half a
 * megabyte for 4M nodes) with the slot index in a per-node array read only on a hit; a new search
 * clears just the bits the previous one set. The buffers live as long as the engine, so a search
 * allocates almost nothing.
 *
 * Correctness of the meeting: the side with the smaller frontier expands one whole layer. If sides
 * are at depths k and j, no path is shorter than k + j + 1 (otherwise the two visited sets would
 * already share a node), so every link found from the expanding frontier into the other side's
 * visited set closes a path of exactly k + j + 1 links, and every shortest path crosses such a
 * link. Finishing that layer therefore sees all shortest paths: their number is
 * Σ count(u)·count(v) over those links and the lightest is the exact minimum of
 * best(u) + w(u,v) + best(v), where count/best were accumulated layer by layer over the BFS DAG.
 * That completion is what the engine pays over a "first meeting wins" BFS.
 */
import { MAX_DEGREES, MIN_DEGREES, type EntityType, type LinkTier, type PersonSubtype, type Relationship } from '@cinema-dna/shared-types';
import { GraphError, SearchCancelledError, searchBudgetExceeded } from './errors.js';
import { FORWARD_BIT, OBSCURE_BIT, TIER_SHIFT, relationshipOf, tierOf } from './model.js';
import {
  ALL_TIERS,
  compileParameters,
  defaultParameters,
  popularityPenalty,
  type CompiledParameters,
  type EngineParameters,
} from './parameters.js';
import type { Graph } from './snapshot.js';

/** The link from one path step to the next. `forward`: "this step <code> next step" (e.g. acted_in). */
export interface PathLink {
  code: Relationship;
  /** Character, job or award category when the source had one. */
  label: string | null;
  direction: 'forward' | 'backward';
  /** What the link means to a fan (tiers.ts). */
  tier: LinkTier;
}

/** One entity of a path. */
export interface PathStep {
  index: number;
  key: string;
  type: EntityType;
  subtype: PersonSubtype | null;
  name: string;
  popularity: number;
  /** Link to the next step; null on the last step. */
  relationship: PathLink | null;
}

export interface SearchStats {
  /** Layers expanded (both sides, all passes). */
  layers: number;
  /** Entities reached (both sides, all passes). */
  visited: number;
  edgesScanned: number;
  elapsedMs: number;
  /** 2 when the first pass (core and supporting links, no hubs) found nothing and the fallback ran. */
  passes: number;
  /** True when the answer needed obscure links or hub entities (found by the fallback pass). */
  usedObscure: boolean;
}

/** A found connection. */
export interface SearchResult {
  path: PathStep[];
  /** Number of links (path.length - 1). */
  degrees: number;
  /** Weight of `path` (see parameters.ts); the lowest among all shortest paths. */
  totalWeight: number;
  /** How many distinct shortest paths exist (a float: it can exceed 2^53). */
  shortestPathCount: number;
  stats: SearchStats;
}

/** Another shortest path, from listAlternatives. */
export interface AlternativePath {
  path: PathStep[];
  degrees: number;
  totalWeight: number;
}

export interface AlternativesResult {
  degrees: number;
  shortestPathCount: number;
  /** Distinct shortest paths, lightest first; the first is the one `search` returns. */
  paths: AlternativePath[];
  stats: SearchStats;
}

/** An entity in a progress sample. */
export interface ProgressEntity {
  index: number;
  key: string;
  type: EntityType;
  name: string;
  popularity: number;
}

/** Sent once per expanded layer. */
export interface SearchProgress {
  /** 1-based count of layers expanded so far (continues across the fallback pass). */
  layer: number;
  pass: number;
  side: 'from' | 'to';
  /** Entities in the layer just reached. */
  frontierSize: number;
  visited: number;
  edgesScanned: number;
  /** The most popular entities of the layer just reached. */
  sample: ProgressEntity[];
  elapsedMs: number;
}

/**
 * Hard limits of one search; past either it fails with GraphError SEARCH_BUDGET_EXCEEDED. Checked at
 * the cancellation checkpoints (every few thousand links and at each layer), so a search overshoots
 * by at most one checkpoint's work. Unset: no limit.
 */
export interface SearchBudget {
  /** Wall time from the start of the search, in milliseconds. */
  timeMs?: number;
  /** Entities reached (both sides, all passes, as in SearchStats.visited). */
  maxVisited?: number;
}

export interface SearchOptions {
  signal?: AbortSignal;
  budget?: SearchBudget;
  /** Cancellation flag shared with another thread: the search stops when element 0 is non-zero. */
  cancelFlag?: Int32Array;
  onProgress?: (progress: SearchProgress) => void;
  /** Entities per progress sample (default 5). */
  sampleSize?: number;
}

/** Edges scanned between two cancellation checks. */
const CANCEL_CHECK_EDGES = 8192;
/** Meeting links kept for listing alternatives. */
const MAX_MEETINGS = 4096;
const NO_MEETING = -1;

/** Per-side search state; see the module comment. */
class Side {
  /**
   * Visited set as a bitset: 1 bit per node keeps it in cache (half a megabyte for 4M nodes), so
   * the membership tests of the hot loop rarely touch memory. Cleared through the slot list.
   */
  readonly visited: Int32Array;
  /** Slot of each visited node (valid only where the visited bit is set). */
  readonly mark: Uint32Array;
  size = 0;
  node: Uint32Array;
  count: Float64Array;
  /** Best weight from the endpoint to the node, excluding the node's own popularity penalty. */
  best: Float64Array;
  /** Adjacency position (in the parent's list) of the link the best path arrives by. */
  parent: Uint32Array;
  endpoint = 0;
  depth = 0;
  layerStart = 0;
  layerEnd = 0;
  /**
   * Size of the current frontier, which decides the side to expand. (Summing the frontier's
   * degrees scans fewer links but costs a random read per discovered node, which loses on large graphs.)
   */
  cost = 0;
  /** First slot of each depth (index = depth), plus the end of the last complete one. */
  readonly layerStarts: number[] = [];

  constructor(nodeCount: number, capacity: number) {
    this.visited = new Int32Array((nodeCount + 31) >>> 5);
    this.mark = new Uint32Array(nodeCount);
    this.node = new Uint32Array(capacity);
    this.count = new Float64Array(capacity);
    this.best = new Float64Array(capacity);
    this.parent = new Uint32Array(capacity);
  }

  /** Forgets the previous search (clearing only the bits it set) and seeds this one. */
  begin(endpoint: number, avoid: readonly number[]): void {
    const visited = this.visited;
    for (let s = 0; s < this.size; s++) visited[this.node[s]! >>> 5] = 0;
    this.size = 0;
    this.endpoint = endpoint;
    this.depth = 0;
    this.layerStarts.length = 0;
    this.add(endpoint, 1, 0, 0);
    // Avoided nodes sit in both sides' visited sets (slots after the endpoint, outside every layer):
    // the own-side check then skips them before any other test, at no cost in the loop.
    for (const v of avoid) if (this.slotOf(v) < 0) this.add(v, 0, Infinity, 0);
    this.layerStarts.push(0, this.size);
    this.layerStart = 0;
    this.layerEnd = 1;
  }

  add(v: number, count: number, best: number, parent: number): number {
    if (this.size === this.node.length) this.grow();
    const s = this.size++;
    this.visited[v >>> 5]! |= 1 << (v & 31);
    this.mark[v] = s;
    this.node[s] = v;
    this.count[s] = count;
    this.best[s] = best;
    this.parent[s] = parent;
    return s;
  }

  grow(): void {
    const capacity = Math.max(1024, this.node.length * 2);
    const node = new Uint32Array(capacity);
    node.set(this.node);
    this.node = node;
    const count = new Float64Array(capacity);
    count.set(this.count);
    this.count = count;
    const best = new Float64Array(capacity);
    best.set(this.best);
    this.best = best;
    const parent = new Uint32Array(capacity);
    parent.set(this.parent);
    this.parent = parent;
  }

  /** Slot of `v` in the current search, or -1. */
  slotOf(v: number): number {
    return (this.visited[v >>> 5]! & (1 << (v & 31))) !== 0 ? this.mark[v]! : -1;
  }
}

/** Internal outcome of one pass. */
interface PassOutcome {
  found: boolean;
  /** The side that expanded last (its frontier node is the meeting link's owner). */
  expanding: Side | null;
  other: Side | null;
  meetSlot: number;
  meetPosition: number;
  otherSlot: number;
  weight: number;
  count: number;
  /** Links usable in the pass: bit (tier | direction << 2) of the relation byte >>> TIER_SHIFT. */
  linkMask: number;
}

/**
 * A search engine over one graph. Not re-entrant: one search at a time per engine (each worker
 * thread owns one). Its buffers are reused across searches.
 */
export class SearchEngine {
  private readonly forward: Side;
  private readonly backward: Side;
  private layerCounter = 0;
  private edges = 0;
  private skippedObscure = false;
  /**
   * Each side's endpoint when it is a hub entity (genre, keyword...), else -1. A hub's links are all
   * obscure, yet when the user picked the hub itself they are the only way to it: the strict pass
   * takes them at the endpoints, and only there.
   */
  private hubFrom = -1;
  private hubTo = -1;
  private started = 0;
  private deadline = Infinity;
  private maxVisited = Infinity;
  /** Entities reached by the finished passes of the current search. */
  private visitedBefore = 0;
  /** Avoided slots of both sides in the current pass (they sit in the visited sets but are not visited). */
  private avoidedSlots = 0;
  private collectMeetings = false;
  private meetings = { a: new Uint32Array(MAX_MEETINGS), p: new Uint32Array(MAX_MEETINGS), b: new Uint32Array(MAX_MEETINGS), length: 0 };
  /** Stats of the last search, including one that found nothing. */
  lastStats: SearchStats | null = null;

  constructor(private readonly graph: Graph) {
    const capacity = Math.min(graph.nodeCount + 1, 1 << 16);
    this.forward = new Side(graph.nodeCount, capacity);
    this.backward = new Side(graph.nodeCount, capacity);
  }

  /**
   * The fewest-links path from `from` to `to` (node indices), lightest among equals, or null when
   * none exists within maxDegrees. Throws GraphError for bad input, SearchCancelledError on cancel.
   */
  search(from: number, to: number, params: EngineParameters = defaultParameters(), options: SearchOptions = {}): SearchResult | null {
    const compiled = this.prepare(from, to, params);
    const outcome = this.run(from, to, compiled, options);
    if (!outcome.found) return null;
    const { nodes, owners, positions } = this.pathOf(outcome);
    return {
      path: this.describe(nodes, owners, positions),
      degrees: nodes.length - 1,
      totalWeight: this.weightOf(nodes, positions, compiled),
      shortestPathCount: outcome.count,
      stats: this.lastStats!,
    };
  }

  /**
   * Up to `limit` distinct shortest paths, lightest first (the first is `search`'s answer), or null
   * when no path exists within maxDegrees. Enumeration is capped, so with very many shortest paths
   * the list is the lightest of those visited rather than the lightest overall.
   */
  listAlternatives(from: number, to: number, params: EngineParameters = defaultParameters(), limit = 5, options: SearchOptions = {}): AlternativesResult | null {
    const compiled = this.prepare(from, to, params);
    this.collectMeetings = true;
    let outcome: PassOutcome;
    try {
      outcome = this.run(from, to, compiled, options);
    } finally {
      this.collectMeetings = false;
    }
    if (!outcome.found) return null;
    const max = Math.max(1, Math.min(100, Math.floor(limit)));
    const best = this.pathOf(outcome);
    const candidates: Array<{ nodes: number[]; owners: number[]; positions: number[]; weight: number }> = [
      { ...best, weight: this.weightOf(best.nodes, best.positions, compiled) },
    ];
    const seen = new Set([best.nodes.join(',')]);
    const pathLimit = Math.max(64, max * 16);
    this.enumerate(outcome, compiled, pathLimit, options, (path) => {
      const id = path.nodes.join(',');
      if (seen.has(id)) return;
      seen.add(id);
      candidates.push({ ...path, weight: this.weightOf(path.nodes, path.positions, compiled) });
    });
    const [first, ...rest] = candidates;
    rest.sort((x, y) => x.weight - y.weight);
    return {
      degrees: best.nodes.length - 1,
      shortestPathCount: outcome.count,
      paths: [first!, ...rest].slice(0, max).map((c) => ({
        path: this.describe(c.nodes, c.owners, c.positions),
        degrees: c.nodes.length - 1,
        totalWeight: c.weight,
      })),
      stats: this.lastStats!,
    };
  }

  private prepare(from: number, to: number, params: EngineParameters): CompiledParameters {
    const g = this.graph;
    if (!g.has(from)) throw new GraphError('INVALID_ENTITY', `unknown entity index ${from}`, { field: 'from' });
    if (!g.has(to)) throw new GraphError('INVALID_ENTITY', `unknown entity index ${to}`, { field: 'to' });
    if (from === to) throw new GraphError('VALIDATION_FAILED', 'from and to are the same entity', { field: 'to' });
    const compiled = compileParameters(params);
    if (!(compiled.maxDegrees >= MIN_DEGREES && compiled.maxDegrees <= MAX_DEGREES)) {
      throw new GraphError('VALIDATION_FAILED', `maxDegrees must be between ${MIN_DEGREES} and ${MAX_DEGREES}`, { field: 'maxDegrees' });
    }
    for (const v of compiled.avoid) {
      if (!g.has(v)) throw new GraphError('INVALID_ENTITY', `unknown entity index ${v} in avoid`, { field: 'avoid' });
      if (v === from || v === to) throw new GraphError('VALIDATION_FAILED', 'cannot avoid an endpoint of the search', { field: 'avoid' });
    }
    return compiled;
  }

  /** Runs the strict pass and, when it fails because obscure entities were skipped, the full pass. */
  private run(from: number, to: number, compiled: CompiledParameters, options: SearchOptions): PassOutcome {
    this.started = performance.now();
    this.deadline = this.started + (options.budget?.timeMs ?? Infinity);
    this.maxVisited = options.budget?.maxVisited ?? Infinity;
    this.visitedBefore = 0;
    this.avoidedSlots = 0;
    this.layerCounter = 0;
    this.edges = 0;
    const stats: SearchStats = { layers: 0, visited: 0, edgesScanned: 0, elapsedMs: 0, passes: 1, usedObscure: false };
    this.lastStats = stats;
    this.checkpoint(options);
    this.skippedObscure = false;
    this.hubFrom = (this.graph.classes[from]! & OBSCURE_BIT) !== 0 ? from : -1;
    this.hubTo = (this.graph.classes[to]! & OBSCURE_BIT) !== 0 ? to : -1;
    let outcome = this.pass(from, to, compiled, compiled.strictMask, compiled.strictTiers, 1, options, stats);
    if (!outcome.found && compiled.fallback && this.skippedObscure) {
      stats.passes = 2;
      outcome = this.pass(from, to, compiled, compiled.fullMask, ALL_TIERS, 2, options, stats);
      stats.usedObscure = outcome.found;
    }
    stats.edgesScanned = this.edges;
    stats.elapsedMs = performance.now() - this.started;
    return outcome;
  }

  private pass(from: number, to: number, compiled: CompiledParameters, mask: number, tiers: number, passNumber: number, options: SearchOptions, stats: SearchStats): PassOutcome {
    const f = this.forward;
    const b = this.backward;
    f.begin(from, compiled.avoid);
    b.begin(to, compiled.avoid);
    // Avoided slots (after each endpoint, before layer 1) are not "visited".
    const avoided = f.layerStarts[1]! - 1 + (b.layerStarts[1]! - 1);
    this.avoidedSlots = avoided;
    f.cost = 1;
    b.cost = 1;
    // The relation byte >>> TIER_SHIFT is tier | direction << 2: allow a tier in both directions.
    const linkMask = tiers | (tiers << 4);
    const outcome: PassOutcome = { found: false, expanding: null, other: null, meetSlot: NO_MEETING, meetPosition: 0, otherSlot: 0, weight: Infinity, count: 0, linkMask };
    this.meetings.length = 0;
    try {
      while (f.depth + b.depth + 1 <= compiled.maxDegrees) {
        const expandForward = f.cost <= b.cost;
        const a = expandForward ? f : b;
        const o = expandForward ? b : f;
        // On the last allowed layer only meetings matter: do not grow the frontier.
        const lastLayer = f.depth + b.depth + 1 === compiled.maxDegrees;
        const nextStart = a.size;
        this.expand(a, o, compiled, mask, lastLayer, options, outcome);
        a.layerStart = nextStart;
        a.layerEnd = a.size;
        a.depth++;
        a.layerStarts.push(a.size);
        this.layerCounter++;
        stats.layers++;
        if (options.onProgress) this.report(a, f, b, avoided, passNumber, options);
        if (outcome.found) return outcome;
        this.checkpoint(options, a, o);
        if (a.layerEnd === a.layerStart) return outcome; // this side's component is exhausted
      }
      return outcome;
    } finally {
      stats.visited += f.size + b.size - avoided;
      this.visitedBefore = stats.visited;
    }
  }

  /**
   * Expands `a`'s frontier by one layer: the hot loop, over typed arrays held in locals. Once a
   * meeting is found (or on the last allowed layer) no node can matter beyond this layer, so the
   * rest of the frontier goes through the cheaper meeting-only scan.
   */
  private expand(a: Side, o: Side, compiled: CompiledParameters, mask: number, lastLayer: boolean, options: SearchOptions, outcome: PassOutcome): void {
    this.checkpoint(options, a, o);
    const g = this.graph;
    const offsets = g.offsets;
    const neighbours = g.neighbours;
    const relations = g.relations;
    const classes = g.classes;
    const popularity = g.popularity;
    const linkWeights = compiled.linkWeights;
    const weighted = compiled.weightByPopularity;
    const fullMask = compiled.fullMask;
    const linkMask = outcome.linkMask;
    const filterLinks = linkMask !== 0xff;
    const [aHub, oHub] = a === this.forward ? [this.hubFrom, this.hubTo] : [this.hubTo, this.hubFrom];
    const aVisited = a.visited;
    const aMark = a.mark;
    const oVisited = o.visited;
    const nextStart = a.size;
    const layerEnd = a.layerEnd;
    let aNode = a.node;
    let aCount = a.count;
    let aBest = a.best;
    let aParent = a.parent;
    let size = a.size;
    let edges = this.edges;
    let lastCheck = edges;
    let skipped = this.skippedObscure;

    if (lastLayer) {
      this.scanMeetings(a, o, a.layerStart, -1, compiled, options, outcome);
      return;
    }
    for (let s = a.layerStart; s < layerEnd; s++) {
      if (edges - lastCheck >= CANCEL_CHECK_EDGES) {
        lastCheck = edges;
        this.edges = edges;
        a.size = size; // so the visited bits set so far are cleared even if this throws
        this.checkpoint(options, a, o);
      }
      const u = aNode[s]!;
      const cu = aCount[s]!;
      const bu = aBest[s]! + (weighted && s !== 0 ? popularityPenalty(popularity[u]!) : 0);
      const end = offsets[u + 1]!;
      const filter = filterLinks && !(s === 0 && aHub >= 0);
      let previous = -1;
      for (let p = offsets[u]!; p < end; p++) {
        const v = neighbours[p]!;
        // Lists are sorted by neighbour, the best tier first: a second link to the same entity is the same path step.
        if (v === previous) continue;
        edges++;
        if (filter && ((linkMask >>> (relations[p]! >>> TIER_SHIFT)) & 1) === 0 && v !== oHub) {
          // The full pass could take this link: into a passable entity, or straight to the other side.
          if (((fullMask >>> classes[v]!) & 1) !== 0 || (oVisited[v >>> 5]! & (1 << (v & 31))) !== 0) skipped = true;
          continue;
        }
        previous = v;
        const word = v >>> 5;
        const bit = 1 << (v & 31);
        if ((aVisited[word]! & bit) !== 0) {
          const t = aMark[v]!;
          if (t >= nextStart) {
            // Another shortest route into a node of the layer being built.
            aCount[t]! += cu;
            const w = bu + linkWeights[relations[p]!]!;
            if (w < aBest[t]!) {
              aBest[t] = w;
              aParent[t] = p;
            }
          }
          continue;
        }
        if ((oVisited[word]! & bit) !== 0) {
          // First meeting: this layer closes the shortest paths; only meetings matter from here.
          a.size = size;
          this.edges = edges - 1;
          this.skippedObscure = skipped;
          a.cost = size - nextStart;
          this.scanMeetings(a, o, s, p, compiled, options, outcome);
          return;
        }
        const c = classes[v]!;
        if (((mask >>> c) & 1) === 0) {
          if ((fullMask >>> c) & 1) skipped = true;
          continue;
        }
        if (size === aNode.length) {
          a.size = size;
          a.grow();
          aNode = a.node;
          aCount = a.count;
          aBest = a.best;
          aParent = a.parent;
        }
        aVisited[word]! |= bit;
        aMark[v] = size;
        aNode[size] = v;
        aCount[size] = cu;
        aBest[size] = bu + linkWeights[relations[p]!]!;
        aParent[size] = p;
        size++;
      }
    }
    a.size = size;
    this.edges = edges;
    this.skippedObscure = skipped;
    a.cost = size - nextStart;
  }

  /**
   * The rest of a meeting layer, from adjacency position `fromPosition` of frontier slot `fromSlot`
   * (-1: from its first link):
   * sums path counts and keeps the lightest link into the other side. The visited sets share only
   * the avoided nodes (seeded into both), so a hit on the other side that is also on this side is an
   * avoided node, never a meeting.
   */
  private scanMeetings(a: Side, o: Side, fromSlot: number, fromPosition: number, compiled: CompiledParameters, options: SearchOptions, outcome: PassOutcome): void {
    const g = this.graph;
    const offsets = g.offsets;
    const neighbours = g.neighbours;
    const relations = g.relations;
    const popularity = g.popularity;
    const linkWeights = compiled.linkWeights;
    const weighted = compiled.weightByPopularity;
    const aVisited = a.visited;
    const oVisited = o.visited;
    const oMark = o.mark;
    const oCount = o.count;
    const oBest = o.best;
    const oNode = o.node;
    const aNode = a.node;
    const aCount = a.count;
    const aBest = a.best;
    const layerEnd = a.layerEnd;
    const linkMask = outcome.linkMask;
    const filterLinks = linkMask !== 0xff;
    const [aHub, oHub] = a === this.forward ? [this.hubFrom, this.hubTo] : [this.hubTo, this.hubFrom];
    const collect = this.collectMeetings;
    const meetings = this.meetings;
    let edges = this.edges;
    let lastCheck = edges;
    let found = outcome.found;
    let count = outcome.count;
    let weight = outcome.weight;
    let skipped = false;
    for (let s = fromSlot; s < layerEnd; s++) {
      if (edges - lastCheck >= CANCEL_CHECK_EDGES) {
        lastCheck = edges;
        this.edges = edges;
        this.checkpoint(options);
      }
      const u = aNode[s]!;
      const cu = aCount[s]!;
      // Most frontier nodes of a meeting layer have no link into the other side: their weight
      // (a popularity read and a logarithm) is computed on their first meeting only.
      let bu = NaN;
      const end = offsets[u + 1]!;
      const start = offsets[u]!;
      // Resuming at the first meeting's entry: it is the first usable link to its neighbour.
      const first = s === fromSlot && fromPosition >= 0 ? fromPosition : start;
      const filter = filterLinks && !(s === 0 && aHub >= 0);
      let previous = -1;
      for (let p = first; p < end; p++) {
        const v = neighbours[p]!;
        if (v === previous) continue;
        const word = v >>> 5;
        const bit = 1 << (v & 31);
        if (filter && ((linkMask >>> (relations[p]! >>> TIER_SHIFT)) & 1) === 0 && v !== oHub) {
          // A meeting the full pass could make.
          if ((oVisited[word]! & bit) !== 0 && (aVisited[word]! & bit) === 0) skipped = true;
          continue;
        }
        previous = v;
        edges++;
        if ((oVisited[word]! & bit) === 0 || (aVisited[word]! & bit) !== 0) continue;
        const t = oMark[v]!;
        found = true;
        count += cu * oCount[t]!;
        if (bu !== bu) bu = aBest[s]! + (weighted && s !== 0 ? popularityPenalty(popularity[u]!) : 0);
        const w = bu + linkWeights[relations[p]!]! + oBest[t]! + (weighted && t !== 0 ? popularityPenalty(popularity[oNode[t]!]!) : 0);
        // The first meeting is always recorded, whatever its weight: a found outcome has a path.
        if (w < weight || outcome.meetSlot === NO_MEETING) {
          weight = w;
          outcome.meetSlot = s;
          outcome.meetPosition = p;
          outcome.otherSlot = t;
        }
        if (collect && meetings.length < MAX_MEETINGS) {
          meetings.a[meetings.length] = s;
          meetings.p[meetings.length] = p;
          meetings.b[meetings.length++] = t;
        }
      }
    }
    this.edges = edges;
    if (skipped) this.skippedObscure = true;
    outcome.found = found;
    outcome.count = count;
    outcome.weight = weight;
    if (found) {
      outcome.expanding = a;
      outcome.other = o;
    }
  }

  /**
   * Cancellation and budget check. With sides given, their sizes count towards the visited budget;
   * callers set `a.size` first, so a throw leaves every visited bit reachable for clearing.
   */
  private checkpoint(options: SearchOptions, a?: Side, o?: Side): void {
    if (options.signal?.aborted || (options.cancelFlag && Atomics.load(options.cancelFlag, 0) !== 0)) {
      throw new SearchCancelledError();
    }
    if (performance.now() > this.deadline) throw searchBudgetExceeded('timeMs', options.budget!.timeMs!);
    if (a && o && this.visitedBefore + a.size + o.size - this.avoidedSlots > this.maxVisited) {
      throw searchBudgetExceeded('visited', this.maxVisited);
    }
  }

  private report(a: Side, f: Side, b: Side, avoided: number, passNumber: number, options: SearchOptions): void {
    const k = Math.max(0, Math.min(50, options.sampleSize ?? 5));
    const popularity = this.graph.popularity;
    const top: number[] = [];
    for (let s = a.layerStart; s < a.layerEnd && k > 0; s++) {
      const v = a.node[s]!;
      const p = popularity[v]!;
      if (top.length === k && p <= popularity[top[k - 1]!]!) continue;
      let i = Math.min(top.length, k - 1);
      top[i] = v;
      while (i > 0 && popularity[top[i - 1]!]! < p) {
        top[i] = top[i - 1]!;
        top[i - 1] = v;
        i--;
      }
    }
    options.onProgress!({
      layer: this.layerCounter,
      pass: passNumber,
      side: a === f ? 'from' : 'to',
      frontierSize: a.layerEnd - a.layerStart,
      visited: this.visitedBefore + f.size + b.size - avoided,
      edgesScanned: this.edges,
      sample: top.map((v) => {
        const e = this.graph.entity(v);
        return { index: v, key: e.key, type: e.type, name: e.name, popularity: e.popularity };
      }),
      elapsedMs: performance.now() - this.started,
    });
  }

  /**
   * Chain from a side's slot back to its endpoint: nodes[0] = the slot's node, and link i joins
   * nodes[i] and nodes[i + 1] at adjacency position positions[i] of owners[i] (= nodes[i + 1]).
   */
  private chain(side: Side, slot: number): { nodes: number[]; owners: number[]; positions: number[] } {
    const nodes = [side.node[slot]!];
    const owners: number[] = [];
    const positions: number[] = [];
    let s = slot;
    for (let steps = 0; s !== 0; steps++) {
      // A parent chain is at most `depth` links long; anything else is a broken invariant, and
      // walking on would grow these arrays until the process dies.
      if (s < 0 || s >= side.size || steps >= side.depth) throw new Error(`search invariant broken: slot ${slot} does not lead back to the endpoint`);
      const p = side.parent[s]!;
      const w = this.graph.ownerOf(p);
      owners.push(w);
      positions.push(p);
      nodes.push(w);
      s = side.slotOf(w);
    }
    return { nodes, owners, positions };
  }

  /** The best path of a successful pass, ordered from `from` to `to`. */
  private pathOf(outcome: PassOutcome): { nodes: number[]; owners: number[]; positions: number[] } {
    const a = outcome.expanding!;
    const o = outcome.other!;
    return this.join(a, outcome.meetSlot, outcome.meetPosition, o, outcome.otherSlot);
  }

  /** Joins a's chain from slot sa and o's chain from slot so across the meeting link at `position`. */
  private join(a: Side, sa: number, position: number, o: Side, so: number) {
    const ca = this.chain(a, sa);
    const co = this.chain(o, so);
    const u = a.node[sa]!;
    const [first, second] = a === this.forward ? [ca, co] : [co, ca];
    const nodes = [...first.nodes].reverse().concat(second.nodes);
    const owners = [...first.owners].reverse().concat([u], second.owners);
    const positions = [...first.positions].reverse().concat([position], second.positions);
    return { nodes, owners, positions };
  }

  private weightOf(nodes: number[], positions: number[], compiled: CompiledParameters): number {
    let w = 0;
    for (const p of positions) w += compiled.linkWeights[this.graph.relations[p]!]!;
    if (compiled.weightByPopularity) {
      for (let i = 1; i < nodes.length - 1; i++) w += popularityPenalty(this.graph.popularity[nodes[i]!]!);
    }
    return w;
  }

  private describe(nodes: number[], owners: number[], positions: number[]): PathStep[] {
    const g = this.graph;
    return nodes.map((v, i) => {
      const e = g.entity(v);
      let relationship: PathLink | null = null;
      if (i < positions.length) {
        const owner = owners[i]!;
        const p = positions[i]!;
        const byte = g.relations[p]!;
        const ownerFirstNamed = (byte & FORWARD_BIT) !== 0;
        relationship = {
          code: relationshipOf(byte),
          label: g.labelAt(owner, p),
          direction: ownerFirstNamed === (owner === v) ? 'forward' : 'backward',
          tier: tierOf(byte),
        };
      }
      return { ...e, relationship };
    });
  }

  /**
   * Depth-first enumeration of shortest paths through the meeting links, lightest meeting first.
   * Predecessors of a node at depth d are its neighbours in the layer d - 1 of the same side.
   */
  private enumerate(
    outcome: PassOutcome,
    compiled: CompiledParameters,
    pathLimit: number,
    options: SearchOptions,
    emit: (path: { nodes: number[]; owners: number[]; positions: number[] }) => void,
  ): void {
    const a = outcome.expanding!;
    const o = outcome.other!;
    const m = this.meetings;
    const order = Array.from({ length: m.length }, (_, i) => i);
    const g = this.graph;
    const meetingWeight = (i: number): number => a.best[m.a[i]!]! + o.best[m.b[i]!]! + compiled.linkWeights[g.relations[m.p[i]!]!]!;
    order.sort((x, y) => meetingWeight(x) - meetingWeight(y));
    let remaining = pathLimit;
    const perSide = Math.max(4, Math.ceil(Math.sqrt(pathLimit)));
    for (const i of order) {
      if (remaining <= 0) return;
      // Each meeting walks hub adjacency lists: the search's time budget and cancellation still hold.
      this.checkpoint(options);
      const sa = m.a[i]!;
      const so = m.b[i]!;
      const chainsA = this.chains(a, sa, perSide, compiled, outcome.linkMask);
      const chainsO = this.chains(o, so, perSide, compiled, outcome.linkMask);
      const u = a.node[sa]!;
      for (const ca of chainsA) {
        for (const co of chainsO) {
          if (remaining-- <= 0) return;
          const [first, second] = a === this.forward ? [ca, co] : [co, ca];
          emit({
            nodes: [...first.nodes].reverse().concat(second.nodes),
            owners: [...first.owners].reverse().concat([u], second.owners),
            positions: [...first.positions].reverse().concat([m.p[i]!], second.positions),
          });
        }
      }
    }
  }

  /** Up to `limit` chains from `slot` back to the side's endpoint through the layer DAG. */
  private chains(side: Side, slot: number, limit: number, compiled: CompiledParameters, linkMask: number) {
    const g = this.graph;
    type Chain = { nodes: number[]; owners: number[]; positions: number[] };
    const out: Chain[] = [];
    const depthOf = (s: number): number => {
      let d = 0;
      while (d + 1 < side.layerStarts.length && side.layerStarts[d + 1]! <= s) d++;
      return d;
    };
    const hub = side === this.forward ? this.hubFrom : this.hubTo;
    const walk = (s: number, acc: Chain): void => {
      if (out.length >= limit) return;
      if (s === 0) {
        out.push({ nodes: [...acc.nodes], owners: [...acc.owners], positions: [...acc.positions] });
        return;
      }
      const v = side.node[s]!;
      const d = depthOf(s);
      const lo = side.layerStarts[d - 1]!;
      const hi = side.layerStarts[d]!;
      // Predecessors: links from the previous layer into v, lightest first.
      const preds: Array<{ slot: number; owner: number; position: number; weight: number }> = [];
      let previous = -1;
      for (let p = g.offsets[v]!; p < g.offsets[v + 1]!; p++) {
        const w = g.neighbours[p]!;
        if (w === previous || (((linkMask >>> (g.relations[p]! >>> TIER_SHIFT)) & 1) === 0 && w !== hub)) continue;
        previous = w;
        const ws = side.slotOf(w);
        if (ws < lo || ws >= hi || (d - 1 === 0 && ws !== 0)) continue;
        const position = g.findEntry(w, v, g.relations[p]! ^ FORWARD_BIT);
        if (position < 0) continue;
        preds.push({ slot: ws, owner: w, position, weight: side.best[ws]! + compiled.linkWeights[g.relations[position]!]! });
      }
      preds.sort((x, y) => x.weight - y.weight);
      for (const pr of preds) {
        if (out.length >= limit) return;
        acc.nodes.push(pr.owner);
        acc.owners.push(pr.owner);
        acc.positions.push(pr.position);
        walk(pr.slot, acc);
        acc.nodes.pop();
        acc.owners.pop();
        acc.positions.pop();
      }
    };
    walk(slot, { nodes: [side.node[slot]!], owners: [], positions: [] });
    return out;
  }
}
