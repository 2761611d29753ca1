import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_EVENTS, CSRF_HEADER, entityKey, type ClientEvent, type ClientToServerEvents, type EntityType, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { registeredRoutes, type RegisteredRoute } from '../platform/auth/route-registry.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { createLogger } from '../platform/logging.js';
import { copyStarterData } from './starter-data-setup.js';
import { createTestDatabase, uniqueSuffix, type TestDatabase } from './targets.js';

/**
 * Hostile input on every declared API route and every socket command, as an anonymous visitor
 * (holding a CSRF token) and as a signed-in user (with the session's token, so writes reach their
 * handlers): no answer may be a 5xx, every 4xx is `{ code, message, details }`, and every socket
 * command is acknowledged with `{ ok, ... }`. Seeded, so a failure replays exactly.
 *
 * The sweep is split by theme (ROUTE_THEMES) over several files (platform/hostile-input-*.int.test.ts),
 * each with its own server, so the integration tier's two workers share it; the last theme takes every
 * route no other theme claims, so a new route is always swept.
 */

const MEGABYTE = 'x'.repeat(1 << 20);
/** Strings that databases, parsers and renderers have tripped on. */
const HOSTILE_STRINGS: Record<string, string> = {
  nul: '\u0000',
  'nul inside': 'tom\u0000hanks',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udc00',
  'surrogates swapped': 'a\udc00\ud800b',
  'rtl override': '\u202Egnp.exe',
  'zero-width joiners': 'a\u200D\u200Db\u200B',
  'combining marks': 'e' + '\u0301'.repeat(200),
  emoji: '👨‍👩‍👧‍👦🎬',
  'percent nul': '%00',
  'dot dot slash': '../../../etc/passwd',
  'long unicode': '𝔘'.repeat(20_000),
  '1 MB': MEGABYTE,
  empty: '',
  spaces: '   ',
  'sql-ish': "' OR 1=1 --",
  'html-ish': '<script>alert(1)</script>',
  'type:id with nul': 'person:\u0000',
};
/** Non-strings where strings are expected. */
const HOSTILE_VALUES: Record<string, unknown> = {
  number: 12345,
  'negative number': -1,
  'huge number': 1e308,
  boolean: true,
  null: null,
  array: ['a', '\u0000'],
  'empty object': {},
  object: JSON.parse('{"a":"b","__proto__":{"polluted":true}}'),
  'deep object': JSON.parse('['.repeat(200) + ']'.repeat(200)),
};
const HOSTILE: Array<[string, unknown]> = [...Object.entries(HOSTILE_STRINGS), ...Object.entries(HOSTILE_VALUES)];

