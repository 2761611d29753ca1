import type { ServiceStatus, StatusServiceId } from '@cinema-dna/shared-types';
import type { SharedState } from '../../platform/cache/types.js';
import type { Database } from '../../platform/db/database.js';
import { withTimeout } from '../../platform/timeout.js';
import { findEntityDetails } from '../../catalog/entity-store.js';
import type { GraphService } from '../../graph/index.js';

/** One measurement of one service. `responseTimeMs` is the measured round trip, null when it did not answer. */
export interface CheckResult {
  service: StatusServiceId;
  status: ServiceStatus;
  description: string;
  responseTimeMs: number | null;
}

/**
 * When a service that answers counts as degraded (slow). Documented in docs/scaling.md, "The status page".
 * Everything is measured from the process that runs the check; a failure or timeout is `down`.
 */
export const DEGRADED_OVER_MS: Record<StatusServiceId, number> = {
  website: 1_000,
  database: 500,
  cache: 250,
  engine: 1_000,
  'movie-data': 1_000,
  'knowledge-base': 3_000,
};
export const CHECK_TIMEOUT_MS = 5_000;

/** What the engine check needs of the graph: its state, and a real search on it. */
export interface EngineProbe {
  status(): { status: 'up' | 'loading' | 'down'; entities: number; links: number; error?: string };
  /** A real search on the loaded graph (through the search workers when there are any). */
  search(): Promise<{ degrees: number | null }>;
}

/** What the movie-data check reads: the catalog the app serves (a real query of entity details). */
export interface CatalogProbe {
  /** Reads one popular entity's details from the database; null when the catalog is empty. */
  sampleDetails(): Promise<{ name: string; entities: number } | null>;
  /** TMDB enrichment is configured (TMDB_API_KEY). */
  tmdbEnrichment: boolean;
}

/** What the knowledge-base check reads: the awards in the loaded graph (won / nominated links lead to them). */
export interface AwardsProbe {
  awards(): Promise<number>;
}

/** The knowledge-base API (Wikidata SPARQL), probed by the health feature's probe (a port). */
export interface WikidataProbe {
  /** WIKIDATA_SPARQL_URL is set. */
  configured: boolean;
  probe(): Promise<{ status: 'healthy' | 'warning' | 'error' | 'not_configured'; latencyMs: number | null; detail: string }>;
}

/**
 * The health check's view of the graph (GET /api/health, wired in server.ts): its status, and a real
 * typeahead lookup timed as the probe.
 */
export function graphLookupProbe(graph: GraphService): { status: GraphService['status']; probe(): Promise<number> } {
  return {
    status: () => graph.status(),
    async probe() {
      const started = performance.now();
      graph.typeahead('th', { limit: 1 });
      return Math.round((performance.now() - started) * 1000) / 1000;
    },
  };
}

/**
 * The engine, movie-data and knowledge-base probes over the loaded graph and the catalog: a real search
 * between the two most popular "the…" entities, a real read of one entity's details, the awards count.
 */
export function graphProbes(graph: GraphService, db: Database['db'], tmdbEnrichment: boolean): { engine: EngineProbe; catalog: CatalogProbe; awards: AwardsProbe } {
  return {
    engine: {
      status: () => graph.status(),
      // Through the search workers when there are any.
      async search() {
        const hits = graph.typeahead('the', { limit: 2 });
        if (hits.length < 2) return { degrees: null };
        return { degrees: (await graph.search(hits[0]!.key, hits[1]!.key, { maxDegrees: 3 }))?.degrees ?? null };
      },
    },
    catalog: {
      tmdbEnrichment,
      // The catalog the pages are served from.
      async sampleDetails() {
        if (graph.status().status !== 'up') return null;
        const hit = graph.typeahead('the', { limit: 1 })[0];
        if (!hit) return null;
        const details = (await findEntityDetails(db, [hit.key as never])).get(hit.key as never);
        return details ? { name: hit.name, entities: graph.status().entities } : null;
      },
    },
    awards: { awards: async () => (graph.status().status === 'up' ? graph.heroNumbers().byType.award : 0) },
  };
}

export interface StatusProbeDeps {
  /** This process's own base URL once it listens (null before): the website check goes through the network. */
  selfUrl: () => string | null;
  database: Database;
  shared: SharedState;
  engine: EngineProbe;
  catalog: CatalogProbe;
  awards: AwardsProbe;
  wikidata: WikidataProbe;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const reason = (error: unknown) => (error instanceof Error ? (error.name === 'TimeoutError' ? `no answer within ${CHECK_TIMEOUT_MS} ms` : error.message) : String(error));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await withTimeout(work(), CHECK_TIMEOUT_MS);
  return { value, ms: round(performance.now() - started) };
}

const slowOr = (service: StatusServiceId, ms: number, description: string): CheckResult => ({
  service,
  status: ms > DEGRADED_OVER_MS[service] ? 'degraded' : 'operational',
  description: ms > DEGRADED_OVER_MS[service] ? `${description} (slow: over ${DEGRADED_OVER_MS[service]} ms)` : description,
  responseTimeMs: ms,
});

