import { plural } from '@cinema-dna/shared-types';
import type { OpenAPIV3_1 } from 'openapi-types';

/** A JSON Schema as OpenAPI 3.1 carries it (a plain object; `$ref`s point into the document). */
export type JsonSchema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  schema?: JsonSchema;
  /** A value to start from: the parameter's example, else its schema's example, default or first enum value. */
  example?: unknown;
}

export interface ApiBody {
  required: boolean;
  contentType: string;
  schema?: JsonSchema;
  /** An example from the document, when it gives one. */
  example?: unknown;
}

export interface ApiResponse {
  status: string;
  description: string;
  contentType?: string;
  schema?: JsonSchema;
  /** Names of the response headers the document lists. */
  headers: string[];
}

/**
 * Who may call an operation, from its OpenAPI security requirements:
 * `none` (no requirement), `optional` (an empty requirement is one of the alternatives),
 * `required` (every alternative names a scheme).
 */
export interface ApiAuth {
  mode: 'none' | 'optional' | 'required';
  /** An `Authorization: Bearer` API key is one of the accepted alternatives. */
  bearer: boolean;
  /** A browser session cookie is one of the accepted alternatives. */
  session: boolean;
  /** Writes with the session also send the CSRF header. */
  csrf: boolean;
  /** The security schemes named, for display. */
  schemes: string[];
  /** The session cookie's name, e.g. `cdna.sid`. */
  sessionCookie?: string;
  /** The CSRF header's name, e.g. `X-CSRF-Token`. */
  csrfHeader?: string;
}

export interface ApiOperation {
  /** `GET /api/search`: unique within the document, used to pick an operation. */
  key: string;
  operationId?: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  deprecated: boolean;
  parameters: ApiParameter[];
  requestBody?: ApiBody;
  responses: ApiResponse[];
  auth: ApiAuth;
  /** The documented rate limits, each in words (empty when the document states none). */
  rateLimits: string[];
  /** Who the server lets in (`x-access`: public, user, session-user, owner-or-staff, moderator, admin), when documented. */
  access?: string;
}

export interface ApiGroup {
  name: string;
  description?: string;
  operations: ApiOperation[];
}

/** What the docs pages show of an OpenAPI document. */
export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  openapi: string;
  groups: ApiGroup[];
  operations: ApiOperation[];
  /** Every distinct rate limit the document states, with the operations (keys) it applies to, the widest first. */
  rateLimits: Array<{ text: string; operations: string[] }>;
  /** The document itself, for resolving `$ref`s in schemas. */
  document: OpenAPIV3_1.Document;
}

/** Operations without a tag are listed under this group, last. */
export const UNTAGGED_GROUP = 'Other';

type Resolvable = { $ref?: string };

/**
 * Follows a local `$ref` (`#/components/schemas/X`) through the document, several hops if need be.
 * Anything else (an external ref, a broken pointer) is returned as it is.
 */
export function resolveRef<T>(document: unknown, value: T | OpenAPIV3_1.ReferenceObject): T {
  let current: unknown = value;
  for (let hops = 0; hops < 32; hops++) {
    const ref = (current as Resolvable | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) break;
    const target = pointer(document, ref.slice(1));
    if (target === undefined) break;
    current = target;
  }
  return current as T;
}

function pointer(document: unknown, path: string): unknown {
  if (path === '') return document;
  let node: unknown = document;
  for (const raw of path.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(segment in node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The last segment of a `$ref`, e.g. `ApiError` for `#/components/schemas/ApiError`. */
export function refName(schema: unknown): string | undefined {
  const ref = (schema as Resolvable | null)?.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
}

/**
 * Reads an OpenAPI 3.x document into groups of operations (by tag, in the document's tag order).
 * Throws when the value is not an OpenAPI document at all.
 */
export function readOpenApiDocument(value: unknown): ApiReference {
  if (!value || typeof value !== 'object') throw new Error('The API description is not a JSON object.');
  const document = value as OpenAPIV3_1.Document;
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new Error('The API description is not an OpenAPI 3 document.');
  }

  const operations: ApiOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolveRef<OpenAPIV3_1.PathItemObject>(document, rawItem ?? {});
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) operations.push(readOperation(document, path, method, item, operation));
    }
  }

  const declared = (document.tags ?? []).map((tag) => tag.name);
  const used = operations.map((operation) => operation.tag);
  const order = [...new Set([...declared, ...used.filter((tag) => tag !== UNTAGGED_GROUP), UNTAGGED_GROUP])];
  const groups = order
    .map((name) => ({
      name,
      description: document.tags?.find((tag) => tag.name === name)?.description,
      operations: operations.filter((operation) => operation.tag === name),
    }))
    .filter((group) => group.operations.length > 0);

  const ordered = groups.flatMap((group) => group.operations);
  const limits = new Map<string, string[]>();
  for (const operation of ordered) {
    for (const text of operation.rateLimits) limits.set(text, [...(limits.get(text) ?? []), operation.key]);
  }

  return {
    title: document.info?.title ?? 'API',
    version: document.info?.version ?? '',
    description: document.info?.description,
    openapi: document.openapi,
    groups,
    // In group order, so lists and pickers read the same way everywhere.
    operations: ordered,
    rateLimits: [...limits].map(([text, keys]) => ({ text, operations: keys })).sort((a, b) => b.operations.length - a.operations.length),
    document,
  };
}

