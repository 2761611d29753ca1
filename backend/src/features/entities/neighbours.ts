import type { Relationship } from '@cinema-dna/shared-types';
import { FORWARD_BIT, relationshipOf } from '../../graph/model.js';
import type { Graph } from '../../graph/snapshot.js';

export interface Neighbour {
  index: number;
  relationship: Relationship;
  /** True when `node` is the relationship's subject (the person who acted_in this movie). */
  forward: boolean;
  label: string | null;
}

/** Every link of a node, read straight from the CSR arrays. */
export function neighboursOf(graph: Graph, node: number): Neighbour[] {
  const result: Neighbour[] = [];
  const end = graph.offsets[node + 1]!;
  for (let position = graph.offsets[node]!; position < end; position++) {
    const relation = graph.relations[position]!;
    result.push({
      index: graph.neighbours[position]!,
      relationship: relationshipOf(relation),
      forward: (relation & FORWARD_BIT) !== 0,
      label: graph.labelAt(node, position),
    });
  }
  return result;
}
