import { describe, expect, it } from 'vitest';
import { OBSCURE_BIT, TYPE_CODE } from './model.js';
import { INDIRECT_LINK_WEIGHT, SearchParametersSchema, compileParameters, defaultParameters, popularityPenalty } from './parameters.js';

describe('SearchParametersSchema', () => {
  it('applies the spec §9 defaults', () => {
    expect(SearchParametersSchema.parse({})).toEqual({
      maxDegrees: 6,
      allowedTypes: ['person', 'movie', 'genre', 'keyword', 'company', 'collection'],
      prioritizeDirectConnections: true,
      includeObscureConnections: false,
      weightByPopularity: true,
      avoid: [],
    });
  });

  it('accepts the whole range and location', () => {
    expect(SearchParametersSchema.parse({ maxDegrees: 1 }).maxDegrees).toBe(1);
    expect(SearchParametersSchema.parse({ maxDegrees: 8 }).maxDegrees).toBe(8);
    expect(SearchParametersSchema.parse({ allowedTypes: ['location', 'person'] }).allowedTypes).toEqual(['location', 'person']);
    expect(SearchParametersSchema.parse({ avoid: ['person:nm1', 3] }).avoid).toEqual(['person:nm1', 3]);
  });

  it.each([
    ['maxDegrees 0', { maxDegrees: 0 }],
    ['maxDegrees 9', { maxDegrees: 9 }],
    ['fractional maxDegrees', { maxDegrees: 2.5 }],
    ['an unknown type', { allowedTypes: ['person', 'spaceship'] }],
    ['no types', { allowedTypes: [] }],
    ['a non-boolean switch', { weightByPopularity: 'yes' }],
    ['a negative avoid index', { avoid: [-1] }],
  ])('rejects %s', (_, input) => {
    expect(SearchParametersSchema.safeParse(input).success).toBe(false);
  });
});

describe('compileParameters', () => {
  it('excludes hubs and obscure entities from the first pass only when obscure connections are off', () => {
    const off = compileParameters(defaultParameters());
    const genre = TYPE_CODE.genre | OBSCURE_BIT; // hubs always carry the obscure bit
    expect((off.strictMask >>> genre) & 1).toBe(0);
    expect((off.fullMask >>> genre) & 1).toBe(1);
    expect((off.strictMask >>> TYPE_CODE.person) & 1).toBe(1);
    expect((off.strictMask >>> (TYPE_CODE.person | OBSCURE_BIT)) & 1).toBe(0);
    expect((off.fullMask >>> TYPE_CODE.location) & 1).toBe(0);
    expect(off.fallback).toBe(true);
    const on = compileParameters({ ...defaultParameters(), includeObscureConnections: true });
    expect(on.strictMask).toBe(on.fullMask);
    expect(on.fallback).toBe(false);
  });

  it('weighs hub links heavier only when direct connections are prioritized', () => {
    const on = compileParameters(defaultParameters());
    expect(on.linkWeights[0]).toBe(1); // acted_in
    expect(on.linkWeights[6]).toBe(INDIRECT_LINK_WEIGHT); // has_genre
    const off = compileParameters({ ...defaultParameters(), prioritizeDirectConnections: false });
    expect(off.linkWeights[6]).toBe(1);
  });

  it('penalises unpopular entities more, within (0, 1]', () => {
    expect(popularityPenalty(0)).toBe(1);
    expect(popularityPenalty(10)).toBeLessThan(popularityPenalty(1));
    expect(popularityPenalty(1e6)).toBeGreaterThan(0);
    // Seven intermediates at most can never outweigh one hub link.
    expect(7 * popularityPenalty(0)).toBeLessThan(INDIRECT_LINK_WEIGHT - 1);
  });
});
