import type { z } from 'zod';

/** The HTTP methods of the API, as route keys spell them. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is not plain JSON (an image, a redirect, HTML), or JSON with headers worth documenting. */
export interface ResponseDeclaration {
  description: string;
  /** The JSON body; absent for empty answers (204, redirects). */
  schema?: z.ZodType;
  /** A body that is not JSON, e.g. `image/png`. */
  contentType?: string;
  /** Response headers the caller may rely on: name → what it says. */
  headers?: Record<string, string>;
}

/** Status → the JSON body's schema, or a fuller declaration. */
export type ResponseMap = Partial<Record<number, z.ZodType | ResponseDeclaration>>;

/**
 * The part of a route's contract both ends read: what it takes (path parameters, query, JSON body) and what it
 * answers. A slot left out means the route does not read it; a write without a body says `body: null`.
 * Who may call it, its docs and its limits stay with the server's declaration (backend route-registry).
 */
export interface RouteShape {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | null;
  responses: ResponseMap;
}

/** A feature's routes, keyed `"<METHOD> <Express path>"`, e.g. `'GET /api/users/:id/watchlist'`. */
export function defineRoutes<T extends { [K in keyof T]: K extends `${ApiMethod} /api/${string}` ? RouteShape : never }>(routes: T): T {
  return routes;
}
