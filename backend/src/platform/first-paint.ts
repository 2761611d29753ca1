import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { utcDay } from './time.js';

/** Where the frontend build puts its first-paint renderer (frontend/vite.config.ts, `vite build --ssr`). */
export const FIRST_PAINT_RENDERER = '.ssr/entry-server.js';
/** The root element of index.html that the first paint fills. */
const EMPTY_ROOT = '<div id="root"></div>';
/** The element the client seeds its query cache from (frontend/src/app/initial-data.ts). */
export const INITIAL_DATA_ID = 'initial-data';
/** On #root when the page was drawn for a visitor without a session cookie (read by frontend/src/main.tsx). */
export const SIGNED_OUT_ATTRIBUTE = 'data-signed-out';
/** Distinct URLs kept rendered (query strings make the set open-ended; the oldest go first). */
const CACHE_SIZE = 500;
/** How long a page whose data changes during the day (today's challenges and their public stats) is kept. */
export const DAILY_DATA_TTL_MS = 60_000;
/** How long a page of live data (the leaderboards, which move with every point) is kept; the page reads it afresh once up. */
export const LIVE_DATA_TTL_MS = 5_000;
/** How long a page is kept when some of its data could not be fetched (it is rendered with skeletons there). */
export const PARTIAL_DATA_TTL_MS = 10_000;
/** A query whose answer takes longer than this is left out of the first paint (its part stays a skeleton). */
export const FIRST_PAINT_FETCH_TIMEOUT_MS = 300;

/** A page's first paint: the markup for #root, the tab title and the query cache it was drawn with (TanStack `dehydrate`). */
export interface FirstPaint {
  html: string;
  title: string;
  data?: unknown;
}

/**
 * What a page's first render reads from the API (frontend/src/entry-server.tsx `firstPaintData`): each query's
 * key in the client's cache and the public API path answering it, and what the answers depend on —
 * `catalog`: the catalog snapshot (entities, connections); `day`: today's data (the daily challenges and their public stats,
 * the week's trending films); `live`: data that moves all the time (the leaderboards).
 */
export interface FirstPaintQueries {
  dependsOn: 'catalog' | 'day' | 'live';
  queries: { queryKey: readonly unknown[]; path: string; infinite?: boolean; select?: (answer: unknown) => unknown }[];
}

/** A fetched query, as the renderer puts it into its QueryClient. */
export interface FirstPaintQueryData {
  queryKey: readonly unknown[];
  data: unknown;
}

/** Who the page is drawn for: a request without a session cookie is surely signed out; any other may not be. */
export interface FirstPaintVisitor {
  signedOut: boolean;
}

interface Renderer {
  render(url: string, data?: FirstPaintQueryData[], visitor?: FirstPaintVisitor): Promise<FirstPaint | null>;
  firstPaintData?(url: string, visitor?: FirstPaintVisitor): FirstPaintQueries | null;
}

/** GETs a public API path without any session; resolves to its JSON, or undefined when it failed or was too slow. */
export type PublicApiFetch = (path: string) => Promise<unknown>;

export interface FirstPaintOptions {
  /** The catalog version the API answers from now (replicas switch versions at run time). */
  catalogVersion?: () => string | null | undefined;
  now?: () => number;
}

interface Entry {
  paint: Promise<FirstPaint | null>;
  /** Epoch ms after which the entry is rendered again; Infinity for pages without data. */
  expires: number;
}

/**
 * The first paint of a client URL (frontend/src/entry-server.tsx): the real layout and page as a signed-out
 * visit sees them. Pages that read public data on their first render (an entity, a connection result, the
 * challenges) are drawn with it: the renderer names the queries, `fetchPublic` answers them (cookie-less,
 * through the app's own API; a failed or slow one is left out and stays a skeleton), and the cache they were
 * drawn with rides along for the client to seed its own. Nothing personal is ever fetched, so the same
 * HTML serves everyone and is kept — per URL, and for as long as its data holds: per catalog version for
 * catalog data, per UTC day and at most DAILY_DATA_TTL_MS for the day's data, LIVE_DATA_TTL_MS for live data, PARTIAL_DATA_TTL_MS when a query was
 * left out, for ever without data. Null when the build has no renderer or the page cannot be rendered (the
 * app then draws it as before, from script).
 */
