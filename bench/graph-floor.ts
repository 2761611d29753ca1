/**
 * The floor: the least a bidirectional BFS can do over the same CSR arrays — no parameters beyond a
 * type mask, no counting, no weights, no progress, first meeting wins. The engine's cost over this
 * is what its features cost.
 */
import type { Graph } from '../backend/src/graph/snapshot.js';

export class FloorBfs {
  private readonly markFrom: Uint32Array;
  private readonly markTo: Uint32Array;
  private readonly queueFrom: Uint32Array;
  private readonly queueTo: Uint32Array;
  private generation = 0;
  /** Adjacency entries scanned by the last call (diagnostics). */
  edgesScanned = 0;

  constructor(
    private readonly graph: Graph,
    /** Bit t set = entities of type code t may be intermediates. */
    private readonly typeMask: number,
  ) {
    const n = graph.nodeCount;
    this.markFrom = new Uint32Array(n);
    this.markTo = new Uint32Array(n);
    this.queueFrom = new Uint32Array(n);
    this.queueTo = new Uint32Array(n);
  }

  /** Number of links of a shortest path, or -1 when none within maxDegrees. */
  distance(from: number, to: number, maxDegrees: number): number {
    if (++this.generation === 0xffffffff) {
      this.markFrom.fill(0);
      this.markTo.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const { offsets, neighbours, types } = this.graph;
    const mask = this.typeMask;
    const markA = this.markFrom;
    const markB = this.markTo;
    const qa = this.queueFrom;
    const qb = this.queueTo;
    markA[from] = gen;
    markB[to] = gen;
    qa[0] = from;
    qb[0] = to;
    let aHead = 0;
    let aTail = 1;
    let bHead = 0;
    let bTail = 1;
    let depth = 0;
    let edges = 0;
    try {
    while (depth < maxDegrees) {
      const forward = aTail - aHead <= bTail - bHead;
      const q = forward ? qa : qb;
      const own = forward ? markA : markB;
      const other = forward ? markB : markA;
      let tail = forward ? aTail : bTail;
      const end = tail;
      for (let i = forward ? aHead : bHead; i < end; i++) {
        const u = q[i]!;
        for (let p = offsets[u]!, e = offsets[u + 1]!; p < e; p++) {
          edges++;
          const v = neighbours[p]!;
          if (other[v] === gen) return depth + 1;
          if (own[v] === gen) continue;
          if (((mask >>> types[v]!) & 1) === 0) continue;
          own[v] = gen;
          q[tail++] = v;
        }
      }
      depth++;
      if (forward) {
        aHead = end;
        aTail = tail;
        if (aHead === aTail) return -1;
      } else {
        bHead = end;
        bTail = tail;
        if (bHead === bTail) return -1;
      }
    }
    return -1;
    } finally {
      this.edgesScanned = edges;
    }
  }
}
