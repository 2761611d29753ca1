import { describe, expect, it } from 'vitest';
import { openApiFixture } from '../../../test/openapi-fixture';
import { readOpenApiDocument } from './openapi-model';
import { buildRequestPath, initialDraft, INVALID_JSON, parseJsonBody } from './request-draft';

const reference = readOpenApiDocument(openApiFixture());
const operation = (key: string) => reference.operations.find((candidate) => candidate.key === key)!;

describe('initialDraft', () => {
  it('starts required parameters from their examples, optional ones empty, and the body from the schema', () => {
    expect(initialDraft(reference, operation('GET /api/search'))).toEqual({ pathValues: {}, queryValues: { q: 'tom', type: '', limit: '' }, body: '' });
    const body = JSON.parse(initialDraft(reference, operation('POST /api/find-connection')).body);
    expect(body).toEqual({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'kevin-bacon', type: 'person' }, parameters: { maxDegrees: 6 } });
  });
});

describe('buildRequestPath', () => {
  it('fills and encodes path parameters and appends the non-empty query', () => {
    const entity = operation('GET /api/entity/{type}/{id}');
    expect(buildRequestPath(reference, entity, { pathValues: { type: 'movie', id: 'amélie 2' }, queryValues: {}, body: '' })).toEqual({
      ok: true,
      path: '/api/entity/movie/am%C3%A9lie%202',
    });
    const search = operation('GET /api/search');
    expect(buildRequestPath(reference, search, { pathValues: {}, queryValues: { q: 'tom & jerry', type: '', limit: '5' }, body: '' })).toEqual({
      ok: true,
      path: '/api/search?q=tom+%26+jerry&limit=5',
    });
  });

  it('names every required value left empty', () => {
    const entity = operation('GET /api/entity/{type}/{id}');
    expect(buildRequestPath(reference, entity, { pathValues: { type: ' ', id: '' }, queryValues: {}, body: '' })).toEqual({ ok: false, error: 'Fill in type, id', missing: ['type', 'id'] });
  });

  it('repeats an array parameter for each comma-separated value', () => {
    const document = openApiFixture();
    document.paths['/api/search'].get.parameters.push({ name: 'avoid', in: 'query', schema: { type: 'array', items: { type: 'string' } } });
    const withArray = readOpenApiDocument(document);
    const search = withArray.operations.find((candidate) => candidate.key === 'GET /api/search')!;
    expect(buildRequestPath(withArray, search, { pathValues: {}, queryValues: { q: 'tom', avoid: 'person:a, movie:b' }, body: '' })).toEqual({
      ok: true,
      path: '/api/search?q=tom&avoid=person%3Aa&avoid=movie%3Ab',
    });
  });
});

describe('parseJsonBody', () => {
  it('parses JSON, treats blank as no body, and names a body that does not parse', () => {
    expect(parseJsonBody(' {"a": [1]} ')).toEqual({ ok: true, value: { a: [1] } });
    expect(parseJsonBody('  \n')).toEqual({ ok: true, value: undefined });
    const bad = parseJsonBody('{"fromEntity": ');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toBe(INVALID_JSON);
    expect(INVALID_JSON).toBe('Invalid JSON');
  });
});
