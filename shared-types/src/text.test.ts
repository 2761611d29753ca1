import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContactMessageSchema } from './contact.js';
import { ApiKeyCreateRequestSchema } from './api-keys.js';
import { LoginRequestSchema, RegisterRequestSchema } from './auth.js';
import { FindConnectionRequestSchema, SearchCancelSchema } from './connections.js';
import { EntityKeySchema } from './entities.js';
import { SaveConnectionRequestSchema } from './saved-connections.js';
import { FacetedSearchQuerySchema, SearchQuerySchema } from './catalog.js';
import { RoomJoinSchema } from './socket.js';
import { endSentence, isStorableText, STORABLE_TEXT_RULE, text } from './text.js';

const UNSTORABLE = { nul: 'a\u0000b', 'lone high surrogate': 'a\ud800', 'lone low surrogate': '\udc00b', 'pair in the wrong order': '\udc00\ud800' };

describe('storable text', () => {
  it.each(Object.entries(UNSTORABLE))('refuses a %s', (_name, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(text().safeParse(value).error?.issues[0]?.message).toBe(STORABLE_TEXT_RULE);
  });

  it('accepts every well-formed string, surrogate pairs, joiners and marks included', () => {
    for (const value of ['', 'Amélie', '👨‍👩‍👧‍👦', '\u202Eabc', 'e\u0301', '𝔘'.repeat(100), '%00', '../']) expect(isStorableText(value)).toBe(true);
  });

  const step = (id: string) => ({
    entity: { id, key: `person:${id}`, name: id, type: 'person', subtype: null, popularity: 1, profile_path: null, poster_path: null, logo_path: null, release_date: null, year: null, country: null, overview: null },
    relationship: null,
  });
  /** Each request schema with a valid input and the field to poison. */
  const CASES: Array<[string, { safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, Record<string, unknown>, string[]]> = [
    ['contact', ContactMessageSchema, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }, ['name']],
    ['contact', ContactMessageSchema, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }, ['message']],
    ['login', LoginRequestSchema, { username: 'ada', password: 'secret' }, ['username']],
    ['login', LoginRequestSchema, { username: 'ada', password: 'secret' }, ['password']],
    ['register', RegisterRequestSchema, { username: 'ada_l', email: 'ada@example.com', password: 'analytical-engine' }, ['password']],
    ['API key', ApiKeyCreateRequestSchema, { name: 'cli' }, ['name']],
    ['typeahead', SearchQuerySchema, { q: 'tom' }, ['q']],
    ['faceted search', FacetedSearchQuerySchema, { query: 'the', genres: ['Drama'] }, ['genres', '0']],
    ['entity key', z.object({ key: EntityKeySchema }), { key: 'person:tom' }, ['key']],
    ['find connection', FindConnectionRequestSchema, { fromEntity: { id: 'a', type: 'person' }, toEntity: { id: 'b', type: 'person' } }, ['fromEntity', 'id']],
    ['search cancel', SearchCancelSchema, { requestId: 'r1' }, ['requestId']],
    ['room join', RoomJoinSchema, { code: 'room-1', displayName: 'Ana' }, ['displayName']],
    [
      'saved path',
      SaveConnectionRequestSchema,
      { fromEntityId: 'a', fromEntityName: 'A', fromEntityType: 'person', toEntityId: 'b', toEntityName: 'B', toEntityType: 'person', path: [step('a'), step('b')], degrees: 1 },
      ['path', '1', 'entity', 'name'],
    ],
  ];

  it.each(CASES)('is the rule of every string field of the %s request', (_name, schema, valid, at) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const value of Object.values(UNSTORABLE)) {
      const poisoned = structuredClone(valid);
      let node = poisoned as Record<string, unknown>;
      for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[at.at(-1)!] = `${String(node[at.at(-1)!])}${value}`;
      const issues = schema.safeParse(poisoned).error?.issues ?? [];
      expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([at.join('.'), STORABLE_TEXT_RULE]);
    }
  });
});

describe('endSentence', () => {
  it('adds one full stop, never a second after a name that ends with one', () => {
    expect(endSentence('Found a 2-degree connection between Tom Hanks and Pixar')).toBe('Found a 2-degree connection between Tom Hanks and Pixar.');
    expect(endSentence('Found a 2-degree connection between Tom Hanks and Warner Bros.')).toBe('Found a 2-degree connection between Tom Hanks and Warner Bros.');
    expect(endSentence('Who framed Roger Rabbit?')).toBe('Who framed Roger Rabbit?');
    expect(endSentence('Wait for it… ')).toBe('Wait for it…');
  });
});
