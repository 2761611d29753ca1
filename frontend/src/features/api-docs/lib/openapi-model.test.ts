import { describe, expect, it } from 'vitest';
import { openApiFixture } from '../../../test/openapi-fixture';
import { describeRateLimit, readOpenApiDocument, schemaConstraints, schemaTypeLabel, UNTAGGED_GROUP } from './openapi-model';

const reference = () => readOpenApiDocument(openApiFixture());
const operation = (key: string) => {
  const found = reference().operations.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};

describe('readOpenApiDocument', () => {
  it('groups operations by tag in the order the document declares, untagged ones last', () => {
    const { groups, title, version, openapi } = reference();
    expect({ title, version, openapi }).toEqual({ title: 'Cinema DNA API', version: '1.0.0', openapi: '3.1.0' });
    expect(groups.map((group) => [group.name, group.operations.map((op) => op.key)])).toEqual([
      ['Entities', ['GET /api/search', 'GET /api/entity/{type}/{id}']],
      ['Connections', ['POST /api/find-connection']],
      ['Saved connections', ['GET /api/users/me/connections', 'POST /api/users/me/api-keys']],
      [UNTAGGED_GROUP, ['GET /api/health']],
    ]);
    expect(groups[0]!.description).toBe('Typeahead, faceted search and entity pages.');
  });

  it('lists tags used but never declared after the declared ones', () => {
    const document = openApiFixture();
    document.paths['/api/health'].get.tags = ['Health'];
    expect(readOpenApiDocument(document).groups.map((group) => group.name)).toEqual(['Entities', 'Connections', 'Saved connections', 'Health']);
  });

  it('resolves $ref parameters and responses, and merges path-level parameters', () => {
    const search = operation('GET /api/search');
    expect(search.parameters.map((p) => [p.name, p.in, p.required, p.example])).toEqual([
      ['q', 'query', true, 'tom'],
      ['type', 'query', false, 'person'],
      ['limit', 'query', false, 20],
    ]);
    expect(search.responses.map((r) => [r.status, r.description])).toEqual([
      ['200', 'Matches, best first'],
      ['400', 'The input is invalid'],
      ['429', 'Too many requests'],
    ]);
    const entity = operation('GET /api/entity/{type}/{id}');
    expect(entity.parameters.map((p) => [p.name, p.in, p.required, p.example])).toEqual([
      ['type', 'path', true, 'person'],
      ['id', 'path', true, 'tom-hanks'],
    ]);
  });

  it('reads who may call each operation from its security requirements', () => {
    expect(operation('GET /api/search').auth).toMatchObject({ mode: 'none', bearer: false, session: false });
    expect(operation('POST /api/find-connection').auth).toMatchObject({ mode: 'optional', bearer: true, session: true, csrf: true });
    expect(operation('GET /api/users/me/connections').auth).toMatchObject({ mode: 'required', bearer: true, session: true, sessionCookie: 'cdna.sid' });
    // Session only: the API key scheme is not among the alternatives.
    expect(operation('POST /api/users/me/api-keys').auth).toMatchObject({ mode: 'required', bearer: false, session: true, csrf: true, csrfHeader: 'X-CSRF-Token' });
  });

  it('uses the document-wide security when an operation names none', () => {
    const document = openApiFixture();
    document.security = [{ apiKey: [] }];
    const health = readOpenApiDocument(document).operations.find((op) => op.key === 'GET /api/health')!;
    expect(health.auth).toMatchObject({ mode: 'required', bearer: true });
  });

  it('states documented rate limits in words', () => {
    expect(operation('GET /api/search').rateLimits).toEqual(['100 per 1 minute: IP']);
    expect(operation('POST /api/find-connection').rateLimits).toEqual(['20 searches a minute per user (or IP)']);
    expect(operation('GET /api/health').rateLimits).toEqual([]);
  });

  it('refuses what is not an OpenAPI 3 document', () => {
    expect(() => readOpenApiDocument({ swagger: '2.0' })).toThrow('not an OpenAPI 3 document');
    expect(() => readOpenApiDocument('<html>')).toThrow('not a JSON object');
  });
});

describe('describeRateLimit', () => {
  it('reads the common shapes', () => {
    expect(describeRateLimit(20)).toBe('20 requests a minute');
    expect(describeRateLimit({ description: '1,000 a minute per user' })).toBe('1,000 a minute per user');
    expect(describeRateLimit({ name: 'find-connection', limit: 20, windowSeconds: 60, per: 'user when signed in, else client IP' })).toBe(
      '20 a minute: user when signed in, else client IP',
    );
    expect(describeRateLimit({ limit: 10, windowSeconds: 900, per: 'failed sign-ins per account' })).toBe('10 per 15 minutes: failed sign-ins per account');
    expect(describeRateLimit({ limit: 5, windowSeconds: 3600 })).toBe('5 an hour');
    expect(describeRateLimit({ limit: 1000, per: 'minute', scope: 'user' })).toBe('1,000 per minute: user');
  });

  it('reads every limit of an operation that lists several', () => {
    const document = openApiFixture();
    document.paths['/api/health'].get['x-rateLimit'] = [
      { limit: 100, windowSeconds: 60, per: 'client IP' },
      { limit: 1000, windowSeconds: 60, per: 'user' },
    ];
    const health = readOpenApiDocument(document).operations.find((op) => op.key === 'GET /api/health')!;
    expect(health.rateLimits).toEqual(['100 a minute: client IP', '1,000 a minute: user']);
  });
});

describe('schema labels', () => {
  const document = openApiFixture();
  it('names types, refs, enums, arrays and nullable unions', () => {
    expect(schemaTypeLabel(document, { $ref: '#/components/schemas/EntityRef' })).toBe('EntityRef');
    expect(schemaTypeLabel(document, { type: 'array', items: { $ref: '#/components/schemas/EntityRef' } })).toBe('EntityRef[]');
    expect(schemaTypeLabel(document, { type: 'string', enum: ['person', 'movie'] })).toBe('"person" | "movie"');
    expect(schemaTypeLabel(document, { type: ['string', 'null'] })).toBe('string | null');
    expect(schemaTypeLabel(document, { anyOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('string | integer');
    expect(schemaTypeLabel(document, { type: 'string', format: 'date-time' })).toBe('string (date-time)');
  });

  it('lists the constraints a caller must meet', () => {
    expect(schemaConstraints(document, { type: 'integer', minimum: 1, maximum: 50, default: 20 })).toEqual(['≥ 1', '≤ 50', 'default 20']);
    expect(schemaConstraints(document, { type: 'string', minLength: 2, maxLength: 100 })).toEqual(['2–100 characters']);
    // "Any safe integer" bounds from a generator are left out.
    expect(schemaConstraints(document, { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toEqual([]);
  });
});
