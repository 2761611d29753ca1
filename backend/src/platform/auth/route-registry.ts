import type { Express, RequestHandler, Router } from 'express';
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

export interface RegisteredRoute {
  method: HttpMethod;
  /** Express path including the mount point, e.g. "/api/users/:id/connections". */
  path: string;
  access: Access;
  /** When its writes need the CSRF token (see CsrfPolicy). */
  csrf: CsrfPolicy;
}

/** A route's declaration: who may call it and, when not the default `session`, its CSRF policy. */
export interface RouteOptions {
  access: Access;
  csrf?: CsrfPolicy;
}

const GUARDS: Record<Access, RequestHandler | null> = {
  public: null,
  user: requireUser,
  'session-user': requireSessionUser,
  'owner-or-staff': requireOwnerOrStaff('id'),
  moderator: requireRole('moderator'),
  admin: requireRole('admin'),
};

type Register = (path: string, declaration: Access | RouteOptions, ...handlers: RequestHandler[]) => void;

/** Declares API routes: each one gets its CSRF check, access guard and input check, and is listed, so tests can check every route. */
export interface ApiRoutes {
  get: Register;
  post: Register;
  put: Register;
  patch: Register;
  delete: Register;
  /** Every route declared so far. */
  list(): RegisteredRoute[];
}

/**
 * Routes on `router`, which is mounted at `mountPath`. Before the route's own handlers: the CSRF
 * check, the access guard, then the refusal of text no database can store (path, query and body).
 */
export function createApiRoutes(router: Router, mountPath = '/api'): ApiRoutes {
  const routes: RegisteredRoute[] = [];
  const register =
    (method: HttpMethod): Register =>
    (path, declaration, ...handlers) => {
      const { access, csrf = 'session' } = typeof declaration === 'string' ? { access: declaration } : declaration;
      const guard = GUARDS[access];
      router[method](path, csrfCheck(csrf), ...(guard ? [guard] : []), rejectUnstorableText, ...handlers);
      routes.push({ method, path: `${mountPath}${path}`, access, csrf });
    };
  return {
    get: register('get'),
    post: register('post'),
    put: register('put'),
    patch: register('patch'),
    delete: register('delete'),
    list: () => routes.map((route) => ({ ...route })),
  };
}

const ROUTES_SETTING = 'cdna:api-routes';

/** Remembers an app's route list (createApp calls this). */
export function recordApiRoutes(app: Express, routes: ApiRoutes): void {
  app.set(ROUTES_SETTING, routes);
}

/** The API routes an app declared, with their access and CSRF policy. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const routes = app.get(ROUTES_SETTING) as ApiRoutes | undefined;
  return routes?.list() ?? [];
}