/** Valid-looking examples, so each hostile value is tried in a field the handler really reads. */
const bacon = { id: 'kevin-bacon', type: 'person' };
const hanks = { id: 'tom-hanks', type: 'person' };
const EXAMPLE_PARAMS: Record<string, string> = {
  type: 'person',
  id: 'tom-hanks',
  keyId: '1',
  code: 'FUZZ01',
  reviewId: '1',
  movieId: 'mad-max-fury-road-2015',
  entryId: '1',
  importId: '00000000-0000-4000-8000-000000000000',
  username: 'fuzz_user',
  userId: '1',
};
const EXAMPLE_QUERIES: Record<string, Record<string, string>> = {
  'GET /api/search': { q: 'tom', type: 'person', limit: '5' },
  'GET /api/search/faceted': { query: 'the', entityTypes: 'movie', genres: 'Drama', countries: 'USA', yearFrom: '1990', sortBy: 'title', limit: '3' },
  'GET /api/share/preview.png': { from: 'person:kevin-bacon', to: 'person:tom-hanks' },
  'GET /connection': { from: 'person:kevin-bacon', to: 'person:tom-hanks' },
  'GET /api/login': { returnTo: '/profile' },
  'GET /api/auth/google': { returnTo: '/profile' },
  'GET /api/auth/google/callback': { error: 'access_denied', state: 'abc', code: 'xyz' },
  'GET /api/leaderboards/global': { period: 'monthly', metric: 'efficiency', limit: '10' },
  'GET /api/users/search': { q: 'fuzz' },
  'GET /api/activity/feed': { limit: '5', cursor: 'MjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBafDE' },
  'GET /api/users/:id/activity': { limit: '5', cursor: 'MjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBafDE' },
  'GET /api/diary': { year: '2025' },
  'POST /api/diary/import': { name: 'diary.csv' },
  'GET /api/users/:id/year-stats': { year: '2025' },
  'GET /api/users/compare': { a: '1', b: '2' },
  'GET /api/movies/trending': { limit: '5', timeWindow: 'day' },
  'GET /api/people/popular': { limit: '6' },
  'GET /api/movies/top-rated': { limit: '12' },
  'GET /api/movies/recent': { limit: '12' },
  'GET /api/movies/upcoming': { limit: '12' },
  'GET /api/movies/award-winners': { limit: '12' },
  'GET /api/movies/mood-selector': { limit: '3' },
  'GET /api/movies/popular-social': { limit: '12' },
};
const GENERIC_QUERY = { q: 'tom', id: '1', limit: '2' };
const pathStep = (id: string, name: string, type: EntityType, relationship: unknown) => ({
  entity: { id, key: entityKey(type, id), name, type, subtype: null, popularity: 1, profile_path: null, poster_path: null, logo_path: null, release_date: null, year: null, country: null, overview: null },
  relationship,
});
const EXAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/find-connection': { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 3, avoid: ['person:tom-cruise'], allowedTypes: ['person', 'movie'] } },
  'POST /api/connections/find': { fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks', maxDegrees: 3 },
  'POST /api/connections/alternatives': { fromEntity: bacon, toEntity: hanks, limit: 2 },
  'POST /api/contact': { name: 'Ada', email: 'ada@example.com', subject: 'Hello', category: 'bug', message: 'A message.' },
  'POST /api/auth/register': { username: 'fuzz_user', email: 'fuzz@example.com', password: 'correct-horse-battery' },
  'POST /api/auth/login': { username: 'fuzz_user', password: 'correct-horse-battery' },
  'POST /api/users/me/api-keys': { name: 'cli' },
  'POST /api/connections/save': {
    fromEntityId: 'kevin-bacon',
    fromEntityName: 'Kevin Bacon',
    fromEntityType: 'person',
    toEntityId: 'tom-hanks',
    toEntityName: 'Tom Hanks',
    toEntityType: 'person',
    path: [
      pathStep('kevin-bacon', 'Kevin Bacon', 'person', { type: 'acted_in', direction: 'forward', character: 'Jack', job: null, label: 'Jack' }),
      pathStep('apollo-13-1995', 'Apollo 13', 'movie', { type: 'acted_in', direction: 'backward', character: 'Jim', job: null, label: 'Jim' }),
      pathStep('tom-hanks', 'Tom Hanks', 'person', null),
    ],
    degrees: 2,
  },
  'POST /api/reviews': { entityId: 'mad-max-fury-road-2015', entityType: 'movie', rating: 4, title: 'Fuzzed', content: 'A review.' },
  'PATCH /api/reviews/:reviewId': { rating: 3, title: 'Fuzzed again', content: 'Another review.' },
  'POST /api/watchlist': { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', posterPath: '/poster.jpg' },
  'POST /api/users/follow': { userId: 1 },
  'POST /api/watched': { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', posterPath: '/poster.jpg', rating: 4 },
  'POST /api/diary': { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', posterPath: null, watchedDate: '2025-05-15', rating: 4.5, notes: 'Fuzzed.', location: 'Home', rewatch: false, isPrivate: false },
  'PATCH /api/diary/:entryId': { watchedDate: '2025-05-16', rating: 3, notes: 'Fuzzed again.', isPrivate: true },
  'POST /api/diary/import/:importId/commit': { choices: { 'don|': 'don-2006', 'heat|1995': null } },
  'PATCH /api/users/me/profile': { displayName: 'Fuzzed', bio: 'A bio.' },
};
const GENERIC_BODY = { name: 'x', id: 'x', value: 'x' };
const EXAMPLE_SOCKET_PAYLOADS: Record<ClientEvent, unknown> = {
  'room:join': { code: 'fuzz-room', displayName: 'Ana' },
  'room:leave': { code: 'fuzz-room' },
  'search:start': { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 2 } },
  'search:cancel': { requestId: 'not-running' },
  'leaderboard:watch': { board: 'global:all-time:points' },
  'leaderboard:unwatch': { board: 'weekly' },
  'race:join': { code: 'FUZZ01', as: 'spectator' },
  'race:leave': { code: 'FUZZ01' },
  'race:ready': { code: 'FUZZ01', ready: true },
  'race:start': { code: 'FUZZ01' },
  'race:move': { code: 'FUZZ01', entity: 'person:tom-hanks' },
  'race:undo': { code: 'FUZZ01' },
  'race:give-up': { code: 'FUZZ01' },
  'race:rematch': { code: 'FUZZ01' },
  'race:resync': { code: 'FUZZ01' },
  'race:clock': {},
  'admin:watch': {},
  'admin:unwatch': {},
};
/** Socket.IO closes a connection whose message exceeds maxHttpBufferSize (64 kB): socket strings stay below it (UTF-16 units, up to 3 bytes each). */
const SOCKET_STRING_LIMIT = 8 * 1024;

/** mulberry32: small, seeded, good enough to pick samples. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function sample<T>(items: T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (pool.length > 0 && picked.length < count) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return picked;
}

type Leaf = Array<string | number>;
/** Paths to every leaf (and every non-empty container) of a JSON value. */
function leaves(value: unknown, prefix: Leaf = []): Leaf[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return [...(prefix.length > 0 ? [prefix] : []), ...entries.flatMap(([key, item]) => leaves(item, [...prefix, key]))];
}
function replaceAt(value: unknown, at: Leaf, replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = replacement;
  return copy;
}

/** Percent-encodes any string, lone surrogates included (as the bytes a careless client would send). */
function encodeAny(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(char);
  }
  return out;
}
/** A query value in the forms a client may send: text, repeated keys (arrays), bracketed keys (objects). */
function queryPart(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => `${encodeAny(key)}=${encodeAny(String(item))}`).join('&') || `${encodeAny(key)}[]=`;
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${encodeAny(key)}[${encodeAny(k)}]=${encodeAny(String(v))}`).join('&') || `${encodeAny(key)}[]=`;
  return `${encodeAny(key)}=${encodeAny(String(value))}`;
}
const queryString = (query: Record<string, unknown>) => Object.entries(query).map(([key, value]) => queryPart(key, value)).join('&');

interface Caller {
  name: 'anonymous' | 'signed in';
  cookie?: string;
  csrfToken?: string;
}
interface Attempt {
  method: string;
  url: string;
  body?: unknown;
  what: string;
}
interface Outcome {
  status: number;
  text: string;
  contentType: string;
}

async function send(baseUrl: string, caller: Caller, attempt: Attempt): Promise<Outcome> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (caller.cookie) headers.cookie = caller.cookie;
  if (caller.csrfToken) headers[CSRF_HEADER] = caller.csrfToken;
  if (attempt.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${attempt.url}`, {
    method: attempt.method,
    headers,
    body: attempt.body === undefined ? undefined : JSON.stringify(attempt.body),
    redirect: 'manual',
  });
  // A caller follows its own session: sign-in rotates the cookie, and the token comes with it.
  const cookie = res.headers.getSetCookie().find((value) => value.startsWith('cdna.sid='));
  if (cookie) caller.cookie = cookie.split(';')[0];
  const token = res.headers.get(CSRF_HEADER);
  if (token) caller.csrfToken = token;
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
}

