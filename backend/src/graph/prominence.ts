import type { Relationship } from '@cinema-dna/shared-types';
import { relationshipOf, TIER_BITS, TIER_SHIFT } from './model.js';
import type { Graph } from './snapshot.js';
import { TOP_BILLED } from './tiers.js';

/**
 * Which people to name to a fan — one rule for recommendation reasons, a profile's most-logged people
 * and a person's known-for films: by billing, then by fame, never by the alphabet.
 *
 * Billing is the credit's tier first (core: the first 10 billed, directors, writers, composers;
 * supporting: the rest of the cast, producers, cinematographers, editors; obscure: every other crew
 * job), then its place in the credits: the cast as billed, the director right after the lead, the
 * writer after the fourth-billed, the composer after the sixth, other crew after the top-billed cast. Fame is the
 * entity's popularity. The node index only keeps the order stable among exact equals.
 */
export interface Credit {
  /** 0 core, 1 supporting, 2 obscure. */
  tier: number;
  /** Place in the credits (lower is billed higher). */
  billing: number;
  popularity: number;
  node: number;
}

/** Where a crew credit sits among the billed cast. */
const CREW_BILLING: Partial<Record<Relationship, number>> = { directed: 0.5, wrote: 3.5, composed: 5.5 };
/** Cast the source gave no billing, and other crew: after the top-billed cast. */
const AFTER_TOP_BILLED = TOP_BILLED;

/** The credit of the link at adjacency entry `position` of `owner` (either end), naming `graph.neighbours[position]`. */
export function creditAt(graph: Graph, owner: number, position: number): Credit {
  const relation = graph.relations[position]!;
  const relationship = relationshipOf(relation);
  const node = graph.neighbours[position]!;
  const billing = relationship === 'acted_in' ? (graph.billingAt(owner, position) ?? AFTER_TOP_BILLED) : (CREW_BILLING[relationship] ?? AFTER_TOP_BILLED);
  return { tier: (relation & TIER_BITS) >>> TIER_SHIFT, billing, popularity: graph.popularity[node] ?? 0, node };
}

/** Negative when `a` is named before `b`. */
export function compareCredits(a: Credit, b: Credit): number {
  return a.tier - b.tier || a.billing - b.billing || b.popularity - a.popularity || a.node - b.node;
}

/** The better-billed of two credits of the same person (e.g. in two films). */
export const betterCredit = (a: Credit, b: Credit): Credit => (compareCredits(a, b) <= 0 ? a : b);
