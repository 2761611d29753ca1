/** Loosely typed, so tests can change any part of it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FixtureDocument = Record<string, any>;

/**
 * A small OpenAPI 3.1 document for unit tests only: the pages read the server's generated
 * /api/openapi.json. It uses the standard shapes a generator may produce: tags with descriptions,
 * $ref'd and inline schemas, path and query parameters, security schemes (session cookie + CSRF
 * header, or a Bearer API key), per-operation security, and a rate-limit extension.
 */
export function openApiFixture(): FixtureDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Cinema DNA API', version: '1.0.0', description: 'Find the chain of links between two cinema entities.' },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Entities', description: 'Typeahead, faceted search and entity pages.' },
      { name: 'Connections', description: 'Find the shortest chain between two entities.' },
      { name: 'Saved connections' },
    ],
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'cdna.sid', description: 'The browser session.' },
        csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'From GET /api/auth/csrf.' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from /account/api-keys.' },
      },
      schemas: {
        EntityRef: {
          type: 'object',
          required: ['id', 'type'],
          properties: {
            id: { type: 'string', description: "The source's own id", example: 'kevin-bacon' },
            type: { type: 'string', enum: ['person', 'movie', 'genre'] },
          },
        },
        ApiError: {
          type: 'object',
          required: ['code', 'message', 'details'],
          properties: {
            code: { type: 'string', example: 'VALIDATION_FAILED' },
            message: { type: 'string' },
            details: { type: 'object', additionalProperties: true },
          },
        },
      },
      responses: {
        BadRequest: { description: 'The input is invalid', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
      },
      parameters: {
        Limit: { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
      },
    },
    paths: {
      '/api/search': {
        get: {
          tags: ['Entities'],
          operationId: 'searchEntities',
          summary: 'Typeahead search',
          description: 'From 2 characters; prefix and typo-tolerant.',
          security: [],
          parameters: [
            { name: 'q', in: 'query', required: true, description: 'The text typed', schema: { type: 'string', minLength: 2 }, example: 'tom' },
            { name: 'type', in: 'query', schema: { type: 'string', enum: ['person', 'movie'] } },
            { $ref: '#/components/parameters/Limit' },
          ],
          responses: {
            '200': {
              description: 'Matches, best first',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { results: { type: 'array', items: { $ref: '#/components/schemas/EntityRef' } } } },
                },
              },
            },
            '400': { $ref: '#/components/responses/BadRequest' },
            '429': { description: 'Too many requests' },
          },
          'x-rate-limit': { limit: 100, window: '1 minute', scope: 'IP' },
        },
      },
      '/api/entity/{type}/{id}': {
        parameters: [{ name: 'type', in: 'path', required: true, schema: { type: 'string' }, example: 'person' }],
        get: {
          tags: ['Entities'],
          summary: 'An entity page',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: 'tom-hanks' }],
          responses: { '200': { description: 'The entity' }, '404': { description: 'No such entity' } },
        },
      },
      '/api/find-connection': {
        post: {
          tags: ['Connections'],
          summary: 'Find the shortest chain',
          security: [{}, { sessionCookie: [], csrfToken: [] }, { apiKey: [] }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['fromEntity', 'toEntity'],
                  properties: {
                    fromEntity: { $ref: '#/components/schemas/EntityRef' },
                    toEntity: { $ref: '#/components/schemas/EntityRef' },
                    parameters: { type: 'object', properties: { maxDegrees: { type: 'integer', minimum: 1, maximum: 8, default: 6 } } },
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'The chain' }, '400': { $ref: '#/components/responses/BadRequest' }, '429': { description: 'Too many searches' } },
          'x-rate-limit': '20 searches a minute per user (or IP)',
        },
      },
      '/api/users/me/connections': {
        get: {
          tags: ['Saved connections'],
          summary: 'My saved connections',
          security: [{ sessionCookie: [] }, { apiKey: [] }],
          responses: { '200': { description: 'The list' }, '401': { description: 'Not signed in' } },
        },
      },
      '/api/users/me/api-keys': {
        post: {
          tags: ['Saved connections'],
          summary: 'Create an API key',
          security: [{ sessionCookie: [], csrfToken: [] }],
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', example: 'cli' } } } } } },
          responses: { '201': { description: 'The key, shown once' } },
        },
      },
      '/api/health': {
        get: { summary: 'Health', responses: { '200': { description: 'Up' } } },
      },
    },
  };
}
