import type { LinkTier, Relationship } from '@cinema-dna/shared-types';
import { FORWARD_BIT, relationshipOf, tierOf } from '../../graph/model.js';
import type { Graph } from '../../graph/snapshot.js';

export interface Neighbour {
  index: number;
  relationship: Relationship;
  /** True when `node` is the relationship's subject (the person who acted_in this movie). */
  forward: boolean;
  label: string | null;
  /** Cast: 0-based position in the source's billing order; null when the source gave none. */
  billing: number | null;
  tier: LinkTier;
}

/** Every link of a node, read straight from the CSR arrays. */
export function neighboursOf(graph: Graph, node: number): Neighbour[] {
  const result: Neighbour[] = [];
  const end = graph.offsets[node + 1]!;
  for (let position = graph.offsets[node]!; position < end; position++) {
    const relation = graph.relations[position]!;
    const relationship = relationshipOf(relation);
    result.push({
      index: graph.neighbours[position]!,
      relationship,
      forward: (relation & FORWARD_BIT) !== 0,
      label: graph.labelAt(node, position),
      billing: relationship === 'acted_in' ? graph.billingAt(node, position) : null,
      tier: tierOf(relation),
    });
  }
  return result;
}

/** Billing order first (unbilled last), then the more popular: how a film's cast is listed. */
export function byBilling(popularity: (index: number) => number) {
  // Two unbilled: Infinity - Infinity is NaN (falsy), so popularity decides.
  return (a: Neighbour, b: Neighbour): number =>
    (a.billing ?? Infinity) - (b.billing ?? Infinity) || popularity(b.index) - popularity(a.index);
}
