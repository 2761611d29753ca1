import {
  AlternativesResponseSchema,
  ApiErrorSchema,
  AuthUserSchema,
  ConnectionResultSchema,
  EntityDetailSchema,
  EntitySummarySchema,
  ErrorCodeSchema,
  HealthSchema,
  PathRelationshipSchema,
  PathStepSchema,
  TrendingConnectionSchema,
  UserConnectionSchema,
  type DocsExamples,
} from '@cinema-dna/shared-types';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { exampleOf, pathParameters, type ApiRoutes, type RegisteredRoute, type ResponseDeclaration } from '../../platform/auth/route-registry.js';
import type { RateLimitRule } from '../../platform/rate-limit.js';

/** The error body every failure answers with; `details` is `{}` when there is nothing to add. */
export const ErrorBodySchema = ApiErrorSchema.extend({
  details: z.unknown().meta({ description: 'What exactly is wrong: for validation, `[{ path, message }]` per field; `{}` when there is nothing to add.' }),
}).meta({ description: 'Every error: a machine-readable `code`, a message a person can read, and `details`.' });

/**
 * Shared answer shapes shown once under components.schemas and referenced wherever they appear.
 * Request schemas stay inline: zod-openapi renders named components for answers too, and a request
 * schema with a transform (ids given as numbers become text) has no answer form.
 */
const NAMED_SCHEMAS = {
  ErrorBody: ErrorBodySchema,
  ErrorCode: ErrorCodeSchema,
  EntitySummary: EntitySummarySchema,
  EntityDetail: EntityDetailSchema,
  PathRelationship: PathRelationshipSchema,
  PathStep: PathStepSchema,
  ConnectionResult: ConnectionResultSchema,
  Alternatives: AlternativesResponseSchema,
  TrendingConnection: TrendingConnectionSchema,
  UserConnection: UserConnectionSchema,
  AuthUser: AuthUserSchema,
  Health: HealthSchema,
};

const SESSION_COOKIE = 'cdna.sid';
const CSRF_HEADER = 'X-CSRF-Token';

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: SESSION_COOKIE,
    description: 'The browser session: HttpOnly, SameSite=Lax, its id changes at every sign-in. Set by `POST /api/auth/login`, `/api/auth/register` or Google sign-in.',
  },
  csrfToken: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: CSRF_HEADER,
    description: 'The session’s CSRF token from `GET /api/auth/csrf`, sent on every POST, PUT, PATCH and DELETE of a session (always on sign-in, registration and sign-out).',
  },
  apiKey: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'cdna_…',
    description: 'An API key (`Authorization: Bearer cdna_…`) created signed in with `POST /api/users/me/api-keys`. Acts as its owner; needs no CSRF token. A wrong or revoked key answers 401 on every route.',
  },
};

const ACCESS_TEXT: Record<RegisteredRoute['access'], string> = {
  public: 'Anyone.',
  user: 'Signed in, by session or API key.',
  'session-user': 'Signed in by a browser session (API keys are refused with 403).',
  'owner-or-staff': 'Signed in as the user named by `:id`, or a moderator or admin.',
  moderator: 'Moderators and admins.',
  admin: 'Admins.',
};

/** A documented limit as the `x-rateLimit` extension shows it. */
interface RateLimitDoc {
  name: string;
  limit: number;
  windowSeconds: number;
  per: string;
}

export interface OpenApiOptions {
  version: string;
  /** The API-wide tiers (spec §9): anonymous callers per IP, signed-in ones per user; off when unbounded. */
  apiLimits?: { public: RateLimitRule; authenticated: RateLimitRule };
  /** Paths the API-wide tiers never count (health checks). */
  unlimitedPaths?: string[];
  /** The entities the examples name, chosen from the loaded catalog. */
  examples: DocsExamples;
}

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
const isOn = (rule: RateLimitRule) => rule.limit < Number.MAX_SAFE_INTEGER;
const windowOf = (rule: RateLimitRule) => Math.round(rule.windowMs / 1000);
const errorContent = { 'application/json': { schema: ErrorBodySchema } };
const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Seconds until a request may succeed again.', schema: { type: 'integer' as const } },
  'RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer' as const } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' as const } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' as const } },
};

/** Who must prove what: OpenAPI security requirements (alternatives; the keys of one are all needed). */
function securityOf(route: RegisteredRoute): Array<Record<string, string[]>> {
  const write = UNSAFE.has(route.method);
  const session: Record<string, string[]> = write ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] };
  if (route.csrf === 'always' && write) return [{ sessionCookie: [], csrfToken: [] }];
  if (route.access === 'public') return [{}, session, { apiKey: [] }];
  if (route.access === 'session-user') return [session];
  return [session, { apiKey: [] }];
}

