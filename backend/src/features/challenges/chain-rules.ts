import { CHALLENGE_MAX_CHAIN_LINKS } from '@cinema-dna/shared-types';

/**
 * The rules of a chain of links, one home for every mode that builds one — daily, list and weekly
 * challenges (rules.ts, over the game graph's node indices) and races (races/room.ts, over entity keys):
 *
 * - A pick is refused when it is already in the chain ('Already in your chain'), when it is not linked to
 *   the chain's end (the mode's own link check says why), when the mode's theme refuses it, or when it
 *   would fill the chain's last link without reaching the target: a chain holds at most
 *   CHALLENGE_MAX_CHAIN_LINKS links, so the last one must end at the target. A refused pick still costs a move.
 * - An undo removes the last link and costs a move. With nothing to undo (the chain is its start alone) it is
 *   refused, costs nothing and is not an error — the same free refusal in a challenge and in a race.
 */

export const ALREADY_IN_CHAIN = 'Already in your chain';
export const NOTHING_TO_UNDO = 'Nothing to undo';
export const CHAIN_TOO_LONG = `A chain holds at most ${CHALLENGE_MAX_CHAIN_LINKS} links`;

export interface StepCheck<T> {
  /** The chain so far, its start first. */
  chain: readonly T[];
  /** The pick. */
  node: T;
  /** The target: the only pick that may fill the last link. */
  to: T;
  /** Why the pick is not linked to the chain's end, or null when it is. */
  linkRefusal: () => string | null;
  /** Why the mode's theme refuses the pick (checked once it is linked), or null. */
  themeRefusal?: () => string | null;
}

/** Why a pick may not extend the chain, or null when it may. The checks run in the order documented above. */
export function stepRefusal<T>(check: StepCheck<T>): string | null {
  if (check.chain.includes(check.node)) return ALREADY_IN_CHAIN;
  const notLinked = check.linkRefusal();
  if (notLinked !== null) return notLinked;
  const offTheme = check.themeRefusal?.() ?? null;
  if (offTheme !== null) return offTheme;
  if (check.node !== check.to && check.chain.length >= CHALLENGE_MAX_CHAIN_LINKS) return CHAIN_TOO_LONG;
  return null;
}

/** Why an undo is refused (free of charge), or null when there is a link to remove. */
export function undoRefusal(chainLength: number): string | null {
  return chainLength <= 1 ? NOTHING_TO_UNDO : null;
}