/** GET /api/health of this very process, through the TCP stack, timed from outside the handler. */
export async function checkWebsite(deps: Pick<StatusProbeDeps, 'selfUrl'>): Promise<CheckResult> {
  const base = deps.selfUrl();
  if (!base) return { service: 'website', status: 'down', description: 'This process is not listening for HTTP', responseTimeMs: null };
  try {
    const { value: res, ms } = await timed(async () => {
      const answer = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      await answer.arrayBuffer();
      return answer;
    });
    if (res.status >= 500) return { service: 'website', status: 'down', description: `The API answered ${res.status}`, responseTimeMs: ms };
    if (!res.ok) return { service: 'website', status: 'degraded', description: `The API answered ${res.status}`, responseTimeMs: ms };
    return slowOr('website', ms, 'The API answers');
  } catch (error) {
    return { service: 'website', status: 'down', description: `The API does not answer: ${reason(error)}`, responseTimeMs: null };
  }
}

export async function checkDatabase(deps: Pick<StatusProbeDeps, 'database'>): Promise<CheckResult> {
  const name = deps.database.driver === 'postgres' ? 'PostgreSQL' : 'PostgreSQL (embedded)';
  try {
    const { ms } = await timed(() => deps.database.ping());
    return slowOr('database', ms, `${name} answers`);
  } catch (error) {
    return { service: 'database', status: 'down', description: `${name} unreachable: ${reason(error)}`, responseTimeMs: null };
  }
}

export async function checkCache(deps: Pick<StatusProbeDeps, 'shared'>): Promise<CheckResult> {
  const memory = deps.shared.driver === 'memory';
  const name = memory ? 'In-process cache (embedded mode, one replica)' : 'Redis (cache, realtime fan-out, rate limits)';
  try {
    const { ms } = await timed(() => deps.shared.ping());
    return slowOr('cache', ms, `${name} answers`);
  } catch (error) {
    return { service: 'cache', status: 'down', description: `${name} unreachable: ${reason(error)}`, responseTimeMs: null };
  }
}

export async function checkEngine(deps: Pick<StatusProbeDeps, 'engine'>): Promise<CheckResult> {
  const state = deps.engine.status();
  if (state.status === 'loading') return { service: 'engine', status: 'degraded', description: 'Loading the movie graph', responseTimeMs: null };
  if (state.status === 'down') return { service: 'engine', status: 'down', description: `No movie graph loaded${state.error ? `: ${state.error}` : ''}`, responseTimeMs: null };
  try {
    const { ms } = await timed(() => deps.engine.search());
    return slowOr('engine', ms, `Searching ${state.entities.toLocaleString('en-US')} entities and ${state.links.toLocaleString('en-US')} links`);
  } catch (error) {
    return { service: 'engine', status: 'down', description: `A search failed: ${reason(error)}`, responseTimeMs: null };
  }
}

export async function checkMovieData(deps: Pick<StatusProbeDeps, 'catalog'>): Promise<CheckResult> {
  const enrichment = deps.catalog.tmdbEnrichment ? 'posters and biographies from TMDB' : 'TMDB enrichment not configured';
  try {
    const { value, ms } = await timed(() => deps.catalog.sampleDetails());
    if (!value) return { service: 'movie-data', status: 'degraded', description: `The catalog is empty; ${enrichment}`, responseTimeMs: ms };
    return slowOr('movie-data', ms, `Entity details served from the catalog (${value.entities.toLocaleString('en-US')} entities); ${enrichment}`);
  } catch (error) {
    return { service: 'movie-data', status: 'down', description: `Entity details unreadable: ${reason(error)}`, responseTimeMs: null };
  }
}

/**
 * Award data as served (the awards in the loaded graph), and Wikidata when WIKIDATA_SPARQL_URL is
 * set: not configured is operational with that said; Wikidata failing degrades it (the imported
 * awards are still served).
 */
export async function checkKnowledgeBase(deps: Pick<StatusProbeDeps, 'awards' | 'wikidata'>): Promise<CheckResult> {
  let links: number;
  let ms: number;
  try {
    ({ value: links, ms } = await timed(() => deps.awards.awards()));
  } catch (error) {
    return { service: 'knowledge-base', status: 'down', description: `Award data unreadable: ${reason(error)}`, responseTimeMs: null };
  }
  const served = links > 0 ? `${links.toLocaleString('en-US')} awards in the catalog` : 'No award data in the imported catalog';
  if (!deps.wikidata.configured) return slowOr('knowledge-base', ms, `${served}; Wikidata not configured`);
  const wikidata = await deps.wikidata.probe();
  const total = round(ms + (wikidata.latencyMs ?? 0));
  if (wikidata.status === 'healthy') return slowOr('knowledge-base', total, `${served}; Wikidata answers`);
  return { service: 'knowledge-base', status: 'degraded', description: `${served}; Wikidata: ${wikidata.detail}`, responseTimeMs: wikidata.latencyMs === null ? null : total };
}

/** The six checks, in parallel, in STATUS_SERVICES order. */
export async function checkAll(deps: StatusProbeDeps): Promise<CheckResult[]> {
  return Promise.all([checkWebsite(deps), checkDatabase(deps), checkCache(deps), checkEngine(deps), checkMovieData(deps), checkKnowledgeBase(deps)]);
}