function rateLimitsOf(route: RegisteredRoute, options: OpenApiOptions): RateLimitDoc[] {
  const limits: RateLimitDoc[] = [];
  const { rateLimit, limits: documented = [] } = route.contract;
  if (rateLimit && !rateLimit.off) limits.push({ name: rateLimit.rule.name, limit: rateLimit.rule.limit, windowSeconds: windowOf(rateLimit.rule), per: 'per user when signed in, else per client IP' });
  for (const limit of documented) if (limit.limit > 0 && limit.limit < Number.MAX_SAFE_INTEGER) limits.push({ name: route.path, limit: limit.limit, windowSeconds: limit.windowSeconds, per: limit.description });
  const tiers = options.apiLimits;
  if (tiers && !options.unlimitedPaths?.includes(route.path)) {
    if (isOn(tiers.public)) limits.push({ name: tiers.public.name, limit: tiers.public.limit, windowSeconds: windowOf(tiers.public), per: 'per client IP, for anonymous callers on every API route' });
    if (isOn(tiers.authenticated)) limits.push({ name: tiers.authenticated.name, limit: tiers.authenticated.limit, windowSeconds: windowOf(tiers.authenticated), per: 'per user, for signed-in callers on every API route' });
  }
  return limits;
}

function successResponse(status: number, declared: z.ZodType | ResponseDeclaration): ZodOpenApiResponseObject {
  const declaration: ResponseDeclaration = declared instanceof z.ZodType ? { description: status === 201 ? 'Created.' : 'OK.', schema: declared } : declared;
  const headers = declaration.headers
    ? Object.fromEntries(Object.entries(declaration.headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const } }]))
    : undefined;
  const content = declaration.schema
    ? { 'application/json': { schema: declaration.schema } }
    : declaration.contentType
      ? { [declaration.contentType]: { schema: { type: 'string' as const, contentMediaType: declaration.contentType } } }
      : undefined;
  return { description: declaration.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

/** Every failure the route may answer, in the one error shape. */
function errorResponses(route: RegisteredRoute, limits: RateLimitDoc[]): Record<string, ZodOpenApiResponseObject> {
  const { contract } = route;
  const own = contract.errors ?? {};
  const write = UNSAFE.has(route.method);
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const add = (status: number, description: string, extra: Partial<ZodOpenApiResponseObject> = {}) => {
    const mine = own[status];
    responses[String(status)] = { description: mine ? `${mine} ${description}` : description, content: errorContent, ...extra };
  };
  add(400, '`VALIDATION_FAILED`: a parameter, the query or the body does not fit its schema (or holds text no database can store); `details` names each field.' + (route.contract.body ? ' `INVALID_JSON` when the body does not parse.' : ''));
  add(401, route.access === 'public' ? '`UNAUTHORIZED`: the `Authorization` header holds an invalid or revoked API key.' : '`UNAUTHORIZED`: not signed in (or an invalid or revoked API key).');
  const forbidden = [
    write ? 'a session write without its CSRF token' : null,
    route.access === 'session-user' ? 'an API key (this needs a browser session)' : null,
    route.access === 'owner-or-staff' ? 'another user’s resource' : null,
    route.access === 'moderator' || route.access === 'admin' ? 'a role below the one needed' : null,
  ].filter(Boolean);
  if (forbidden.length > 0) add(403, `\`FORBIDDEN\`: ${forbidden.join('; ')}.`);
  if (contract.body) add(413, '`PAYLOAD_TOO_LARGE`: the body is over the size limit.');
  if (limits.length > 0) add(429, '`RATE_LIMITED`: too many requests; `details` has `limit`, `windowSeconds` and `retryAfterSeconds`.', { headers: RATE_LIMIT_HEADERS });
  for (const [status, description] of Object.entries(own)) {
    if (!responses[status] && description) responses[status] = { description, content: errorContent };
  }
  return responses;
}

/** "get /api/entity/:type/:id" → "getEntityTypeId". */
const operationId = (route: RegisteredRoute) =>
  route.method +
  route.path
    .replace(/^\/api/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

function operationOf(route: RegisteredRoute, options: OpenApiOptions): ZodOpenApiOperationObject {
  const { contract } = route;
  const example = exampleOf(contract, options.examples);
  const limits = rateLimitsOf(route, options);
  const responses: Record<string, ZodOpenApiResponseObject> = errorResponses(route, limits);
  for (const [status, declared] of Object.entries(contract.responses)) {
    // A failure the route documents with its own body (health's 503) replaces the generic one.
    if (declared) responses[status] = successResponse(Number(status), declared);
  }
  const limitText = limits.length > 0 ? `\n\nRate limits: ${limits.map((l) => `${l.limit} per ${l.windowSeconds} s, ${l.per}`).join('; ')}.` : '';
  return {
    operationId: operationId(route),
    tags: [route.tag.name],
    summary: contract.summary,
    description: `${contract.description ?? contract.summary}\n\nWho may call it: ${ACCESS_TEXT[route.access]}${limitText}`,
    security: securityOf(route),
    'x-access': route.access,
    'x-csrf': route.csrf,
    ...(limits.length > 0 ? { 'x-rateLimit': limits } : {}),
    ...(contract.params || contract.query
      ? { requestParams: { ...(contract.params ? { path: contract.params } : {}), ...(contract.query ? { query: contract.query } : {}) } }
      : {}),
    ...(contract.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: contract.body, ...(example?.body !== undefined ? { example: example.body } : {}) } } } }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  } as ZodOpenApiOperationObject;
}

