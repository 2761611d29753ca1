import { describe, expect, it } from 'vitest';
import { ENTITY_TYPES, EntityKeySchema, entityKey, isEntityKey, parseEntityKey } from './entities.js';

describe('entity keys', () => {
  it.each(ENTITY_TYPES)('builds and reads back a %s key', (type) => {
    const key = entityKey(type, 'nm0000158');
    expect(key).toBe(`${type}:nm0000158`);
    expect(parseEntityKey(key)).toEqual({ type, id: 'nm0000158' });
    expect(entityKey({ type, id: 603 })).toBe(`${type}:603`);
  });

  it('keeps every colon after the first in the id', () => {
    expect(parseEntityKey('award:oscar:best-picture')).toEqual({ type: 'award', id: 'oscar:best-picture' });
  });

  it.each([
    ['an unknown type', 'wizard:merlin'],
    ['an empty id', 'person:'],
    ['no colon', 'person'],
    ['no type', ':tom-hanks'],
    ['an id starting with a colon', 'person::x'],
    ['whitespace in the id', 'person:tom hanks'],
    ['a type in another case', 'Person:tom-hanks'],
    ['nothing', ''],
  ])('refuses %s, in the parser and the request schema alike', (_name, key) => {
    expect(parseEntityKey(key)).toBeNull();
    expect(isEntityKey(key)).toBe(false);
    expect(EntityKeySchema.safeParse(key).success).toBe(false);
  });

  it('reads nothing from null or undefined', () => {
    expect(parseEntityKey(null)).toBeNull();
    expect(parseEntityKey(undefined)).toBeNull();
  });
});
