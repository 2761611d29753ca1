import { readFileSync } from 'node:fs';
import type { ReceivedRequest, Reply } from './replay-server.js';

/**
 * Tests only: TMDB API v3 as a local server sees it — the routes the importer and enricher use, the
 * real error bodies (shared/fixtures/tmdb-api/error-*.json), api_key or Bearer authentication and
 * append_to_response. Bodies are the JSON files in this folder, in the recorded responses' shape.
 */
export const TEST_API_KEY = '0123456789abcdef0123456789abcdef';
/** A v4 read access token is a JWT; only its shape matters here. */
export const TEST_BEARER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl';
/** Path prefix, as in https://api.themoviedb.org/3. */
export const API_PREFIX = '/3';

export const INVALID_KEY_BODY = { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false };
export const NOT_FOUND_BODY = { status_code: 34, status_message: 'The resource you requested could not be found.' };
export const rateLimitBody = (count: number) => ({ status_code: 25, status_message: `Your request count (${count}) is over the allowed limit of 40.` });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

export interface FakeTmdbData {
  /** Full details bodies (with `credits` and `keywords`) by id. */
  movies: Map<number, Json>;
  people: Map<number, Json>;
  /** List page bodies by list, page 1 first. */
  lists: { popular: Json[]; top_rated: Json[] };
}

/** The three movies of the fixtures: Fight Club (550), The Fellowship of the Ring (120), The Matrix (603). */
export function fixtureData(): FakeTmdbData {
  return {
    movies: new Map([550, 120, 603].map((id) => [id, fixture(`movie-${id}-credits-keywords.json`)])),
    people: new Map([287, 7467, 108].map((id) => [id, fixture(`person-${id}.json`)])),
    lists: {
      popular: [fixture('movie-popular-page-1.json'), fixture('movie-popular-page-2.json')],
      top_rated: [fixture('movie-top-rated-page-1.json')],
    },
  };
}

/** `count` movies shaped like Fight Club (ids 10001...), in popular pages of 20; no top-rated ones. */
export function syntheticData(count: number): FakeTmdbData {
  const template = fixture('movie-550-credits-keywords.json');
  const item = fixture('movie-popular-page-1.json').results[0];
  const movies = new Map<number, Json>();
  for (let i = 1; i <= count; i += 1) movies.set(10_000 + i, { ...template, id: 10_000 + i, title: `Fight Club ${i}`, imdb_id: null });
  const ids = [...movies.keys()];
  const pages = Math.max(1, Math.ceil(ids.length / 20));
  const page = (n: number) => ({ page: n, results: ids.slice((n - 1) * 20, n * 20).map((id) => ({ ...item, id })), total_pages: pages, total_results: ids.length });
  return {
    movies,
    people: fixtureData().people,
    lists: { popular: Array.from({ length: pages }, (_, i) => page(i + 1)), top_rated: [{ page: 1, results: [], total_pages: 1, total_results: 0 }] },
  };
}

/** Answers a request the way TMDB would. */
export function answerTmdb(data: FakeTmdbData, request: ReceivedRequest): Reply {
  const authorised = request.query.get('api_key') === TEST_API_KEY || request.headers.authorization === `Bearer ${TEST_BEARER_TOKEN}`;
  if (!authorised) return { status: 401, body: INVALID_KEY_BODY };
  const path = request.path.startsWith(API_PREFIX) ? request.path.slice(API_PREFIX.length) : request.path;
  const list = /^\/movie\/(popular|top_rated)$/.exec(path);
  if (list) {
    const pages = data.lists[list[1] as 'popular' | 'top_rated'];
    const page = pages[Number(request.query.get('page') ?? '1') - 1];
    return page ? { body: page } : { status: 404, body: NOT_FOUND_BODY };
  }
  const movie = /^\/movie\/(\d+)$/.exec(path);
  if (movie) {
    const body = data.movies.get(Number(movie[1]));
    if (!body) return { status: 404, body: NOT_FOUND_BODY };
    const appended = new Set((request.query.get('append_to_response') ?? '').split(','));
    const { credits, keywords, ...details } = body;
    return { body: { ...details, ...(appended.has('credits') ? { credits } : {}), ...(appended.has('keywords') ? { keywords } : {}) } };
  }
  const person = /^\/person\/(\d+)$/.exec(path);
  if (person) {
    const body = data.people.get(Number(person[1]));
    return body ? { body } : { status: 404, body: NOT_FOUND_BODY };
  }
  return { status: 404, body: NOT_FOUND_BODY };
}
