import type { Express, NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { API_ROUTES, STARTER_DOCS_EXAMPLES, type ApiPath, type ApiRouteTable, type DocsExamples, type ResponseDeclaration, type ResponseMap, type RouteShape } from '@cinema-dna/shared-types';
import { AppError, validationDetails } from '../errors.js';
import { rateLimit, type RateLimiter } from '../rate-limit.js';
import { rejectUnstorableText } from '../storable-input.js';
import { csrfCheck, type CsrfPolicy } from './csrf.js';
import { requireOwnerOrStaff, requireRole, requireSessionUser, requireUser } from './guards.js';

export type { CsrfPolicy } from './csrf.js';

/**
 * Who may call a route:
 * - `public`: anyone (a signed-in caller is still known to the route);
 * - `user`: signed in, by session or API key;
 * - `session-user`: signed in by session (API keys are refused);
 * - `owner-or-staff`: signed in and `:id` is the caller's id, or the caller is a moderator or admin;
 * - `moderator`: moderators and admins; `admin`: admins.
 */
export type Access = 'public' | 'user' | 'session-user' | 'owner-or-staff' | 'moderator' | 'admin';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A feature's group of routes, shown together in the API docs. */
export interface ApiTag {
  name: string;
  description: string;
}

export type { ResponseDeclaration, ResponseMap } from '@cinema-dna/shared-types';

/** A limit enforced inside the route (not by the registry), documented beside the route. */
export interface DocumentedLimit {
  /** What is counted and per whom, e.g. "failed sign-ins per account". */
  description: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Everything a route promises: who may call it, its CSRF policy, what it reads and what it answers.
 * Schemas absent from a slot mean the route does not read it (a write with no body says `body: null`).
 */
export interface RouteContract<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | null | undefined> {
  access: Access;
  /** When its writes need the CSRF token; default `session`. */
  csrf?: CsrfPolicy;
  /** One line for the endpoint list. */
  summary: string;
  description?: string;
  /** Names the input in validation errors: "Search" answers "Search is invalid". Default "Request". */
  inputName?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Status → answer, for the route's successes and any failure it documents with a body schema. */
  responses: ResponseMap;
  /** Failures this route answers besides the ones every route may (validation, access, limits): status → when. */
  errors?: Partial<Record<number, string>>;
  /** Counted per caller before validation; past it the route answers 429 (documented from its rule). */
  rateLimit?: RateLimiter;
  /** Limits the route enforces itself (documented only). */
  limits?: DocumentedLimit[];
  /** Turns a body that fails its schema into the route's own 400 (default: "<inputName> is invalid"). */
  invalidBody?: (error: z.ZodError) => AppError;
  /**
   * A request for the docs' samples, checked against the schemas at start-up. A request naming entities is a
   * function of the examples chosen from the loaded catalog (see api-docs/catalog-examples.ts), so it works on
   * whatever catalog the server holds.
   */
  example?: RouteExample | ((catalog: DocsExamples) => RouteExample);
}

/** A route's example request, with the entities it names taken from `catalog`. */
export function exampleOf(contract: { example?: RouteContract<undefined, undefined, undefined>['example'] }, catalog: DocsExamples): RouteExample | undefined {
  return typeof contract.example === 'function' ? contract.example(catalog) : contract.example;
}

/** An example request: path parameters and query as they appear in the URL, and a JSON body. */
export interface RouteExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the route's params, query and body, already parsed by their schemas. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export type RouteHandler<P, Q, B> = (input: RouteInput<P, Q, B>, req: Request, res: Response, next: NextFunction) => unknown;

type Upper<M extends HttpMethod> = Uppercase<M> & ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE');
type Unmounted<P> = P extends `/api${infer Rest}` ? Rest : never;
/** The paths under /api that the shared contract declares for `M`, as a feature registers them (without the mount). */
export type SharedPath<M extends HttpMethod> = Unmounted<ApiPath<Upper<M>>>;
type SharedRoute<M extends HttpMethod, Path extends string> = ApiRouteTable[`${Upper<M>} /api${Path}` & keyof ApiRouteTable];
type Slot<E, K extends keyof RouteShape> = E extends { [key in K]: infer S } ? Parsed<S> : undefined;

/** The server's half of a shared route's contract: who may call it, its docs and limits. Its schemas come from shared-types. */
export type ServerContract = Omit<RouteContract<undefined, undefined, undefined>, 'params' | 'query' | 'body' | 'responses'> & {
  params?: never;
  query?: never;
  body?: never;
  responses?: never;
};

interface Register<M extends HttpMethod> {
  /** A route of the shared contract (shared-types `API_ROUTES`): its params, query, body and answers are typed and checked from there. */
  <Path extends SharedPath<M>>(path: Path, contract: ServerContract, handler: RouteHandler<Slot<SharedRoute<M, Path>, 'params'>, Slot<SharedRoute<M, Path>, 'query'>, Slot<SharedRoute<M, Path>, 'body'>>): void;
  /** A route outside the shared contract (browser navigations, tests): its schemas declared here. */
  <P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | null | undefined = undefined>(
    path: string,
    contract: RouteContract<P, Q, B>,
    handler: RouteHandler<Parsed<P>, Parsed<Q>, Parsed<B>>,
  ): void;
}

/** Declares a feature's routes: each gets its CSRF check, access guard, input checks and parsing. */
export interface RouteGroup {
  get: Register<'get'>;
  post: Register<'post'>;
  put: Register<'put'>;
  patch: Register<'patch'>;
  delete: Register<'delete'>;
}

/** A declared route as the authorization tests and the OpenAPI document read it. */
export interface RegisteredRoute {
  method: HttpMethod;
  /** Express path including the mount point, e.g. "/api/users/:id/connections". */
  path: string;
  access: Access;
  /** When its writes need the CSRF token (see CsrfPolicy). */
  csrf: CsrfPolicy;
  tag: ApiTag;
  contract: RouteContract<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | null | undefined>;
}

/** Every API route of an app, declared by feature, listed for tests and for the API documents. */
export interface ApiRoutes {
  /** The routes of one feature, under its tag. */
  group(tag: ApiTag): RouteGroup;
  /** Every route declared so far. */
  list(): RegisteredRoute[];
  /** Every tag, in declaration order. */
  tags(): ApiTag[];
}

const GUARDS: Record<Access, RequestHandler | null> = {
  public: null,
  user: requireUser,
  'session-user': requireSessionUser,
  'owner-or-staff': requireOwnerOrStaff('id'),
  moderator: requireRole('moderator'),
  admin: requireRole('admin'),
};

const WRITES = new Set<HttpMethod>(['post', 'put', 'patch']);

/** The `:name` segments of an Express path. */
export const pathParameters = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/**
 * Refuses a declaration that could not be validated or documented: no summary, no success answer,
 * a path parameter without a schema (or a schema naming one the path lacks), a write that does not
 * say what body it reads, a body on a read. Thrown at start-up, so such a route never serves.
 */
function checkContract(method: HttpMethod, fullPath: string, contract: RegisteredRoute['contract']): void {
  const refuse = (why: string) => {
    throw new Error(`Route ${method.toUpperCase()} ${fullPath}: ${why}`);
  };
  if (!contract || typeof contract !== 'object') refuse('is declared without a contract');
  if (!(contract.access in GUARDS)) refuse(`has an unknown access "${String(contract.access)}"`);
  if (!contract.summary?.trim()) refuse('has no summary');
  const statuses = Object.keys(contract.responses ?? {}).map(Number);
  if (!statuses.some((status) => status >= 200 && status < 400)) refuse('declares no success response');
  for (const [status, response] of Object.entries(contract.responses)) {
    const declared = response as z.ZodType | ResponseDeclaration | undefined;
    if (!(declared instanceof z.ZodType) && !declared?.description) refuse(`response ${status} has neither a schema nor a description`);
  }
  const names = pathParameters(fullPath);
  if (names.length > 0 || contract.params !== undefined) {
    if (!(contract.params instanceof z.ZodObject)) refuse(`path parameters ${names.join(', ') || '(none)'} need a z.object params schema`);
    const declared = Object.keys((contract.params as z.ZodObject).shape).sort();
    if (declared.join() !== [...names].sort().join()) refuse(`params schema names [${declared.join(', ')}], the path has [${names.join(', ')}]`);
  }
  if (contract.query !== undefined && !(contract.query instanceof z.ZodObject)) refuse('query schema must be a z.object');
  if (WRITES.has(method)) {
    if (!('body' in contract) || contract.body === undefined) refuse('declares no body schema (use body: null for a write without a body)');
    if (contract.body !== null && !(contract.body instanceof z.ZodType)) refuse('body is not a zod schema');
  } else if (contract.body !== undefined) {
    refuse('a GET or DELETE reads no body');
  }
  // An example that its own schemas refuse would teach callers a request that fails.
  for (const part of ['params', 'query', 'body'] as const) {
    const example = exampleOf(contract, STARTER_DOCS_EXAMPLES)?.[part];
    if (example === undefined) continue;
    const schema = contract[part];
    if (!schema) refuse(`has an example ${part} but no ${part} schema`);
    const result = schema!.safeParse(example);
    if (!result.success) refuse(`example ${part} does not fit its schema: ${validationDetails(result.error).map((issue) => `${issue.path} ${issue.message}`).join('; ')}`);
  }
}

const SHAPE_SLOTS = ['params', 'query', 'body', 'responses'] as const;

/**
 * A route of the shared contract takes its params, query, body and answers from there (shared-types `API_ROUTES`, which
 * the web app's client is typed from); declaring them here as well would let the two drift, so it is refused.
 */
function withSharedShape(method: HttpMethod, fullPath: string, contract: RegisteredRoute['contract'], shared: Partial<Record<string, RouteShape>>): RegisteredRoute['contract'] {
  const shape = shared[`${method.toUpperCase()} ${fullPath}`];
  if (!shape || !contract || typeof contract !== 'object') return contract;
  const repeated = SHAPE_SLOTS.filter((slot) => slot in contract);
  if (repeated.length > 0) throw new Error(`Route ${method.toUpperCase()} ${fullPath}: ${repeated.join(', ')} come from the shared contract (shared-types routes), not from here`);
  return { ...contract, ...shape };
}

/** Parses one part of the request; a failure is the 400 VALIDATION_FAILED every route answers. */
function parsePart(schema: z.ZodType | null | undefined, value: unknown, inputName: string, invalid?: (error: z.ZodError) => AppError): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalid ? invalid(result.error) : new AppError(400, 'VALIDATION_FAILED', `${inputName} is invalid`, validationDetails(result.error));
}

/**
 * Routes on `router`, which is mounted at `mountPath`. Before the route's own handler: the CSRF
 * check, the access guard, the refusal of text no database can store (path, query and body), the
 * route's rate limit, then its params, query and body parsed by their schemas.
 */
export function createApiRoutes(router: Router, mountPath = '/api', shared: Partial<Record<string, RouteShape>> = API_ROUTES): ApiRoutes {
  const routes: RegisteredRoute[] = [];
  const tags = new Map<string, ApiTag>();

  const register =
    (tag: ApiTag, method: HttpMethod) =>
    (path: string, contract: RegisteredRoute['contract'] | ServerContract, handler: unknown): void => {
      const fullPath = `${mountPath}${path}`;
      const declared = withSharedShape(method, fullPath, contract as RegisteredRoute['contract'], shared);
      checkContract(method, fullPath, declared);
      if (typeof handler !== 'function') throw new Error(`Route ${method.toUpperCase()} ${fullPath}: has no handler`);
      if (routes.some((route) => route.method === method && route.path === fullPath)) throw new Error(`Route ${method.toUpperCase()} ${fullPath}: declared twice`);
      const { access, csrf = 'session', inputName = 'Request', params, query, body, invalidBody } = declared;
      const guard = GUARDS[access];
      const run: RequestHandler = (req, res, next) => {
        const input = {
          params: parsePart(params, req.params, inputName),
          query: parsePart(query, req.query, inputName),
          body: parsePart(body, req.body, inputName, invalidBody),
        };
        return (handler as RouteHandler<unknown, unknown, unknown>)(input, req, res, next);
      };
      router[method](path, csrfCheck(csrf), ...(guard ? [guard] : []), rejectUnstorableText, ...(declared.rateLimit ? [rateLimit(declared.rateLimit)] : []), run);
      routes.push({ method, path: fullPath, access, csrf, tag, contract: declared });
    };

  return {
    group(tag) {
      if (!tag.name?.trim() || !tag.description?.trim()) throw new Error('An API tag needs a name and a description');
      const known = tags.get(tag.name);
      if (known && known.description !== tag.description) throw new Error(`API tag "${tag.name}" is described twice, differently`);
      tags.set(tag.name, tag);
      return {
        get: register(tag, 'get') as Register<'get'>,
        post: register(tag, 'post') as Register<'post'>,
        put: register(tag, 'put') as Register<'put'>,
        patch: register(tag, 'patch') as Register<'patch'>,
        delete: register(tag, 'delete') as Register<'delete'>,
      };
    },
    list: () => routes.map((route) => ({ ...route })),
    tags: () => [...tags.values()],
  };
}

const ROUTES_SETTING = 'cdna:api-routes';

/** Remembers an app's route list (createApp calls this). */
export function recordApiRoutes(app: Express, routes: ApiRoutes): void {
  app.set(ROUTES_SETTING, routes);
}

/** The API routes an app declared, with their access, CSRF policy and contract. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const routes = app.get(ROUTES_SETTING) as ApiRoutes | undefined;
  return routes?.list() ?? [];
}