function readOperation(
  document: OpenAPIV3_1.Document,
  path: string,
  method: HttpMethod,
  item: OpenAPIV3_1.PathItemObject,
  operation: OpenAPIV3_1.OperationObject,
): ApiOperation {
  // Operation parameters override path-level ones with the same name and location.
  const byId = new Map<string, ApiParameter>();
  for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = readParameter(document, raw);
    if (parameter) byId.set(`${parameter.in}:${parameter.name}`, parameter);
  }

  return {
    key: `${method.toUpperCase()} ${path}`,
    operationId: operation.operationId,
    method,
    path,
    summary: operation.summary ?? item.summary ?? '',
    description: operation.description ?? item.description,
    tag: operation.tags?.[0] ?? UNTAGGED_GROUP,
    deprecated: operation.deprecated === true,
    parameters: [...byId.values()],
    requestBody: readBody(document, operation.requestBody),
    responses: Object.entries(operation.responses ?? {}).map(([status, raw]) => readResponse(document, status, raw)),
    auth: readAuth(document, operation.security ?? document.security ?? []),
    rateLimits: readRateLimits(operation),
    access: typeof extension(operation, 'x-access') === 'string' ? (extension(operation, 'x-access') as string) : undefined,
  };
}

function readParameter(document: OpenAPIV3_1.Document, raw: OpenAPIV3_1.ParameterObject | OpenAPIV3_1.ReferenceObject): ApiParameter | null {
  const parameter = resolveRef<OpenAPIV3_1.ParameterObject>(document, raw);
  if (!parameter?.name || !['path', 'query', 'header', 'cookie'].includes(parameter.in)) return null;
  const schema = parameter.schema as JsonSchema | undefined;
  return {
    name: parameter.name,
    in: parameter.in as ApiParameter['in'],
    required: parameter.in === 'path' || parameter.required === true,
    description: parameter.description,
    schema,
    example: parameter.example ?? firstExample(parameter.examples) ?? schemaExample(document, schema),
  };
}

function firstExample(examples: Record<string, OpenAPIV3_1.ExampleObject | OpenAPIV3_1.ReferenceObject> | undefined): unknown {
  const first = examples ? Object.values(examples)[0] : undefined;
  return first ? (first as OpenAPIV3_1.ExampleObject).value : undefined;
}

/** A schema's own example, default or first allowed value. */
function schemaExample(document: unknown, raw: JsonSchema | undefined): unknown {
  if (!raw) return undefined;
  const schema = resolveRef<OpenAPIV3_1.SchemaObject>(document, raw);
  const examples = (schema as { examples?: unknown[] }).examples;
  return schema.example ?? (Array.isArray(examples) ? examples[0] : undefined) ?? schema.default ?? schema.const ?? schema.enum?.[0];
}

function pickJsonContent(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): [string, OpenAPIV3_1.MediaTypeObject] | undefined {
  const entries = Object.entries(content ?? {});
  return entries.find(([type]) => /json/i.test(type)) ?? entries[0];
}

function readBody(document: OpenAPIV3_1.Document, raw: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | undefined): ApiBody | undefined {
  if (!raw) return undefined;
  const body = resolveRef<OpenAPIV3_1.RequestBodyObject>(document, raw);
  const [contentType, media] = pickJsonContent(body.content) ?? ['application/json', {} as OpenAPIV3_1.MediaTypeObject];
  return { required: body.required === true, contentType, schema: media.schema as JsonSchema | undefined, example: media.example ?? firstExample(media.examples) };
}

function readResponse(document: OpenAPIV3_1.Document, status: string, raw: OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject): ApiResponse {
  const response = resolveRef<OpenAPIV3_1.ResponseObject>(document, raw);
  const [contentType, media] = pickJsonContent(response.content) ?? [];
  return {
    status,
    description: response.description ?? '',
    contentType,
    schema: media?.schema as JsonSchema | undefined,
    headers: Object.keys(response.headers ?? {}),
  };
}

function readAuth(document: OpenAPIV3_1.Document, requirements: OpenAPIV3_1.SecurityRequirementObject[]): ApiAuth {
  const schemes = document.components?.securitySchemes ?? {};
  const auth: ApiAuth = { mode: 'none', bearer: false, session: false, csrf: false, schemes: [] };
  if (requirements.length === 0) return auth;
  auth.mode = requirements.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
  for (const name of new Set(requirements.flatMap((requirement) => Object.keys(requirement)))) {
    auth.schemes.push(name);
    const scheme = resolveRef<Partial<OpenAPIV3_1.SecuritySchemeObject>>(document, schemes[name] ?? {});
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') auth.bearer = true;
    if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name?.toLowerCase() === 'authorization') auth.bearer = true;
    if (scheme.type === 'apiKey' && scheme.in === 'cookie') {
      auth.session = true;
      auth.sessionCookie = scheme.name;
    }
    if (scheme.type === 'apiKey' && scheme.in === 'header' && /csrf/i.test(scheme.name ?? '')) {
      auth.csrf = true;
      auth.csrfHeader = scheme.name;
    }
  }
  return auth;
}

