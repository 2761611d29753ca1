import type { EntityType, PathRelationship, Relationship } from '@cinema-dna/shared-types';
import { FORWARD_BIT, relationshipOf, tierOf } from './model.js';
import type { Graph } from './snapshot.js';

/** One step of a path as a client sends it back: the entity and its link to the next step. */
export interface PathStepClaim {
  entity: { type: EntityType; id: string };
  /** null on the last step. */
  relationship: { type: Relationship; direction: 'forward' | 'backward' } | null;
}

/** Where a claimed path is not a path of the graph: the offending field and why. */
export interface PathProblem {
  /** e.g. "path.2.relationship". */
  path: string;
  message: string;
}

export type PathCheck = { ok: true; degrees: number } | { ok: false; problem: PathProblem };

/** Checks a claimed path against a loaded graph (see GraphService.verifyPath). */
export type PathVerifier = (steps: readonly PathStepClaim[]) => PathCheck;

/**
 * Whether `steps` is a path of `graph`: every entity exists, none repeats, and each consecutive pair
 * is linked by the claimed relationship in the claimed direction ("forward": the step is the
 * relationship's subject). Degrees are counted here, never taken from the client.
 */
export function checkPath(graph: Graph, steps: readonly PathStepClaim[]): PathCheck {
  const fail = (path: string, message: string): PathCheck => ({ ok: false, problem: { path, message } });
  if (steps.length < 2) return fail('path', 'A path has at least 2 steps');
  const nodes: number[] = [];
  for (const [i, step] of steps.entries()) {
    const key = `${step.entity.type}:${step.entity.id}`;
    const node = graph.resolve(key);
    if (node < 0) return fail(`path.${i}.entity`, `${key} is not in the catalog`);
    if (nodes.includes(node)) return fail(`path.${i}.entity`, `${key} appears twice`);
    nodes.push(node);
  }
  for (let i = 0; i < nodes.length; i++) {
    const relationship = steps[i]!.relationship;
    const last = i === nodes.length - 1;
    if (last) {
      if (relationship !== null) return fail(`path.${i}.relationship`, 'The last step links to nothing');
      break;
    }
    if (!relationship) return fail(`path.${i}.relationship`, 'Every step but the last names its link to the next');
    if (!linked(graph, nodes[i]!, nodes[i + 1]!, relationship.type, relationship.direction === 'forward')) {
      return fail(`path.${i}.relationship`, `${graph.key(nodes[i]!)} and ${graph.key(nodes[i + 1]!)} are not linked by ${relationship.type} (${relationship.direction})`);
    }
  }
  return { ok: true, degrees: nodes.length - 1 };
}

/**
 * The catalog's description of a link a checked path claims (its character, job or award year and its
 * tier, from the graph), or null when the graph holds no such link.
 */
export function catalogLink(graph: Graph, from: number, to: number, relationship: Relationship, forward: boolean): PathRelationship | null {
  const { neighbours, relations, offsets } = graph;
  for (let p = firstEntryTo(graph, from, to); p < offsets[from + 1]! && neighbours[p] === to; p++) {
    const byte = relations[p]!;
    if (relationshipOf(byte) !== relationship || ((byte & FORWARD_BIT) !== 0) !== forward) continue;
    const label = graph.labelAt(from, p);
    return {
      type: relationship,
      direction: forward ? 'forward' : 'backward',
      character: relationship === 'acted_in' ? label : null,
      job: relationship === 'acted_in' || relationship === 'won' || relationship === 'nominated_for' ? null : label,
      label,
      tier: tierOf(byte),
    };
  }
  return null;
}

/** Whether `from`'s adjacency holds `to` with `relationship`, `from` being its subject iff `forward`. */
function linked(graph: Graph, from: number, to: number, relationship: Relationship, forward: boolean): boolean {
  // Adjacency is sorted by (neighbour, relation byte): find the first entry for `to`, then scan its few entries.
  const { neighbours, relations, offsets } = graph;
  for (let p = firstEntryTo(graph, from, to); p < offsets[from + 1]! && neighbours[p] === to; p++) {
    const byte = relations[p]!;
    if (relationshipOf(byte) === relationship && ((byte & FORWARD_BIT) !== 0) === forward) return true;
  }
  return false;
}

/**
 * The first adjacency entry of `from` whose neighbour is `to` or greater (adjacency is sorted by
 * neighbour): `from`'s links to `to`, if any, start there.
 */
export function firstEntryTo(graph: Graph, from: number, to: number): number {
  const { neighbours, offsets } = graph;
  let lo = offsets[from]!;
  let hi = offsets[from + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (neighbours[mid]! < to) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
