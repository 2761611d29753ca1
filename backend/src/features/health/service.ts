import type { ComponentHealth, GraphHealth, Health } from '@cinema-dna/shared-types';
import type { SharedState } from '../../platform/cache/types.js';
import type { Database } from '../../platform/db/database.js';
import { withTimeout } from '../../platform/timeout.js';

/** What the health check needs to know of the movie graph. */
export interface GraphStatusSource {
  status(): { status: 'up' | 'loading' | 'down'; entities: number; links: number; version?: string | null; error?: string };
  /** A real lookup on the loaded graph; resolves to its latency in ms. */
  probe?(): Promise<number>;
}

export interface HealthDeps {
  database: Database;
  shared: SharedState;
  graph: GraphStatusSource;
  startedAt: number;
  /** This process's name among the replicas. */
  replica: string;
}

const PROBE_TIMEOUT_MS = 1_500;

/** Measures every dependency for real, in parallel, each bounded by a timeout. */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const [database, cache, graph] = await Promise.all([
    probe(deps.database.driver, () => deps.database.ping()),
    probe(deps.shared.driver, () => deps.shared.ping()),
    graphHealth(deps.graph),
  ]);
  const status = database.status === 'down' ? 'down' : cache.status === 'down' || graph.status !== 'up' ? 'degraded' : 'ok';
  return {
    status,
    replica: deps.replica,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    checkedAt: new Date().toISOString(),
    database,
    cache,
    graph,
  };
}

async function probe(driver: string, ping: () => Promise<number>): Promise<ComponentHealth> {
  try {
    const latencyMs = await withTimeout(ping(), PROBE_TIMEOUT_MS);
    return { status: 'up', driver, latencyMs };
  } catch (error) {
    return { status: 'down', driver, latencyMs: null, error: error instanceof Error ? error.message : String(error) };
  }
}

async function graphHealth(graph: GraphStatusSource): Promise<GraphHealth> {
  const current = graph.status();
  const base = { driver: 'snapshot', entities: current.entities, links: current.links, snapshotVersion: current.version ?? null, ...(current.error ? { error: current.error } : {}) };
  if (current.status !== 'up' || !graph.probe) return { ...base, status: current.status, latencyMs: null };
  try {
    return { ...base, status: 'up', latencyMs: await withTimeout(graph.probe(), PROBE_TIMEOUT_MS) };
  } catch (error) {
    return { ...base, status: 'down', latencyMs: null, error: error instanceof Error ? error.message : String(error) };
  }
}

