import type { PathRelationship } from '@cinema-dna/shared-types';
import type { Graph } from '../../../graph/snapshot.js';
import { GameGraph, UNREACHED, type GameLink } from '../game-graph.js';
import { fanKnown } from '../pairs.js';
import { pairId, type LinkCheck, type RacePair } from './room.js';

/**
 * The few game rules a race needs, on the game graph (the engine's strict links): which pair a round
 * races, whether a pick is linked to the chain's end, and the optimal chains revealed at the end.
 * Kept here rather than shared with the daily's rules, which are written alongside.
 */

/** A pair's true distance over the strict links falls within this band. */
export const RACE_MIN_PAR = 2;
export const RACE_MAX_PAR = 4;
/** Pairs are drawn between the most popular people and films a fan knows (fanKnown: a core link, top decile of popularity): at most these many. */
const POPULAR_PEOPLE = 120;
const POPULAR_MOVIES = 60;
/** Breadth-first searches run once per graph to build the pool of pairs. */
const POOL_SOURCES = 40;

/** A link as a chain step carries it (the connection results' shape). */
export function toRelationship(link: GameLink): PathRelationship {
  const type = link.relationship;
  return {
    type,
    direction: link.direction,
    character: type === 'acted_in' ? link.label : null,
    job: type === 'acted_in' || type === 'won' || type === 'nominated_for' ? null : link.label,
    label: link.label,
    tier: link.tier,
  };
}

export class RaceRules {
  readonly game: GameGraph;
  private pool: RacePair[] | null = null;
  private readonly distances = new Map<string, Uint8Array>();
  private readonly reveals = new Map<string, { count: number; chains: string[][] }>();

  constructor(readonly graph: Graph) {
    this.game = new GameGraph(graph);
  }

  /** Whether `to` may follow `from` in a chain, and by which link. */
  check(fromKey: string, toKey: string): LinkCheck {
    const from = this.graph.resolve(fromKey);
    const to = this.graph.resolve(toKey);
    if (to < 0) return { linked: false, reason: 'Not in the catalog' };
    if (from < 0) return { linked: false, reason: 'Not linked' };
    if (!this.game.playable(to)) return { linked: false, reason: `${this.graph.name(to)} cannot be part of a chain` };
    const link = this.game.link(from, to);
    return link ? { linked: true, via: toRelationship(link) } : { linked: false, reason: `Not linked to ${this.graph.name(from)}` };
  }

  /**
   * Every candidate pair, built once per graph: from each of the most popular people a fan knows, the
   * people and films a fan knows at a true distance within the band (the daily's rule for its ends).
   */
  pairs(): RacePair[] {
    if (this.pool) return this.pool;
    const g = this.graph;
    const people = fanKnown(this.game, 'person').slice(0, POPULAR_PEOPLE);
    const targets = [...people, ...fanKnown(this.game, 'movie').slice(0, POPULAR_MOVIES)];
    const pool: RacePair[] = [];
    for (const source of people.slice(0, POOL_SOURCES)) {
      const dist = this.game.distancesFrom(source, RACE_MAX_PAR);
      for (const target of targets) {
        const d = dist[target]!;
        if (d !== UNREACHED && d >= RACE_MIN_PAR && d <= RACE_MAX_PAR) pool.push({ from: g.key(source), to: g.key(target), par: d });
      }
    }
    this.pool = pool;
    return pool;
  }

  /** A pair for the next round, one the room has not raced yet when it can (null: the graph has none). */
  pick(random: () => number, used: readonly string[] = []): RacePair | null {
    const pool = this.pairs();
    if (pool.length === 0) return null;
    const seen = new Set(used);
    const fresh = pool.filter((pair) => !seen.has(pairId(pair)));
    const from = fresh.length > 0 ? fresh : pool;
    return from[Math.floor(random() * from.length)]!;
  }

  /** Distances to `toKey` (kept per target: every room racing a pair reveals from the same search). */
  private distancesTo(to: number): Uint8Array {
    const key = String(to);
    let dist = this.distances.get(key);
    if (!dist) {
      dist = this.game.distancesFrom(to, RACE_MAX_PAR + 1);
      if (this.distances.size >= 64) this.distances.delete(this.distances.keys().next().value!);
      this.distances.set(key, dist);
    }
    return dist;
  }

  /** How many optimal chains the pair has, and up to `limit` of them (entity keys, `from` first). Kept per pair: every member's view of a finished room reveals them. */
  optimal(pair: RacePair, limit: number): { count: number; chains: string[][] } {
    const memo = `${pairId(pair)}|${limit}`;
    const known = this.reveals.get(memo);
    if (known) return known;
    const from = this.graph.resolve(pair.from);
    const to = this.graph.resolve(pair.to);
    if (from < 0 || to < 0) return { count: 0, chains: [] };
    const dist = this.distancesTo(to);
    const chains = this.game.shortestChains(from, dist, limit).map((chain) => chain.map((node) => this.graph.key(node)));
    const found = { count: this.game.countShortest(from, dist), chains };
    if (this.reveals.size >= 256) this.reveals.delete(this.reveals.keys().next().value!);
    this.reveals.set(memo, found);
    return found;
  }

  /** The link between two consecutive entities of a chain (for a revealed chain's steps). */
  linkBetween(fromKey: string, toKey: string): PathRelationship | null {
    const checked = this.check(fromKey, toKey);
    return checked.linked ? checked.via : null;
  }
}
