import { hostname } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { ReplicaMetrics } from '@cinema-dna/shared-types';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { machineLoad } from './machine.js';
import { RollingWindow } from './window.js';

export { RollingWindow, WINDOW_SECONDS, percentile } from './window.js';

/** What the metrics read of the socket server (set once it runs; zero before). */
export interface RealtimeGauges {
  sockets(): number;
  rooms(): number;
}

/** The port the connections feature reports its searches through (injected in services.ts). */
export interface SearchObserver {
  /** An answered search: from the cache, or by the engine in `engineMs`. */
  search(cached: boolean, engineMs?: number): void;
}

export interface Metrics extends SearchObserver {
  /** host:pid, stable while the process lives. */
  readonly replica: string;
  readonly startedAt: string;
  /** This app's own Prometheus registry (never the global one: tests build many apps in one process). */
  readonly registry: Registry;
  /** Times every request (by route template, method and status) except GET /metrics itself. */
  middleware: RequestHandler;
  /** Binds the socket counts once the socket server exists. */
  setRealtime(gauges: RealtimeGauges): void;
  /** The catalog version of the served graph snapshot (shown per replica on the status page and the System tab). */
  setCatalogVersion(read: () => string | null): void;
  /** This process's numbers over the last window. */
  snapshot(): ReplicaMetrics;
  /** Stops the event-loop monitor. */
  close(): void;
}

export interface MetricsOptions {
  replica?: string;
  /** Undelivered domain events (the outbox, shared by all replicas); read when Prometheus scrapes. */
  outboxBacklog?: () => Promise<number>;
  now?: () => number;
}

export const METRICS_PATH = '/metrics';
const EVENT_LOOP_RESOLUTION_MS = 10;

/** The route a request matched, as declared (`/api/entity/:type/:id`), never the raw URL (bounded label values). */
function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return req.originalUrl.startsWith('/api') ? 'unmatched' : 'static';
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const now = options.now ?? Date.now;
  const replica = options.replica ?? `${hostname()}:${process.pid}`;
  const startedAt = new Date(now()).toISOString();
  const window = new RollingWindow(now);
  const registry = new Registry();
  registry.setDefaultLabels({ replica });
  let realtime: RealtimeGauges = { sockets: () => 0, rooms: () => 0 };
  let catalogVersion: () => string | null = () => null;

  const loop: IntervalHistogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  loop.enable();
  // The event-loop p99 of the last full window, kept when the histogram resets.
  let lastLoopP99Ms = 0;
  let loopResetAt = now();
  const eventLoopP99 = () => {
    const current = loop.count > 0 ? loop.percentile(99) / 1e6 : lastLoopP99Ms;
    if (now() - loopResetAt >= 10_000) {
      lastLoopP99Ms = current;
      loop.reset();
      loopResetAt = now();
    }
    return Math.round(current * 100) / 100;
  };

  const httpDuration = new Histogram({
    name: 'cdna_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status, with their duration.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({ name: 'cdna_event_loop_delay_p99_seconds', help: 'Event-loop delay p99 over the last window.', registers: [registry], collect() { this.set(eventLoopP99() / 1000); } });
  new Gauge({ name: 'cdna_socket_connections', help: 'Connected Socket.IO clients of this replica.', registers: [registry], collect() { this.set(realtime.sockets()); } });
  new Gauge({ name: 'cdna_socket_rooms', help: 'Socket.IO rooms (besides each socket’s own) on this replica.', registers: [registry], collect() { this.set(realtime.rooms()); } });
  const searches = new Counter({ name: 'cdna_connection_searches_total', help: 'Connection searches answered, by source (cache or engine).', labelNames: ['source'] as const, registers: [registry] });
  const engineDuration = new Histogram({
    name: 'cdna_engine_search_duration_seconds',
    help: 'Connection searches answered by the engine (not the cache), with their duration.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({ name: 'cdna_process_resident_memory_bytes', help: 'Resident set size of this process.', registers: [registry], collect() { this.set(process.memoryUsage.rss()); } });
  new Gauge({ name: 'cdna_machine_load_ratio', help: '1-minute load average per core of the machine (capped at 1).', registers: [registry], collect() { this.set(machineLoad().serverLoad); } });
  new Gauge({ name: 'cdna_machine_memory_usage_ratio', help: 'Memory in use of the machine, 0..1.', registers: [registry], collect() { this.set(machineLoad().memoryUsage); } });
  const backlog = options.outboxBacklog;
  new Gauge({
    name: 'cdna_outbox_backlog',
    help: 'Domain events not yet delivered to every subscriber (shared by all replicas).',
    registers: [registry],
    async collect() {
      if (backlog) this.set(await backlog().catch(() => Number.NaN));
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    if (req.path === METRICS_PATH) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      window.request(ms, res.statusCode);
      httpDuration.observe({ method: req.method, route: routeTemplate(req), status: String(res.statusCode) }, ms / 1000);
    });
    next();
  };

  return {
    replica,
    startedAt,
    registry,
    middleware,
    setRealtime(gauges) {
      realtime = gauges;
    },
    setCatalogVersion(read) {
      catalogVersion = read;
    },
    search(cached, engineMs) {
      window.search(cached, engineMs);
      searches.inc({ source: cached ? 'cache' : 'engine' });
      if (!cached && engineMs !== undefined) engineDuration.observe(engineMs / 1000);
    },
    snapshot() {
      const summary = window.summary();
      const lookups = summary.cacheHits + summary.cacheMisses;
      const round = (value: number) => Math.round(value * 1000) / 1000;
      return {
        replica,
        startedAt,
        at: new Date(now()).toISOString(),
        requestsPerSecond: round(summary.requests / summary.seconds),
        latencyMs: summary.latencyMs,
        errorRate: summary.requests > 0 ? round(summary.errors / summary.requests) : 0,
        eventLoopDelayP99Ms: eventLoopP99(),
        snapshotVersion: catalogVersion(),
        sockets: realtime.sockets(),
        rooms: realtime.rooms(),
        searchesPerMinute: round((summary.searches * 60) / summary.seconds),
        engineP99Ms: summary.engineP99Ms,
        cacheHitRate: lookups > 0 ? round(summary.cacheHits / lookups) : null,
        memoryRssBytes: process.memoryUsage.rss(),
        ...machineLoad(),
      };
    },
    close() {
      loop.disable();
    },
  };
}