/** What is wrong with an answer, or null when it is acceptable. */
function problemWith(outcome: Outcome): string | null {
  if (outcome.status >= 500) return `status ${outcome.status}`;
  if (outcome.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return `4xx without a JSON body (${outcome.contentType})`;
  }
  const error = body as { code?: unknown; message?: unknown };
  if (typeof error?.code !== 'string' || typeof error.message !== 'string' || !('details' in (body as object))) return 'error body is not { code, message, details }';
  return null;
}

/**
 * Which hostile values one target tries on one route. With two databases each takes every other value
 * (offset by the route), so every value reaches every route on one real database engine and the sweep's
 * cost does not double; with one database it takes them all.
 */
interface Share {
  index: number;
  of: number;
  route: number;
}
const takes = (share: Share, valueIndex: number) => (valueIndex + share.route) % share.of === share.index;

/**
 * Every way to send hostile values to one route: in each path parameter, each query field, each body field.
 * A caller the route's access guard turns away (anonymous on a signed-in route, a plain user on a staff route) never reaches the route's
 * parsing: what it can still reach is routing, the JSON body parser, the query parser and the CSRF check,
 * so it tries each value in the path, one query field, one body field and as the whole body.
 */
function attemptsFor(route: RegisteredRoute, random: () => number, share: Share, turnedAway: boolean): Attempt[] {
  const method = route.method.toUpperCase();
  const key = `${method} ${route.path}`;
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const pathWith = (values: Record<string, string>) => route.path.replace(/:(\w+)/g, (_all, name: string) => values[name] ?? encodeAny(EXAMPLE_PARAMS[name] ?? 'x'));
  const query = EXAMPLE_QUERIES[key] ?? GENERIC_QUERY;
  const writes = method !== 'GET';
  const body = writes ? (EXAMPLE_BODIES[key] ?? GENERIC_BODY) : undefined;
  const url = (values: Record<string, string> = {}, q: Record<string, unknown> = query) => `${pathWith(values)}?${queryString(q)}`;
  const attempts: Attempt[] = [{ method, url: url(), body, what: 'the example' }];

  for (const [valueIndex, [name, value]] of HOSTILE.entries()) {
    if (!takes(share, valueIndex)) continue;
    // Path parameters and URLs: a 1 MB URL is refused by the HTTP parser itself; tried once below.
    const inUrl = name === '1 MB' ? 'x'.repeat(4096) : value;
    for (const param of params) attempts.push({ method, url: url({ [param]: encodeAny(String(inUrl)) }), body, what: `${name} in :${param}` });
    for (const field of sample(Object.keys(query), turnedAway ? 1 : 4, random)) attempts.push({ method, url: url({}, { ...query, [field]: inUrl }), body, what: `${name} in ?${field}` });
    if (writes) {
      for (const at of sample(leaves(body), turnedAway ? 1 : 6, random)) attempts.push({ method, url: url(), body: replaceAt(body, at, value), what: `${name} at body.${at.join('.')}` });
      if (turnedAway || random() < 0.3) attempts.push({ method, url: url(), body: value, what: `${name} as the whole body` });
    }
  }
  attempts.push({ method, url: `${pathWith({})}?q=${'y'.repeat(1 << 20)}`, body, what: '1 MB query string' });
  attempts.push({ method, url: url({}, {}), what: 'nothing at all' });
  return attempts;
}

