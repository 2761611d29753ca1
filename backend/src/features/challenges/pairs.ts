import type { ChallengeDifficulty } from '@cinema-dna/shared-types';
import { relationshipOf, TYPE_CODE, tierOf } from '../../graph/model.js';
import type { GameGraph } from './game-graph.js';
import { UNREACHED } from './game-graph.js';

/**
 * The ends of every generated pair (daily, weekly, list, race) are entities a fan knows: people and
 * films with at least one core link (top-billed cast, director, writer, original-music composer;
 * a film with such a credit) whose popularity lies in the top FAN_KNOWN_SHARE of their type among
 * those with a core link; a person besides is mainly an actor or a director (their main role from
 * their credits) with a core link as top-billed cast or director (the faces and names on a poster).
 * Producers, crew, and writers or composers (even one who once directed) are never ends. Of those, at most WELL_KNOWN_PEOPLE people and WELL_KNOWN_FILMS
 * films, most popular first.
 */
export const FAN_KNOWN_SHARE = 0.1;
/**
 * On a small graph (under 600 entities of a type with a core link: a test's, a tiny catalog's) the
 * share holds this many of the most popular instead, so pairs and themed challenges exist at all.
 * The starter catalog's people (2,737 with a core link) use the decile; its 561 films would keep 57,
 * and the 60th ties with them (popularity 26: 65 films either way). The fan-known test checks the decile.
 */
export const FAN_KNOWN_MIN = 60;
export const WELL_KNOWN_PEOPLE = 200;
export const WELL_KNOWN_FILMS = 150;
/** Pairs are measured from this many well-known people (spread over the popularity ranking). */
const POOL_SOURCES = 40;
/** Distances measured for the pool (a chain holds at most 8 links; challenges use up to 6). */
const POOL_MAX_DEPTH = 6;

/** Two well-known entities and their true shortest distance over game links. */
export interface CandidatePair {
  /** Always a well-known person. */
  a: number;
  /** A well-known person or film. */
  b: number;
  distance: number;
}

/** The well-known entities of a graph and every measured pair, grouped by distance. */
export interface PairPool {
  people: number[];
  films: number[];
  wellKnown: Set<number>;
  /** distance → pairs, in a deterministic order. */
  byDistance: Map<number, CandidatePair[]>;
}

const pools = new WeakMap<GameGraph, PairPool>();
const fanKnownSets = new WeakMap<GameGraph, { person: number[]; movie: number[] }>();

/**
 * Whether `node` has a core link to a playable entity (top-billed cast, director, writer, composer),
 * of one of `relationships` when given.
 */
export function hasCoreLink(game: GameGraph, node: number, relationships?: ReadonlySet<string>): boolean {
  const { neighbours, relations, offsets } = game.graph;
  for (let p = offsets[node]!; p < offsets[node + 1]!; p++) {
    const byte = relations[p]!;
    if (tierOf(byte) === 'core' && game.playable(neighbours[p]!) && (!relationships || relationships.has(relationshipOf(byte)))) return true;
  }
  return false;
}

/** The core links, and main roles, that make a person a face or name on a poster. */
const ON_THE_POSTER = new Set(['acted_in', 'directed', 'actor', 'director']);

/** The most popular playable entities of a type (ties by index, so every process agrees). */
export function mostPopular(game: GameGraph, type: 'person' | 'movie' | 'collection', limit: number): number[] {
  const { graph } = game;
  const code = TYPE_CODE[type];
  const found: number[] = [];
  for (let v = 0; v < graph.nodeCount; v++) if (graph.types[v] === code && game.playable(v)) found.push(v);
  found.sort((x, y) => graph.popularity[y]! - graph.popularity[x]! || x - y);
  return found.slice(0, limit);
}

/**
 * The people or films a fan knows, most popular first (ties by index): playable, with a core link,
 * and in the top FAN_KNOWN_SHARE by popularity of their type's entities with a core link (an entity
 * tied with the last one of the share is in too); people, of those, mainly actors or directors who
 * starred in (top-billed) or directed a film. Computed once per loaded graph.
 */
