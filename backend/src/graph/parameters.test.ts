import { describe, expect, it } from 'vitest';
import { FORWARD_BIT, OBSCURE_BIT, RELATIONSHIP_CODE, TIER_SHIFT, TYPE_CODE } from './model.js';
import { ALL_TIERS, CREW_LINK_WEIGHT, TIER_LINK_WEIGHT, compileParameters, defaultParameters, popularityPenalty } from './parameters.js';
import { TIER_CODE } from './tiers.js';

describe('compileParameters', () => {
  it('excludes hubs and obscure links from the first pass only when obscure connections are off', () => {
    const off = compileParameters(defaultParameters());
    for (const hub of ['genre', 'keyword', 'company'] as const) {
      const code = TYPE_CODE[hub] | OBSCURE_BIT; // hubs always carry the obscure bit
      expect((off.strictMask >>> code) & 1).toBe(0);
      expect((off.fullMask >>> code) & 1).toBe(1);
    }
    expect((off.strictMask >>> TYPE_CODE.person) & 1).toBe(1);
    expect((off.fullMask >>> TYPE_CODE.location) & 1).toBe(0);
    expect(off.strictTiers).toBe((1 << TIER_CODE.core) | (1 << TIER_CODE.supporting));
    expect(off.fallback).toBe(true);
    const on = compileParameters({ ...defaultParameters(), includeObscureConnections: true });
    expect(on.strictMask).toBe(on.fullMask);
    expect(on.strictTiers).toBe(ALL_TIERS);
    expect(on.fallback).toBe(false);
  });

  it('weighs links by tier only when direct connections are prioritized, in both directions', () => {
    const byte = (relationship: keyof typeof RELATIONSHIP_CODE, tier: keyof typeof TIER_CODE, forward: boolean) =>
      RELATIONSHIP_CODE[relationship] | (TIER_CODE[tier] << TIER_SHIFT) | (forward ? FORWARD_BIT : 0);
    const on = compileParameters(defaultParameters());
    for (const forward of [false, true]) {
      expect(on.linkWeights[byte('acted_in', 'core', forward)]).toBe(TIER_LINK_WEIGHT.core);
      expect(on.linkWeights[byte('acted_in', 'supporting', forward)]).toBe(TIER_LINK_WEIGHT.supporting);
      expect(on.linkWeights[byte('has_genre', 'obscure', forward)]).toBe(TIER_LINK_WEIGHT.obscure + CREW_LINK_WEIGHT);
      expect(on.linkWeights[byte('composed', 'core', forward)]).toBe(TIER_LINK_WEIGHT.core + CREW_LINK_WEIGHT);
    }
    const off = compileParameters({ ...defaultParameters(), prioritizeDirectConnections: false });
    expect(off.linkWeights[byte('has_genre', 'obscure', true)]).toBe(1 + CREW_LINK_WEIGHT);
    expect(off.linkWeights[byte('acted_in', 'supporting', true)]).toBe(1);
  });

  it('penalises unpopular entities more, within (0, 1], never enough to outweigh a tier', () => {
    expect(popularityPenalty(0)).toBe(1);
    expect(popularityPenalty(10)).toBeLessThan(popularityPenalty(1));
    expect(popularityPenalty(1e6)).toBeGreaterThan(0);
    // Seven intermediates at most: their penalties never outweigh one step down a tier...
    expect(7 * popularityPenalty(0)).toBeLessThan(TIER_LINK_WEIGHT.supporting - TIER_LINK_WEIGHT.core);
    // ...and one obscure link outweighs eight links moved from core to supporting, plus penalties.
    expect(8 * (TIER_LINK_WEIGHT.supporting - TIER_LINK_WEIGHT.core) + 7).toBeLessThan(TIER_LINK_WEIGHT.obscure - TIER_LINK_WEIGHT.supporting);
  });
});
