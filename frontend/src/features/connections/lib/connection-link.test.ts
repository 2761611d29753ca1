import { SearchParametersSchema } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { connectionResultPath, parseConnectionResultLink } from './connection-link';

const bacon = { type: 'person' as const, id: 'kevin-bacon' };
const hanks = { type: 'person' as const, id: 'tom-hanks' };
const defaults = SearchParametersSchema.parse({});
const read = (path: string) => parseConnectionResultLink(new URL(path, 'http://x').searchParams);

describe('the result page URL', () => {
  it('names the pair, and no parameter that has its default value', () => {
    expect(connectionResultPath(bacon, hanks, defaults)).toBe('/connection-result?from=person:kevin-bacon&to=person:tom-hanks');
    expect(read('/connection-result?from=person:kevin-bacon&to=person:tom-hanks')).toEqual({ ok: true, from: bacon, to: hanks, parameters: defaults });
  });

  it('carries every non-default parameter, and reads them back exactly', () => {
    const parameters = SearchParametersSchema.parse({
      maxDegrees: 3,
      allowedTypes: ['movie', 'person', 'location'],
      prioritizeDirectConnections: false,
      includeObscureConnections: true,
      weightByPopularity: false,
      avoid: ['person:tom-cruise', 'movie:603'],
    });
    const path = connectionResultPath({ type: 'movie', id: 'the-matrix/1' }, hanks, parameters);
    expect(path).toBe(
      '/connection-result?from=movie:the-matrix%2F1&to=person:tom-hanks&maxDegrees=3&types=person,movie,location&direct=0&obscure=1&popularity=0&avoid=person:tom-cruise&avoid=movie:603',
    );
    expect(read(path)).toEqual({ ok: true, from: { type: 'movie', id: 'the-matrix/1' }, to: hanks, parameters: { ...parameters, allowedTypes: ['person', 'movie', 'location'] } });
  });

  it.each([
    ['/connection-result', 'It does not name both ends of the connection.'],
    ['/connection-result?from=person:kevin-bacon', 'It does not name both ends of the connection.'],
    ['/connection-result?from=kevin-bacon&to=person:tom-hanks', 'The "from" entity is not of the form type:id, like person:tom-hanks.'],
    ['/connection-result?from=person:kevin-bacon&to=planet:mars', 'The "to" entity is not of the form type:id, like person:tom-hanks.'],
    ['/connection-result?from=person:kevin-bacon&to=person:kevin-bacon', 'Both ends are the same entity.'],
    ['/connection-result?from=person:kevin-bacon&to=person:tom-hanks&maxDegrees=12', /^Its "maxDegrees" setting is not valid/],
    ['/connection-result?from=person:kevin-bacon&to=person:tom-hanks&types=person,planet', /^Its "types" setting is not valid/],
    ['/connection-result?from=person:kevin-bacon&to=person:tom-hanks&obscure=maybe', /^Its "obscure" setting is not valid/],
  ])('explains what is wrong with %s', (path, problem) => {
    const parsed = read(path);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toMatch(problem);
  });
});
