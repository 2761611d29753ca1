/**
 * Seeded graph fixtures for the engine's tests: random movie-shaped graphs, a builder shortcut, and
 * a plain single-direction BFS to check the engine against. Dependency-free; not used at runtime.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entityKey, parseEntityKey, type EntityType, type Relationship } from '@cinema-dna/shared-types';
import { HUB_TYPES } from './model.js';
import { SnapshotBuilder, type EntityInput, type LinkInput, type SnapshotBuilderOptions } from './snapshot-builder.js';
import { loadSnapshotSync, type Graph } from './snapshot.js';
import { linkTier } from './tiers.js';
import { seededRandom } from './seeded-random.js';

export { seededRandom };


export interface RandomGraphSpec {
  seed: number;
  people: number;
  movies: number;
  credits: number;
  genres?: number;
  keywords?: number;
  companies?: number;
  /** Links from movies to genre/keyword/company hubs. */
  hubLinks?: number;
}

export interface GraphFixture {
  entities: EntityInput[];
  links: LinkInput[];
}

const CREDIT_RELATIONSHIPS: Relationship[] = ['acted_in', 'acted_in', 'acted_in', 'directed', 'wrote', 'produced', 'composed', 'crew'];
/** Crew jobs of every tier: supporting (cinematographer, editor) and obscure ones. */
const CREW_JOBS = ['Director of Photography', 'Editor', 'Foley Artist', 'Casting', 'Makeup Artist', 'Gaffer', 'Editor, Foley Artist'];

/** A random movie-shaped graph: people credited on movies, movies linked to hubs, random popularity. */
export function randomGraph(spec: RandomGraphSpec): GraphFixture {
  const random = seededRandom(spec.seed);
  const pick = (n: number) => Math.floor(random() * n);
  const entities: EntityInput[] = [];
  const add = (type: EntityType, count: number) => {
    for (let i = 0; i < count; i++) {
      entities.push({ key: entityKey(type, i), type, name: `${type} ${i}`, popularity: Math.floor(random() * random() * 100) });
    }
  };
  add('person', spec.people);
  add('movie', spec.movies);
  add('genre', spec.genres ?? 0);
  add('keyword', spec.keywords ?? 0);
  add('company', spec.companies ?? 0);
  const links: LinkInput[] = [];
  for (let i = 0; i < spec.credits; i++) {
    const relationship = CREDIT_RELATIONSHIPS[pick(CREDIT_RELATIONSHIPS.length)]!;
    // Cast billed anywhere in 0..19 (about half top-billed), now and then unbilled.
    const billing = relationship === 'acted_in' && random() < 0.9 ? pick(20) : null;
    links.push({
      from: `person:${pick(spec.people)}`,
      to: `movie:${pick(spec.movies)}`,
      relationship,
      label: relationship === 'acted_in' ? `Role ${i}` : relationship === 'crew' ? CREW_JOBS[pick(CREW_JOBS.length)]! : null,
      billing,
    });
  }
  const hubs: Array<[EntityType, number, Relationship]> = [
    ['genre', spec.genres ?? 0, 'has_genre'],
    ['keyword', spec.keywords ?? 0, 'has_keyword'],
    ['company', spec.companies ?? 0, 'produced_by'],
  ];
  const hubTotal = hubs.reduce((s, [, n]) => s + n, 0);
  for (let i = 0; i < (spec.hubLinks ?? 0) && hubTotal > 0; i++) {
    let r = pick(hubTotal);
    for (const [type, n, relationship] of hubs) {
      if (r < n) {
        links.push({ from: `movie:${pick(spec.movies)}`, to: entityKey(type, r), relationship });
        break;
      }
      r -= n;
    }
  }
  return { entities, links };
}

/** Builds a snapshot from a fixture in a temporary directory and loads it. */
export function buildGraph(fixture: GraphFixture, options?: SnapshotBuilderOptions): Graph {
  const builder = new SnapshotBuilder(options);
  for (const e of fixture.entities) builder.addEntity(e);
  for (const l of fixture.links) builder.addLink(l);
  return writeAndLoad(builder);
}

