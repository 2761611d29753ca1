import type { LinkTier, Relationship } from '@cinema-dna/shared-types';
import { FORWARD_BIT, relationshipOf, tierOf } from '../../graph/model.js';
import { compileParameters, defaultParameters } from '../../graph/parameters.js';
import { firstEntryTo } from '../../graph/path-check.js';
import type { Graph } from '../../graph/snapshot.js';

/**
 * The game's links: exactly those of the engine's strict pass with the default parameters — links of
 * tier core or supporting between entities of the default allowed types that are not hubs (genre,
 * keyword, company, location). Par is measured over these links, so a player can reach it and never
 * beat it. Everything here reads the loaded graph's typed arrays; nothing touches the database.
 */

/** Distance value of an entity the BFS did not reach. */
export const UNREACHED = 255;

/** One link of the game, seen from the step it leaves (`direction` as a path step reads it). */
export interface GameLink {
  /** The adjacency entry (of `owner`) the link was read from. */
  owner: number;
  position: number;
  relationship: Relationship;
  /** forward: the step the link leaves is the relationship's subject ("Keanu Reeves acted_in The Matrix"). */
  direction: 'forward' | 'backward';
  tier: LinkTier;
  /** The character, job or award year, when the source has one. */
  label: string | null;
}

/** Which entities a themed challenge lets a chain pass through (both ends always may). */
export type NodeFilter = (node: number) => boolean;

const STRICT = compileParameters(defaultParameters());

export class GameGraph {
  constructor(readonly graph: Graph) {}

  /** Whether `node` may stand in a chain at all (a hub, or a type the strict pass skips, may not). */
  playable(node: number): boolean {
    return ((STRICT.strictMask >>> this.graph.classes[node]!) & 1) === 1;
  }

  /** Whether the relation byte's tier is one the game uses (core or supporting). */
  private tierAllowed(byte: number): boolean {
    return ((STRICT.strictTiers >>> ((byte >>> 5) & 3)) & 1) === 1;
  }

  /**
   * The game link from `from` to `to`, or null when they are not linked by one. With several links
   * (an actor who also directed), the core one wins, then the first.
   */
  link(from: number, to: number): GameLink | null {
    const g = this.graph;
    if (from === to || !g.has(from) || !g.has(to) || !this.playable(from) || !this.playable(to)) return null;
    const { neighbours, relations, offsets } = g;
    let best = -1;
    for (let p = firstEntryTo(g, from, to); p < offsets[from + 1]! && neighbours[p] === to; p++) {
      const byte = relations[p]!;
      if (!this.tierAllowed(byte)) continue;
      if (best < 0 || (tierOf(byte) === 'core' && tierOf(relations[best]!) !== 'core')) best = p;
    }
    if (best < 0) return null;
    const byte = relations[best]!;
    return {
      owner: from,
      position: best,
      relationship: relationshipOf(byte),
      direction: (byte & FORWARD_BIT) !== 0 ? 'forward' : 'backward',
      tier: tierOf(byte),
      label: g.labelAt(from, best),
    };
  }

  /** Calls `visit` for each distinct game neighbour of `node` (that passes `filter`). */
  forEachNeighbour(node: number, visit: (neighbour: number) => void, filter?: NodeFilter): void {
    const { neighbours, relations, offsets } = this.graph;
    let previous = -1;
    for (let p = offsets[node]!; p < offsets[node + 1]!; p++) {
      const n = neighbours[p]!;
      if (n === previous || !this.tierAllowed(relations[p]!) || !this.playable(n)) continue;
      if (filter && !filter(n)) continue;
      previous = n;
      visit(n);
    }
  }

  /**
   * Breadth-first distances (in links) from `source` over game links, up to `maxDepth`;
   * UNREACHED beyond. Intermediates must pass `filter`; `source` itself always counts.
   * O(entities + links reached): run it once per challenge and keep the result.
   */
  distancesFrom(source: number, maxDepth: number, filter?: NodeFilter): Uint8Array {
    const g = this.graph;
    const dist = new Uint8Array(g.nodeCount).fill(UNREACHED);
    dist[source] = 0;
    let frontier = [source];
    for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const v of frontier) {
        this.forEachNeighbour(
          v,
          (n) => {
            if (dist[n] !== UNREACHED) return;
            dist[n] = depth;
            next.push(n);
          },
          filter,
        );
      }
      frontier = next;
    }
    return dist;
  }

  /** How many distinct shortest chains lead from `from` to the source of `distToTarget` (a float: it can be huge). */
  countShortest(from: number, distToTarget: Uint8Array, filter?: NodeFilter): number {
    const d = distToTarget[from]!;
    if (d === UNREACHED) return 0;
    const memo = new Map<number, number>();
    const count = (v: number): number => {
      const dv = distToTarget[v]!;
      if (dv === 0) return 1;
      const known = memo.get(v);
      if (known !== undefined) return known;
      let total = 0;
      this.forEachNeighbour(v, (n) => {
        if (distToTarget[n] === dv - 1) total += count(n);
      }, (n) => distToTarget[n] === 0 || !filter || filter(n));
      memo.set(v, total);
      return total;
    };
    return count(from);
  }

  /**
   * Up to `limit` shortest chains (entity indices, `from` first), most popular intermediates first:
   * from each step, neighbours one link closer to the target, in order of popularity.
   */
  shortestChains(from: number, distToTarget: Uint8Array, limit: number, filter?: NodeFilter): number[][] {
    const popularity = this.graph.popularity;
    const chains: number[][] = [];
    const chain = [from];
    const walk = (v: number): void => {
      if (chains.length >= limit) return;
      const dv = distToTarget[v]!;
      if (dv === 0) {
        chains.push([...chain]);
        return;
      }
      const closer: number[] = [];
      this.forEachNeighbour(v, (n) => {
        if (distToTarget[n] === dv - 1) closer.push(n);
      }, (n) => distToTarget[n] === 0 || !filter || filter(n));
      closer.sort((a, b) => popularity[b]! - popularity[a]!);
      for (const n of closer) {
        chain.push(n);
        walk(n);
        chain.pop();
        if (chains.length >= limit) return;
      }
    };
    if (distToTarget[from] !== UNREACHED) walk(from);
    return chains;
  }
}