export function fanKnown(game: GameGraph, type: 'person' | 'movie'): number[] {
  let known = fanKnownSets.get(game);
  if (!known) {
    const { graph } = game;
    const of = (code: number) => {
      const found: number[] = [];
      for (let v = 0; v < graph.nodeCount; v++) if (graph.types[v] === code && game.playable(v) && hasCoreLink(game, v)) found.push(v);
      found.sort((x, y) => graph.popularity[y]! - graph.popularity[x]! || x - y);
      if (found.length === 0) return found;
      const share = Math.min(found.length, Math.max(FAN_KNOWN_MIN, Math.ceil(found.length * FAN_KNOWN_SHARE)));
      const floor = graph.popularity[found[share - 1]!]!;
      return found.filter((v) => graph.popularity[v]! >= floor);
    };
    const onThePoster = (v: number) => ON_THE_POSTER.has(graph.subtype(v) ?? '') && hasCoreLink(game, v, ON_THE_POSTER);
    known = { person: of(TYPE_CODE.person).filter(onThePoster), movie: of(TYPE_CODE.movie) };
    fanKnownSets.set(game, known);
  }
  return known[type];
}

/**
 * The pool every generator draws from, measured once per loaded graph: breadth-first searches from
 * POOL_SOURCES well-known people (every n-th of the fanKnown ranking), each pair to a well-known
 * person or film at distance 2 or more (a pair linked directly is trivial).
 */
export function pairPool(game: GameGraph): PairPool {
  const known = pools.get(game);
  if (known) return known;
  const people = fanKnown(game, 'person').slice(0, WELL_KNOWN_PEOPLE);
  const films = fanKnown(game, 'movie').slice(0, WELL_KNOWN_FILMS);
  const wellKnown = new Set([...people, ...films]);
  const targets = [...people, ...films].sort((x, y) => x - y);
  const step = Math.max(1, Math.floor(people.length / POOL_SOURCES));
  const sources = people.filter((_, i) => i % step === 0).slice(0, POOL_SOURCES);
  const byDistance = new Map<number, CandidatePair[]>();
  const seen = new Set<string>();
  for (const a of sources) {
    const dist = game.distancesFrom(a, POOL_MAX_DEPTH);
    for (const b of targets) {
      const d = dist[b]!;
      if (b === a || d < 2 || d === UNREACHED) continue;
      const pairKey = a < b ? `${a}:${b}` : `${b}:${a}`;
      if (seen.has(pairKey)) continue;
      seen.add(pairKey);
      const list = byDistance.get(d) ?? [];
      list.push({ a, b, distance: d });
      byDistance.set(d, list);
    }
  }
  const pool = { people, films, wellKnown, byDistance };
  pools.set(game, pool);
  return pool;
}

/** Pairs whose distance lies in [low, high]. */
export function pairsWithin(pool: PairPool, low: number, high: number): CandidatePair[] {
  const found: CandidatePair[] = [];
  for (let d = low; d <= high; d++) found.push(...(pool.byDistance.get(d) ?? []));
  return found;
}

/** A stable name of a pair, whichever way round it is played. */
export const pairKey = (x: number, y: number) => (x < y ? `${x}:${y}` : `${y}:${x}`);

/** A 32-bit FNV-1a hash of a string: the seed of a date's or a week's generation. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Difficulty by par: 2 easy, 3 medium, 4 hard, 5 and more expert. */
export function difficultyOf(par: number): ChallengeDifficulty {
  if (par <= 2) return 'easy';
  if (par === 3) return 'medium';
  if (par === 4) return 'hard';
  return 'expert';
}

/** How many optimal chains a pair has (capped for storage). */
export function optimalChainCount(game: GameGraph, from: number, to: number, par: number, filter?: (node: number) => boolean): number {
  const dist = game.distancesFrom(to, par, filter);
  return Math.max(1, Math.min(2_147_483_647, Math.round(game.countShortest(from, dist, filter))));
}