/** Runs `work` over `items` with a few in flight at once. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}


/**
 * The route sweep's themes, one file each: a route belongs to the first theme whose pattern its path
 * matches; 'everything else' takes the rest (a new route is swept even before anyone files it).
 */
export const ROUTE_THEMES = {
  entities: /^\/api\/(entity|entities|things)\b/,
  'catalog and search': /^\/(connection$|api\/(search|movies|people|persons|share|connections|find-connection|graph|catalog|discover|recommendations|trending|genres|countries))/,
  'sign-in and sessions': /^\/api\/(auth|login|logout|register)\b/,
  'own account': /^\/api\/users\/me\b/,
  people: /^\/api\/(users|profiles?|follows?|api-keys)\b/,
  'diaries, lists and reviews': /^\/api\/(diary|watchlist|watched|reviews?|activity|saved|imports?)\b/,
  admin: /^\/api\/(admin|moderation)\b/,
  games: /^\/api\/(challenges|races|leaderboards|points|badges|rooms|stats)\b/,
  'everything else': null,
} as const;
export type RouteTheme = keyof typeof ROUTE_THEMES;

export function themeOf(path: string): RouteTheme {
  for (const [theme, pattern] of Object.entries(ROUTE_THEMES) as Array<[RouteTheme, RegExp | null]>) if (pattern?.test(path)) return theme;
  return 'everything else';
}

