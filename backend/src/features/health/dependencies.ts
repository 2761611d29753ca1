import type { DependencyHealth, HealthRow, SystemHealth } from '@cinema-dna/shared-types';
import type { Database } from '../../platform/db/database.js';
import { machineLoad } from '../../platform/metrics/machine.js';
import { withTimeout } from '../../platform/timeout.js';

export { machineLoad };

/**
 * Real probes of what the app depends on beyond its own process: the database, the movie API (TMDB)
 * and the knowledge-base API (Wikidata SPARQL). Each is one real round trip, timed, bounded by a
 * timeout. A dependency that is not configured (no key, no URL) is `not_configured`: a state, not an error.
 *
 * Thresholds: an answer slower than SLOW_MS[name] is `warning` (it works, slowly); a failure, a
 * timeout or a refused key is `error`; TMDB's 429 (rate limited) is `warning`.
 */
export const PROBE_TIMEOUT_MS = 5_000;
export const SLOW_MS = { database: 500, tmdb: 2_000, wikidata: 3_000 } as const;

/** A tiny ASK query (is Inception a film?): answers in milliseconds and proves the endpoint evaluates SPARQL. */
export const WIKIDATA_ASK = 'ASK { wd:Q25188 wdt:P31 wd:Q11424 }';

/** TMDB's public API, when TMDB_API_URL names no other. */
export const TMDB_PUBLIC_API_URL = 'https://api.themoviedb.org/3';

export interface DependencySettings {
  /** TMDB_API_KEY; unset: the movie API is not configured. */
  tmdbApiKey?: string;
  /** TMDB_API_URL (tests point it at a local server replaying a recorded body); default TMDB's public API. */
  tmdbApiUrl?: string;
  /** WIKIDATA_SPARQL_URL; unset: the knowledge-base API is not configured. */
  wikidataSparqlUrl?: string;
  timeoutMs?: number;
}

export interface ProbeResult {
  status: DependencyHealth;
  latencyMs: number | null;
  detail: string;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const message = (error: unknown) => (error instanceof Error ? (error.name === 'TimeoutError' ? 'no answer in time' : error.message) : String(error));

const databaseName = (database: Database) => (database.driver === 'postgres' ? 'PostgreSQL' : 'PostgreSQL (embedded)');

/** The database's `select 1`, timed. */
export async function probeDatabase(database: Database, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  try {
    const latencyMs = round(await withTimeout(database.ping(), timeoutMs));
    const slow = latencyMs > SLOW_MS.database;
    return { status: slow ? 'warning' : 'healthy', latencyMs, detail: `${databaseName(database)}${slow ? `, slow (over ${SLOW_MS.database} ms)` : ''}` };
  } catch (error) {
    return { status: 'error', latencyMs: null, detail: `${databaseName(database)} unreachable: ${message(error)}` };
  }
}

/** TMDB's GET /configuration with the configured key (v3 key as `api_key`, v4 token as Bearer). */
export async function probeTmdb(settings: DependencySettings): Promise<ProbeResult> {
  if (!settings.tmdbApiKey) return { status: 'not_configured', latencyMs: null, detail: 'No TMDB_API_KEY: posters and biographies come from the catalog only' };
  const url = new URL(`${(settings.tmdbApiUrl ?? TMDB_PUBLIC_API_URL).replace(/\/+$/, '')}/configuration`);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(settings.tmdbApiKey)) headers.Authorization = `Bearer ${settings.tmdbApiKey}`;
  else url.searchParams.set('api_key', settings.tmdbApiKey);
  return timedFetch(url, headers, settings.timeoutMs, SLOW_MS.tmdb, async (res) => {
    if (res.status === 401) return { status: 'error', detail: 'TMDB refused the API key (401)' };
    if (res.status === 429) return { status: 'warning', detail: 'TMDB is rate limiting this server (429)' };
    if (!res.ok) return { status: 'error', detail: `TMDB answered ${res.status}` };
    const body = (await res.json().catch(() => null)) as { images?: unknown } | null;
    return body && typeof body === 'object' && 'images' in body ? { status: 'healthy', detail: 'TMDB API v3' } : { status: 'error', detail: 'TMDB answered an unexpected body' };
  });
}

