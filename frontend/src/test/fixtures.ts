import { entityKey, type ConnectionResult, type EntityDetail, type EntitySummary, type EntityType, type PathStep } from '@cinema-dna/shared-types';

/** An entity as the API lists it. */
export function entity(type: EntityType, id: string, name: string, patch: Partial<EntitySummary> = {}): EntitySummary {
  return {
    id,
    key: entityKey(type, id),
    name,
    type,
    subtype: type === 'person' ? 'actor' : null,
    popularity: 1,
    profile_path: null,
    poster_path: null,
    logo_path: null,
    release_date: null,
    year: type === 'movie' ? 1995 : null,
    country: null,
    overview: null,
    ...patch,
  };
}

export const kevinBacon = entity('person', 'kevin-bacon', 'Kevin Bacon');
export const tomHanks = entity('person', 'tom-hanks', 'Tom Hanks');
export const apollo13 = entity('movie', 'apollo-13-1995', 'Apollo 13');

/** Kevin Bacon — acted in as Jack Swigert → Apollo 13 — starring as Jim Lovell → Tom Hanks. */
export function foundResult(patch: Partial<ConnectionResult> = {}): ConnectionResult {
  const path: PathStep[] = [
    { entity: kevinBacon, relationship: { type: 'acted_in', direction: 'forward', character: 'Jack Swigert', job: null, label: 'Jack Swigert' } },
    { entity: apollo13, relationship: { type: 'acted_in', direction: 'backward', character: 'Jim Lovell', job: null, label: 'Jim Lovell' } },
    { entity: tomHanks, relationship: null },
  ];
  return { found: true, path, degrees: 2, cached: false, message: 'Found a 2-degree connection', totalWeight: 2, shortestPathCount: 1, maxDegrees: 6, searchMs: 0.8, ...patch };
}

export function notFoundResult(maxDegrees = 1): ConnectionResult {
  return { found: false, path: [], degrees: null, cached: false, message: `No connection exists within ${maxDegrees} degrees.`, totalWeight: null, shortestPathCount: null, maxDegrees, searchMs: 0.2 };
}

export function entityDetail(summary: EntitySummary, patch: Partial<EntityDetail> = {}): EntityDetail {
  return {
    ...summary,
    known_for_department: null,
    birthday: null,
    place_of_birth: null,
    biography: null,
    filmography: [],
    runtime: null,
    vote_average: null,
    vote_count: null,
    genres: [],
    cast: [],
    crew: [],
    connectionCount: 0,
    ...patch,
  };
}

/** A fetch stub answering by path; unknown paths get a 404 like the API. */
export function routeFetch(routes: Record<string, (url: URL, init?: RequestInit) => { status?: number; body: unknown }>) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const handler = Object.entries(routes).find(([path]) => url.pathname === path)?.[1];
    const answer = handler ? handler(url, init) : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
}