/** A running server (the real one, as `npm start` runs it) on fresh storage, for one hostile-input file. */
export function hostileServer(): { server: () => RunningServer; newCaller(name: Caller['name']): Promise<Caller>; sockets: Socket[] } {
  let server: RunningServer;
  let storage: TestDatabase;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'cdna-fuzz-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Cinema DNA</title></head><body></body></html>');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-fuzz-'));
    storage = await createTestDatabase();
    // The run's starter catalog, copied (as the app's first start would import it), when the global setup built it.
    const database = await openDatabase({ url: storage.url, schemaName: storage.schemaName });
    try {
      await copyStarterData(dataDir, database.db);
    } finally {
      await database.close();
    }
    const env: Record<string, string> = { DATABASE_URL: storage.url, DATABASE_SCHEMA: storage.schemaName };
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      FIND_CONNECTION_RATE_LIMIT: '0',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '0',
      // Google sign-in on, so its routes run for real (its server is never reached: no state ever matches).
      GOOGLE_CLIENT_ID: 'fuzz',
      GOOGLE_CLIENT_SECRET: 'fuzz',
      GOOGLE_AUTH_URL: 'http://127.0.0.1:9/authorize',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      ...env,
    });
    server = await startServer(config, { logger: createLogger('silent'), redisKeyPrefix: `test:${uniqueSuffix()}:`, searchWorkers: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
    await storage?.drop();
  });

  /** A caller with a CSRF token; signed in through registration when asked. */
  async function newCaller(name: Caller['name']): Promise<Caller> {
    const caller: Caller = { name };
    caller.csrfToken = JSON.parse((await send(server.url, caller, { method: 'GET', url: '/api/auth/csrf', what: 'token' })).text).csrfToken;
    if (name === 'signed in') {
      const username = `fuzz_${uniqueSuffix()}`;
      const registered = await send(server.url, caller, { method: 'POST', url: '/api/auth/register', body: { username, email: `${username}@example.com`, password: 'correct-horse-battery' }, what: 'register' });
      expect(registered.status).toBe(201);
    }
    return caller;
  }
  return { server: () => server, newCaller, sockets };
}

const storageName = () => (process.env.REDIS_URL ? 'postgres + redis' : 'postgres');