/** Writes a builder's snapshot to a temporary file and loads it. */
export function writeAndLoad(builder: SnapshotBuilder): Graph {
  const dir = mkdtempSync(join(tmpdir(), 'cdna-graph-'));
  try {
    const path = join(dir, 'graph.snapshot');
    builder.write(path);
    return loadSnapshotSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a fixture's snapshot to `path`. */
export function writeFixture(fixture: GraphFixture, path: string, options?: SnapshotBuilderOptions): void {
  const builder = new SnapshotBuilder(options);
  for (const e of fixture.entities) builder.addEntity(e);
  for (const l of fixture.links) builder.addLink(l);
  builder.write(path);
}

/** The tier of a fixture link under the engine's rules (tiers.ts). */
export const tierOfLink = (link: LinkInput) => linkTier(link.relationship, link.label, link.billing);

/** The links a default search's first pass may use: core and supporting ones. */
export const isFanLink = (link: LinkInput) => tierOfLink(link) !== 'obscure';

/** Entity types the first pass never passes through. */
export const isHubType = (type: EntityType) => HUB_TYPES.includes(type);

/**
 * Reference answer: plain single-direction BFS from `from` over the fixture's links (undirected)
 * that `usable` accepts, intermediates restricted to `allowed` types, nodes in `avoid` skipped.
 * Returns the number of links of the shortest path to `to`, or null.
 */
export function referenceDistance(
  fixture: GraphFixture,
  from: string,
  to: string,
  allowed: ReadonlySet<EntityType>,
  avoid: ReadonlySet<string> = new Set(),
  usable: (link: LinkInput) => boolean = () => true,
): number | null {
  const type = new Map(fixture.entities.map((e) => [e.key, e.type]));
  const adjacency = new Map<string, string[]>();
  for (const l of fixture.links) {
    if (l.from === l.to || !usable(l)) continue;
    (adjacency.get(l.from) ?? adjacency.set(l.from, []).get(l.from)!).push(l.to);
    (adjacency.get(l.to) ?? adjacency.set(l.to, []).get(l.to)!).push(l.from);
  }
  const distance = new Map([[from, 0]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const u of frontier) {
      for (const v of adjacency.get(u) ?? []) {
        if (distance.has(v) || avoid.has(v)) continue;
        if (v === to) return distance.get(u)! + 1;
        if (!allowed.has(type.get(v)!)) continue;
        distance.set(v, distance.get(u)! + 1);
        next.push(v);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * A small hand-written graph: entities as [key, popularity?, name?] (type from the key prefix),
 * links as [from, relationship, to, label?].
 */
export function fixture(
  entities: Array<[key: string, popularity?: number, name?: string]>,
  links: Array<[from: string, relationship: Relationship, to: string, label?: string, billing?: number]>,
): GraphFixture {
  return {
    entities: entities.map(([key, popularity = 10, name]) => ({
      key,
      type: parseEntityKey(key)!.type,
      name: name ?? key,
      popularity,
    })),
    links: links.map(([from, relationship, to, label, billing]) => ({ from, to, relationship, label: label ?? null, billing: billing ?? null })),
  };
}

/**
 * Undirected adjacency of a fixture as neighbour sets over the links `usable` accepts (parallel
 * links are one step; self-links dropped).
 */
export function adjacencyOf(fixture: GraphFixture, usable: (link: LinkInput) => boolean = () => true): Map<string, Set<string>> {
  const adjacency = new Map<string, Set<string>>();
  for (const e of fixture.entities) adjacency.set(e.key, new Set());
  for (const l of fixture.links) {
    if (l.from === l.to || !usable(l) || !adjacency.has(l.from) || !adjacency.has(l.to)) continue;
    adjacency.get(l.from)!.add(l.to);
    adjacency.get(l.to)!.add(l.from);
  }
  return adjacency;
}

/**
 * Reference answer with path counting: plain single-direction BFS from `from`, never entering an
 * avoided entity, with intermediates limited to those `passable` accepts (the endpoints always are).
 * Returns the shortest distance to `to` and the number of distinct shortest paths (as entity
 * sequences), or null when `to` is unreachable.
 */
export function referenceShortestPaths(
  adjacency: ReadonlyMap<string, ReadonlySet<string>>,
  from: string,
  to: string,
  passable: (key: string) => boolean,
  avoid: ReadonlySet<string> = new Set(),
): { degrees: number; count: number } | null {
  const distance = new Map([[from, 0]]);
  const count = new Map([[from, 1]]);
  let frontier = [from];
  for (let depth = 0; frontier.length > 0; depth++) {
    let reached = 0;
    const next: string[] = [];
    for (const u of frontier) {
      for (const v of adjacency.get(u) ?? []) {
        if (avoid.has(v)) continue;
        if (v === to) {
          reached += count.get(u)!;
          continue;
        }
        if (!passable(v)) continue;
        const d = distance.get(v);
        if (d === undefined) {
          distance.set(v, depth + 1);
          count.set(v, count.get(u)!);
          next.push(v);
        } else if (d === depth + 1) {
          count.set(v, count.get(v)! + count.get(u)!);
        }
      }
    }
    if (reached > 0) return { degrees: depth + 1, count: reached };
    frontier = next;
  }
  return null;
}