export function firstPaintRenderer(
  staticDir: string,
  onError: (url: string, error: unknown) => void,
  options: FirstPaintOptions = {},
): (url: string, fetchPublic?: PublicApiFetch, visitor?: FirstPaintVisitor) => Promise<FirstPaint | null> {
  const file = path.join(staticDir, FIRST_PAINT_RENDERER);
  if (!existsSync(file)) return () => Promise.resolve(null);
  const now = options.now ?? Date.now;
  let renderer: Promise<Renderer> | undefined;
  const cache = new Map<string, Entry>();

  return async (url, fetchPublic, visitor = { signedOut: false }) => {
    renderer ??= import(pathToFileURL(file).href) as Promise<Renderer>;
    let module: Renderer;
    try {
      module = await renderer;
    } catch (error) {
      onError(url, error);
      return null;
    }
    let wanted: FirstPaintQueries | null = null;
    try {
      wanted = fetchPublic ? (module.firstPaintData?.(url, visitor) ?? null) : null;
    } catch (error) {
      onError(url, error);
    }
    const time = now();
    const key = `${visitor.signedOut ? 'signed-out ' : ''}${cacheKey(url, wanted, time, options.catalogVersion)}`;
    const cached = cache.get(key);
    if (cached && cached.expires > time) {
      // Most recently used last: the oldest entries go first.
      cache.delete(key);
      cache.set(key, cached);
      return cached.paint;
    }
    const entry: Entry = { paint: Promise.resolve(null), expires: time + keptFor(wanted) };
    entry.paint = (async () => {
      const data = wanted && fetchPublic ? await fetchAll(wanted, fetchPublic) : [];
      if (wanted && data.length < wanted.queries.length) entry.expires = Math.min(entry.expires, now() + PARTIAL_DATA_TTL_MS);
      return module.render(url, data, visitor);
    })().catch((error: unknown) => {
      onError(url, error);
      return null;
    });
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return entry.paint;
  };
}

/** How long a page is kept: for ever without data or with the catalog's (its key names the version), less for the day's or live data. */
function keptFor(wanted: FirstPaintQueries | null): number {
  if (wanted?.dependsOn === 'day') return DAILY_DATA_TTL_MS;
  if (wanted?.dependsOn === 'live') return LIVE_DATA_TTL_MS;
  return Infinity;
}

/** The cache key of a URL: with the catalog version or the UTC day its data depends on. */
function cacheKey(url: string, wanted: FirstPaintQueries | null, time: number, catalogVersion: FirstPaintOptions['catalogVersion']): string {
  if (wanted === null) return url;
  if (wanted.dependsOn === 'day') return `day:${utcDay(time)} ${url}`;
  if (wanted.dependsOn === 'live') return `live ${url}`;
  return `catalog:${catalogVersion?.() ?? 'unknown'} ${url}`;
}

/** Every query's answer that came in, in the renderer's order (`select`ed where the cache keeps a part of it); an infinite query as its first page. */
async function fetchAll(wanted: FirstPaintQueries, fetchPublic: PublicApiFetch): Promise<FirstPaintQueryData[]> {
  const answers = await Promise.all(wanted.queries.map((query) => fetchPublic(query.path).catch(() => undefined)));
  return wanted.queries.flatMap((query, i) => {
    const answer = answers[i];
    if (answer === undefined) return [];
    const data = query.select ? query.select(answer) : answer;
    return [{ queryKey: query.queryKey, data: query.infinite ? { pages: [data], pageParams: [1] } : data }];
  });
}

/**
 * A cookie-less GET of the app's own API over the loopback (the address and port the request came in on), so the
 * answer is exactly what a signed-out visitor's browser gets. Undefined on any failure, a non-2xx answer or after
 * `timeoutMs`.
 */
export function loopbackApiFetch(localAddress: string | undefined, localPort: number | undefined, timeoutMs = FIRST_PAINT_FETCH_TIMEOUT_MS): PublicApiFetch {
  const host = !localAddress || localAddress === '::' || localAddress === '0.0.0.0' ? '127.0.0.1' : localAddress.replace(/^::ffff:/, '');
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${localPort ?? 80}`;
  return async (apiPath) => {
    try {
      const response = await fetch(origin + apiPath, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return undefined;
      return (await response.json()) as unknown;
    } catch {
      return undefined;
    }
  };
}

/** The query cache as JSON for a `<script type="application/json">`: no `<`, so nothing in it can close the script. */
export function initialDataJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * index.html with the first paint in #root and the route's tab title (the page as built when there is none). #root is inert until
 * the app has hydrated it (frontend/src/main.tsx): what is on screen before then is a picture of the
 * page whose buttons do nothing yet, so it takes no focus, clicks or screen-reader attention. The data it was
 * drawn with follows it, for the client's query cache.
 */
export function withFirstPaint(indexHtml: string, firstPaint: FirstPaint | null, visitor: FirstPaintVisitor = { signedOut: false }): string {
  if (firstPaint === null) return indexHtml;
  // The app's first render must draw what the server drew: it starts signed out too (src/main.tsx).
  const root = visitor.signedOut ? `<div id="root" inert ${SIGNED_OUT_ATTRIBUTE}>` : '<div id="root" inert>';
  const data = firstPaint.data === undefined ? '' : `<script type="application/json" id="${INITIAL_DATA_ID}">${initialDataJson(firstPaint.data)}</script>`;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(firstPaint.title)}</title>`)
    .replace(EMPTY_ROOT, () => `${root}${firstPaint.html}</div>${data}`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
