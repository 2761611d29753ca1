import type { ChainStep, PathStep } from '@cinema-dna/shared-types';

/**
 * A player's chain as a path (the connections feature's shape): a chain step carries the link from the
 * previous step, a path step the link to the next one.
 */
export function chainToPath(chain: readonly ChainStep[]): PathStep[] {
  return chain.map((step, index) => ({ entity: step.entity, relationship: chain[index + 1]?.via ?? null }));
}

/** Links in a chain (steps after the first). */
export const chainLinks = (chain: readonly ChainStep[]) => Math.max(0, chain.length - 1);