/** "/api/entity/:type/:id" → "/api/entity/{type}/{id}". */
export const openApiPath = (expressPath: string) => pathParameters(expressPath).reduce((path, name) => path.replace(`:${name}`, `{${name}}`), expressPath);

/**
 * The OpenAPI 3.1 document of every declared route: its parameters, body, answers, the error shape,
 * who may call it (security) and its rate limits. Generated from the declarations, never by hand.
 */
export function buildOpenApiDocument(routes: ApiRoutes, options: OpenApiOptions): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes.list()) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method] = operationOf(route, options);
  }
  const tiers = options.apiLimits;
  const tierText = tiers
    ? [tiers.public, tiers.authenticated].filter(isOn).map((rule) => `${rule.name}: ${rule.limit} per ${windowOf(rule)} s`).join('; ') || 'off on this server'
    : 'none';
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Cinema DNA API',
        version: options.version,
        description: [
          'Find the chain of links between two cinema entities within six degrees, and everything around it.',
          '',
          `Entities are named \`type:id\` (\`${options.examples.to.key}\`, \`${options.examples.movie.key}\`). Errors are always \`{ code, message, details }\` with a 4xx status (a 5xx is a bug, answered in the same shape with a request id).`,
          '',
          'Authentication: anonymous; a browser session (`cdna.sid` cookie, plus the `X-CSRF-Token` header on writes); or an API key as `Authorization: Bearer cdna_…`.',
          '',
          `API-wide rate limits (spec §9): ${tierText}. Limited answers carry \`RateLimit-*\` headers; a refusal is 429 \`RATE_LIMITED\` with \`Retry-After\`.`,
          '',
          'Live search and rooms run over Socket.IO: see the AsyncAPI document at `/api/asyncapi.json`.',
        ].join('\n'),
      },
      tags: routes.tags(),
      paths,
      components: { schemas: NAMED_SCHEMAS, securitySchemes: SECURITY_SCHEMES },
      'x-rateLimits': tiers ? [tiers.public, tiers.authenticated].filter(isOn).map((rule) => ({ name: rule.name, limit: rule.limit, windowSeconds: windowOf(rule) })) : [],
      externalDocs: { description: 'Socket.IO events (AsyncAPI 3.0)', url: '/api/asyncapi.json' },
    },
    { allowEmptySchema: { unknown: true, custom: true } },
  );
  addParameterExamples(document, routes.list(), options.examples);
  return document;
}

/** Each declared example's path and query values onto the generated parameters (zod-openapi renders the schemas only). */
function addParameterExamples(document: ReturnType<typeof createDocument>, declared: RegisteredRoute[], catalog: DocsExamples): void {
  for (const route of declared) {
    const example = exampleOf(route.contract, catalog);
    if (!example?.params && !example?.query) continue;
    const operation = document.paths?.[openApiPath(route.path)]?.[route.method] as { parameters?: Array<{ in?: string; name?: string; example?: unknown }> } | undefined;
    for (const parameter of operation?.parameters ?? []) {
      const value = parameter.in === 'path' ? example.params?.[parameter.name!] : parameter.in === 'query' ? example.query?.[parameter.name!] : undefined;
      if (value !== undefined) parameter.example = value;
    }
  }
}