/** An `x-` extension of an object, whatever the letter case of its name. */
function extension(object: object, name: string): unknown {
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}

/** Extension names a generator may use for an operation's rate limits. */
const RATE_LIMIT_EXTENSIONS = ['x-rate-limit', 'x-ratelimit', 'x-rate-limits', 'x-ratelimits'];

function readRateLimits(operation: OpenAPIV3_1.OperationObject): string[] {
  for (const name of RATE_LIMIT_EXTENSIONS) {
    const value = extension(operation, name);
    if (value === undefined) continue;
    return (Array.isArray(value) ? value : [value]).map(describeRateLimit).filter(Boolean);
  }
  return [];
}

const TIME_UNITS = /^(an? |1 )?(second|minute|hour|day|week)s?$/i;

/** A window in seconds as people say it: "a minute", "15 minutes", "an hour". */
export function describeWindow(seconds: number): string {
  const units: Array<[number, string]> = [[86_400, 'day'], [3_600, 'hour'], [60, 'minute'], [1, 'second']];
  for (const [size, unit] of units) {
    if (seconds % size === 0) {
      const count = seconds / size;
      return count === 1 ? `${unit === 'hour' ? 'an' : 'a'} ${unit}` : `${count.toLocaleString('en-US')} ${unit}s`;
    }
  }
  return `${seconds} s`;
}

/**
 * One rate limit in words, whatever shape the extension gives it: a sentence, a number (a minute),
 * or an object such as `{ limit: 20, windowSeconds: 60, per: "user, else client IP" }`.
 */
export function describeRateLimit(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return `${plural(value, 'request')} a minute`;
  if (!value || typeof value !== 'object') return '';
  const record = value as Record<string, unknown>;
  if (typeof record.description === 'string' && record.description.trim()) return record.description.trim();
  const limit = record.limit ?? record.max ?? record.requests;
  // `per` is either the window ("minute") or who is counted ("client IP").
  const perIsWindow = typeof record.per === 'string' && TIME_UNITS.test(record.per.trim());
  const window =
    typeof record.windowSeconds === 'number'
      ? describeWindow(record.windowSeconds)
      : typeof record.windowMs === 'number'
        ? describeWindow(record.windowMs / 1000)
        : (record.window ?? record.period ?? (perIsWindow ? record.per : undefined));
  const scope = record.scope ?? record.by ?? (perIsWindow ? undefined : record.per);
  const amount = typeof limit === 'number' ? limit.toLocaleString('en-US') : limit === undefined ? undefined : String(limit);
  const windowText = window === undefined ? undefined : /^an? /.test(String(window)) ? String(window) : `per ${String(window)}`;
  const rate = [amount, windowText].filter(Boolean).join(' ');
  if (scope === undefined) return rate;
  return rate ? `${rate}: ${String(scope)}` : String(scope);
}

/**
 * A short type for display: `string`, `integer ≥ 1`, `"person" | "movie"`, `EntityRef[]`, `string | null`.
 */
export function schemaTypeLabel(document: unknown, raw: JsonSchema | undefined): string {
  if (!raw) return 'any';
  const name = refName(raw);
  const schema = resolveRef<OpenAPIV3_1.SchemaObject>(document, raw);
  if (name && schema !== raw) return name;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value: unknown) => JSON.stringify(value)).join(' | ');
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map((member) => schemaTypeLabel(document, member as JsonSchema)).join(' | ');
  if (schema.allOf?.length === 1) return schemaTypeLabel(document, schema.allOf[0] as JsonSchema);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((type) => {
    if (type === 'array') {
      const items = (schema as OpenAPIV3_1.ArraySchemaObject).items as JsonSchema | undefined;
      const inner = schemaTypeLabel(document, items);
      return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
    }
    return schema.format && type !== 'null' ? `${type} (${schema.format})` : type;
  });
  if (labels.length === 0) return schema.properties ? 'object' : 'any';
  return labels.join(' | ');
}

/** Constraints worth telling a caller: bounds, lengths, pattern, default. */
export function schemaConstraints(document: unknown, raw: JsonSchema | undefined): string[] {
  if (!raw) return [];
  const schema = resolveRef<OpenAPIV3_1.SchemaObject>(document, raw);
  const notes: string[] = [];
  // A generator's "any safe integer" bounds say nothing to a caller.
  const bound = (value: number | undefined) => value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  if (bound(schema.minimum)) notes.push(`≥ ${schema.minimum}`);
  if (typeof schema.exclusiveMinimum === 'number') notes.push(`> ${schema.exclusiveMinimum}`);
  if (bound(schema.maximum)) notes.push(`≤ ${schema.maximum}`);
  if (typeof schema.exclusiveMaximum === 'number') notes.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  const items = (count: number) => plural(count, 'item');
  if (schema.minItems !== undefined) notes.push(`at least ${items(schema.minItems)}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${items(schema.maxItems)}`);
  if (schema.pattern) notes.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}
