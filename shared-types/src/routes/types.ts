import type { z } from 'zod';
import type { ApiMethod } from './define.js';
import type { ApiRouteTable } from './index.js';

/** Every route key, `"<METHOD> <path>"`. */
export type ApiRouteKey = keyof ApiRouteTable & string;

/** The paths answering `M`, e.g. `ApiPath<'DELETE'>` holds `'/api/watchlist/:movieId'`. */
export type ApiPath<M extends ApiMethod> = ApiRouteKey extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;

/** The shared contract of one route. */
export type ApiRoute<M extends ApiMethod, P extends ApiPath<M>> = ApiRouteTable[`${M} ${P}` & ApiRouteKey];

/** The `:name` segments of a path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** A value that goes into the URL as text. */
export type UrlValue = string | number | boolean;

/** The query a caller sends: the schema's input, where a coerced field (input `unknown`) takes any URL value. */
export type QueryInput<Q extends z.ZodType> = { [K in keyof z.input<Q>]: unknown extends z.input<Q>[K] ? UrlValue | undefined : z.input<Q>[K] };

type SchemaOf<R> = R extends z.ZodType ? R : R extends { schema: infer S extends z.ZodType } ? S : undefined;
type FirstSuccess<R> = 200 extends keyof R ? R[200] : 201 extends keyof R ? R[201] : 202 extends keyof R ? R[202] : 204 extends keyof R ? R[204] : undefined;

/** What a route answers on success: its first 2xx body, parsed JSON (`undefined` for an empty answer). */
export type ApiResponse<M extends ApiMethod, P extends ApiPath<M>> = RouteResponse<ApiRoute<M, P>>;
/** The success body of a route shape. */
export type RouteResponse<E> = E extends { responses: infer R } ? (SchemaOf<FirstSuccess<R>> extends infer S ? (S extends z.ZodType ? z.output<S> : undefined) : never) : never;

type ParamsPart<P extends string> = [PathParamNames<P>] extends [never] ? { params?: never } : { params: Record<PathParamNames<P>, UrlValue> };
type QueryPart<E> = E extends { query: infer Q extends z.ZodType } ? (Record<never, never> extends QueryInput<Q> ? { query?: QueryInput<Q> } : { query: QueryInput<Q> }) : { query?: never };
type BodyPart<E> = E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never };

/** What a caller passes to a route: its path parameters, query and body as the contract types them. */
export type ApiRequest<M extends ApiMethod, P extends ApiPath<M>> = ParamsPart<P> & QueryPart<ApiRoute<M, P>> & BodyPart<ApiRoute<M, P>>;
