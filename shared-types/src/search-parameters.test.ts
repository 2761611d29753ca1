import { describe, expect, it } from 'vitest';
import { SearchParametersSchema } from './search-parameters.js';

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
    expect(SearchParametersSchema.parse({ avoid: ['person:nm1'] }).avoid).toEqual(['person:nm1']);
  });

  it.each([
    ['maxDegrees 0', { maxDegrees: 0 }],
    ['maxDegrees 9', { maxDegrees: 9 }],
    ['fractional maxDegrees', { maxDegrees: 2.5 }],
    ['an unknown type', { allowedTypes: ['person', 'spaceship'] }],
    ['no types', { allowedTypes: [] }],
    ['a non-boolean switch', { weightByPopularity: 'yes' }],
    ['a node index in avoid', { avoid: [3] }],
    ['a malformed key in avoid', { avoid: ['nm1'] }],
    ['more than 100 avoided', { avoid: Array.from({ length: 101 }, (_, i) => `person:${i}`) }],
  ])('rejects %s', (_, input) => {
    expect(SearchParametersSchema.safeParse(input).success).toBe(false);
  });
});