/** A tiny ASK query against the configured SPARQL endpoint. */
export async function probeWikidata(settings: DependencySettings): Promise<ProbeResult> {
  if (!settings.wikidataSparqlUrl) return { status: 'not_configured', latencyMs: null, detail: 'No WIKIDATA_SPARQL_URL: award data comes from the imported catalog' };
  const url = new URL(settings.wikidataSparqlUrl);
  url.searchParams.set('query', WIKIDATA_ASK);
  url.searchParams.set('format', 'json');
  return timedFetch(url, { Accept: 'application/sparql-results+json' }, settings.timeoutMs, SLOW_MS.wikidata, async (res) => {
    if (res.status === 429) return { status: 'warning', detail: 'The SPARQL endpoint is rate limiting this server (429)' };
    if (!res.ok) return { status: 'error', detail: `The SPARQL endpoint answered ${res.status}` };
    const body = (await res.json().catch(() => null)) as { boolean?: unknown; head?: unknown } | null;
    return body && typeof body === 'object' && ('boolean' in body || 'head' in body)
      ? { status: 'healthy', detail: 'Wikidata Query Service (SPARQL)' }
      : { status: 'error', detail: 'The SPARQL endpoint answered no SPARQL results' };
  });
}

async function timedFetch(
  url: URL,
  headers: Record<string, string>,
  timeoutMs = PROBE_TIMEOUT_MS,
  slowMs: number,
  judge: (res: Response) => Promise<{ status: DependencyHealth; detail: string }>,
): Promise<ProbeResult> {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    const judged = await judge(res);
    const latencyMs = round(performance.now() - started);
    if (judged.status === 'healthy' && latencyMs > slowMs) return { status: 'warning', latencyMs, detail: `${judged.detail}, slow (over ${slowMs} ms)` };
    return { ...judged, latencyMs };
  } catch (error) {
    return { status: 'error', latencyMs: null, detail: `Unreachable: ${message(error)}` };
  }
}

export interface SystemHealthService {
  /** The admin stats card (§3 systemHealth): the same probes as the System tab's rows. */
  systemHealth(): Promise<SystemHealth>;
  /** The System tab's rows: database, movie API, knowledge-base API, each with its measured latency. */
  healthRows(): Promise<HealthRow[]>;
  /** The knowledge-base API alone, probed afresh (the status checker's port): configured when WIKIDATA_SPARQL_URL is set. */
  wikidata: { configured: boolean; probe(): Promise<ProbeResult> };
}

/** The probes, run in parallel; concurrent callers share one run. */
export function createSystemHealth(deps: { database: Database; settings: DependencySettings }): SystemHealthService {
  let running: Promise<{ database: ProbeResult; tmdb: ProbeResult; wikidata: ProbeResult }> | null = null;
  const probeAll = () =>
    (running ??= Promise.all([probeDatabase(deps.database, deps.settings.timeoutMs), probeTmdb(deps.settings), probeWikidata(deps.settings)])
      .then(([database, tmdb, wikidata]) => ({ database, tmdb, wikidata }))
      .finally(() => {
        running = null;
      }));
  return {
    wikidata: { configured: Boolean(deps.settings.wikidataSparqlUrl), probe: () => probeWikidata(deps.settings) },
    async systemHealth() {
      const { database, tmdb, wikidata } = await probeAll();
      return { database: database.status, tmdbApi: tmdb.status, wikidataApi: wikidata.status, ...machineLoad() };
    },
    async healthRows() {
      const { database, tmdb, wikidata } = await probeAll();
      return [
        { name: 'Database', ...database },
        { name: 'Movie API (TMDB)', ...tmdb },
        { name: 'Knowledge-base API (Wikidata)', ...wikidata },
      ];
    },
  };
}

