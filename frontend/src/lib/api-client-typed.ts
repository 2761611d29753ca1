import type { ApiMethod, ApiPath, ApiRequest, ApiResponse, UrlValue } from '@cinema-dna/shared-types';
import { apiFetch } from './api-client';

/**
 * The API, typed from the shared route contract (shared-types `API_ROUTES`, the table the server registers its
 * routes from). A path is one of the contract's, written as the server declares it (`/api/users/:id/watchlist`);
 * its params, query and body are checked against the route's schemas and the answer has the route's type, so a
 * renamed route or a changed schema is a build error here, not a broken page. Only types are imported: no schema
 * reaches the bundle through this module.
 *
 * Requests go through {@link apiFetch} (cookie, CSRF token on writes, retry after a stale token, error mapping).
 */

type Options<M extends ApiMethod, P extends ApiPath<M>> = ApiRequest<M, P> & { signal?: AbortSignal };
/** The options argument: required when the route has path parameters, a required query or a body. */
type Args<M extends ApiMethod, P extends ApiPath<M>> = Record<never, never> extends Options<M, P> ? [options?: Options<M, P>] : [options: Options<M, P>];

/** A query value as sent: absent values are left out, the others written as text. */
type QueryValue = UrlValue | null | undefined;

/**
 * The URL of a route: `:name` segments replaced by their (encoded) values, then the query's defined values in
 * the caller's order. A parameter the path names but `params` lacks is an error, never a literal `:name`.
 */
export function apiUrl(path: string, params?: Readonly<Record<string, UrlValue>>, query?: Readonly<Record<string, QueryValue>>): string {
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Calls one route of the contract. Prefer the {@link api} shorthands. */
export function apiRequest<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, ...[options]: Args<M, P>): Promise<ApiResponse<M, P>> {
  const given = options as unknown as { params?: Record<string, UrlValue>; query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal } | undefined;
  const { params, query, body, signal } = given ?? {};
  return apiFetch<ApiResponse<M, P>>(apiUrl(path, params, query), { method, body, signal });
}

/** `api.get('/api/watchlist', { signal })`, `api.delete('/api/watchlist/:movieId', { params: { movieId } })`, … */
export const api = {
  get: <P extends ApiPath<'GET'>>(path: P, ...args: Args<'GET', P>) => apiRequest('GET', path, ...args),
  post: <P extends ApiPath<'POST'>>(path: P, ...args: Args<'POST', P>) => apiRequest('POST', path, ...args),
  put: <P extends ApiPath<'PUT'>>(path: P, ...args: Args<'PUT', P>) => apiRequest('PUT', path, ...args),
  patch: <P extends ApiPath<'PATCH'>>(path: P, ...args: Args<'PATCH', P>) => apiRequest('PATCH', path, ...args),
  delete: <P extends ApiPath<'DELETE'>>(path: P, ...args: Args<'DELETE', P>) => apiRequest('DELETE', path, ...args),
};