/** The route sweep over one theme's routes, as an anonymous visitor and as a signed-in user. */
export function describeHostileRoutes(theme: RouteTheme): void {
  describe(`hostile input on the ${theme} routes on ${storageName()}`, () => {
    const { server, newCaller } = hostileServer();

    it('answers every route without a 5xx, and every 4xx as { code, message, details }', { timeout: 600_000 }, async () => {
      const random = prng(0xc1de);
      const all = [...registeredRoutes(server().app), { method: 'get', path: '/connection', access: 'public' } as RegisteredRoute];
      expect(all.length).toBeGreaterThan(20);
      const routes = all.filter((route) => themeOf(route.path) === theme);
      expect(routes.length).toBeGreaterThan(0);
      const problems: string[] = [];
      let requests = 0;
      for (const callerName of ['anonymous', 'signed in'] as const) {
        for (const [routeIndex, route] of routes.entries()) {
          // A fresh caller per route: sign-out or sign-in on one route must not change the next one's caller.
          const caller = await newCaller(callerName);
          const share = { index: 0, of: 1, route: routeIndex };
          // The fuzz account is a plain user: staff routes turn it away too.
          const turnedAway = callerName === 'anonymous' ? route.access !== 'public' : route.access === 'admin' || route.access === 'moderator';
          await pool(attemptsFor(route, random, share, turnedAway), 6, async (attempt) => {
            const outcome = await send(server().url, caller, attempt);
            requests += 1;
            const problem = problemWith(outcome);
            if (problem) problems.push(`${caller.name} ${attempt.method} ${route.path} [${attempt.what}] → ${problem}: ${outcome.text.slice(0, 160)}`);
          });
        }
      }
      const fiveHundreds = problems.filter((problem) => / → status 5\d\d/.test(problem)).length;
      console.info(`hostile input on the ${theme} routes (${routes.length}) on ${storageName()}: ${requests} requests, ${fiveHundreds} answered 5xx, ${problems.length} problems`);
      expect(problems).toEqual([]);
      expect((await fetch(`${server().url}/api/health`)).status).toBe(200);
    });
  });
}

/** The socket sweep: every command, every hostile payload, anonymous and signed in. */
export function describeHostileSockets(): void {
  describe(`hostile input on every socket command on ${storageName()}`, () => {
    const { server, newCaller, sockets } = hostileServer();

    it('acknowledges every socket command with { ok, ... }, whatever the payload', { timeout: 120_000 }, async () => {
      const random = prng(0x50c4e7);
      const signedIn = await newCaller('signed in');
      const open = async (cookie?: string) => {
        const socket = connect(server().url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : undefined });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        return socket as Socket<ServerToClientEvents, ClientToServerEvents>;
      };
      const problems: string[] = [];
      expect(Object.keys(EXAMPLE_SOCKET_PAYLOADS).sort()).toEqual([...CLIENT_EVENTS].sort());
      for (const [who, cookie] of [['anonymous', undefined], ['signed in', signedIn.cookie]] as const) {
        const socket = await open(cookie);
        const emit = async (event: ClientEvent, what: string, ...payload: unknown[]) => {
          try {
            const ack = (await (socket.timeout(5_000) as unknown as { emitWithAck(e: string, ...a: unknown[]): Promise<unknown> }).emitWithAck(event, ...payload)) as { ok?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } };
            const shaped = ack?.ok === true ? 'data' in ack : ack?.ok === false && typeof ack.error?.code === 'string' && typeof ack.error.message === 'string' && 'details' in ack.error;
            if (!shaped) problems.push(`${who} ${event} [${what}] → ack ${JSON.stringify(ack).slice(0, 160)}`);
          } catch (error) {
            problems.push(`${who} ${event} [${what}] → no ack (${(error as Error).message})`);
          }
        };
        for (const event of CLIENT_EVENTS) {
          const example = EXAMPLE_SOCKET_PAYLOADS[event];
          await emit(event, 'no payload');
          await emit(event, 'the example', example);
          for (const [name, raw] of HOSTILE) {
            const value = typeof raw === 'string' ? raw.slice(0, SOCKET_STRING_LIMIT) : raw;
            await emit(event, `${name} as the payload`, value);
            for (const at of sample(leaves(example), 4, random)) await emit(event, `${name} at ${at.join('.')}`, replaceAt(example, at, value));
          }
        }
        socket.disconnect();
      }
      expect(problems).toEqual([]);
      // A message over the socket's size limit closes that socket; the server goes on.
      const big = await open();
      const closed = new Promise((resolve) => big.once('disconnect', resolve));
      big.emit('room:join', { code: 'big', displayName: MEGABYTE } as never, () => {});
      await closed;
      expect((await fetch(`${server().url}/api/health`)).status).toBe(200);
    });
  });
}
