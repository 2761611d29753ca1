import { CHALLENGE_MAX_CHAIN_LINKS } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { ALREADY_IN_CHAIN, CHAIN_TOO_LONG, NOTHING_TO_UNDO, stepRefusal, undoRefusal } from './chain-rules.js';

// The one rule set both modes use: challenges (rules.ts, challenges.test.ts) and races (races/room.ts, room.test.ts).
const linked = () => null;
const chainOf = (links: number) => Array.from({ length: links + 1 }, (_, i) => `n${i}`);

describe('the rules of a chain of links', () => {
  it('refuses a repeat before asking whether it is linked', () => {
    let asked = false;
    expect(stepRefusal({ chain: ['a', 'b'], node: 'a', to: 'z', linkRefusal: () => ((asked = true), null) })).toBe(ALREADY_IN_CHAIN);
    expect(asked).toBe(false);
  });

  it('gives the link check, then the theme, their say', () => {
    expect(stepRefusal({ chain: ['a'], node: 'b', to: 'z', linkRefusal: () => 'Not linked to A' })).toBe('Not linked to A');
    expect(stepRefusal({ chain: ['a'], node: 'b', to: 'z', linkRefusal: linked, themeRefusal: () => 'Released outside the 2000s' })).toBe('Released outside the 2000s');
  });

  it(`lets the ${CHALLENGE_MAX_CHAIN_LINKS}th link be the target's only`, () => {
    const full = chainOf(CHALLENGE_MAX_CHAIN_LINKS - 1);
    expect(stepRefusal({ chain: chainOf(CHALLENGE_MAX_CHAIN_LINKS - 2), node: 'x', to: 'z', linkRefusal: linked })).toBeNull();
    expect(stepRefusal({ chain: full, node: 'x', to: 'z', linkRefusal: linked })).toBe(CHAIN_TOO_LONG);
    expect(stepRefusal({ chain: full, node: 'z', to: 'z', linkRefusal: linked })).toBeNull();
    expect(CHAIN_TOO_LONG).toBe(`A chain holds at most ${CHALLENGE_MAX_CHAIN_LINKS} links`);
  });

  it('refuses an undo of the start alone (a free refusal, not an error), and allows one past it', () => {
    expect(undoRefusal(1)).toBe(NOTHING_TO_UNDO);
    expect(undoRefusal(2)).toBeNull();
  });
});
