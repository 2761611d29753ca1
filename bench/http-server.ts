/**
 * Child process of bench/http.ts: the real Cinema DNA server (startServer + loadConfig, as
 * `npm start` wires it) on 127.0.0.1 with a free port, or — with `hello` as the first argument — a
 * minimal Express 5 hello-world app answering JSON. Talks to the parent over IPC only:
 *
 *   child → parent  { type: 'ready', url } | { type: 'failed', message } | { type: 'stats', ... }
 *   parent → child  { type: 'measure' }  resets the event-loop delay histogram and CPU/memory marks
 *                   { type: 'stats' }    answers { type: 'stats', eventLoopDelay, cpu, memory } since 'measure'
 *                   { type: 'stop' }     closes the server and exits
 *
 * Import only its types (`import type`): importing the module would run it.
 * The event-loop monitor lives here, not in backend/: the server itself is unchanged. The child exits
 * by itself when the parent goes away (IPC disconnect), so an interrupted bench leaves no server behind.
 *
 *   node --import tsx bench/http-server.ts [hello]   (DATA_DIR etc. from the environment)
 */
import { subscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { constants as perfConstants, createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import express from 'express';
import { loadConfig } from '../backend/src/platform/config.js';
import { startServer } from '../backend/src/server.js';

/** Sampling interval of the event-loop delay monitor; reported delays have it subtracted. */
const ELD_RESOLUTION_MS = 1;

export interface ChildStats {
  type: 'stats';
  eventLoopDelay: { samples: number; meanMs: number; p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number };
  /**
   * CPU seconds used by the process (all its threads, workers included) since 'measure', and the
   * main thread's event-loop utilization (share of the wall time it was busy, not waiting for I/O).
   */
  cpu: { userSeconds: number; systemSeconds: number; wallSeconds: number; mainThreadBusy: number };
  memory: { rssBytes: number; heapUsedBytes: number };
  /** Garbage-collection pauses of the main thread since 'measure' (major = mark-compact). */
  gc: { count: number; majorCount: number; totalPauseMs: number; maxPauseMs: number; maxMajorPauseMs: number };
  /**
   * The first connections accepted since 'measure', by the client's port: when the server accepted
   * each, parsed its first request head and finished its first response (epoch ms, comparable
   * with the parent's clock). The parent matches them with its own connect times, to tell the
   * accept queue apart from the server's own time.
   */
  connections: Record<string, ConnectionTimes>;
  /**
   * HTTP requests as the server saw them, from its first byte parsed to the response's last byte
   * handed to the kernel: beside the client-side latency it shows which part of a slow request was
   * spent inside the server and which in queues before it (kernel, CPU scheduling, the load generator).
   */
  serverLatency: { requests: number; p50Ms: number; p99Ms: number; maxMs: number; slowest: Array<{ method: string; url: string; ms: number; atSeconds: number }> };
}

export interface ConnectionTimes {
  acceptedAt: number;
  firstParsedAt?: number;
  firstAnsweredAt?: number;
}

export type ChildMessage = { type: 'ready'; url: string } | { type: 'failed'; message: string } | ChildStats;
export type ParentMessage = { type: 'measure' } | { type: 'stats' } | { type: 'stop' };

const send = (message: ChildMessage) => process.send?.(message);
const hello = process.argv[2] === 'hello';

async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  if (hello) {
    const app = express();
    app.disable('x-powered-by');
    app.get('/', (_req, res) => {
      res.json({ hello: 'world' });
    });
    const server: Server = createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every limit off: all load comes from 127.0.0.1 (keys the schema does not know are ignored).
    FIND_CONNECTION_RATE_LIMIT: '0',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '0',
  });
  const workers = process.env.BENCH_SEARCH_WORKERS;
  const server = await startServer(config, { searchWorkers: workers === undefined || workers === '' ? undefined : Number(workers) });
  return { url: server.url, close: () => server.close() };
}

const histogram = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
let cpuMark = process.cpuUsage();
let eluMark = performance.eventLoopUtilization();
let wallMark = performance.now();
const ms = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS);

const gc = { count: 0, majorCount: 0, totalPauseMs: 0, maxPauseMs: 0, maxMajorPauseMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const major = (entry as unknown as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR;
    gc.count += 1;
    gc.totalPauseMs += entry.duration;
    gc.maxPauseMs = Math.max(gc.maxPauseMs, entry.duration);
    if (major) {
      gc.majorCount += 1;
      gc.maxMajorPauseMs = Math.max(gc.maxMajorPauseMs, entry.duration);
    }
  }
}).observe({ entryTypes: ['gc'] });

// Server-side request time through Node's own HTTP diagnostics channels: the server stays unchanged.
const requestStarts = new WeakMap<IncomingMessage, number>();
const requestTimes = createHistogram();
const SLOWEST_KEPT = 5;
let slowest: ChildStats['serverLatency']['slowest'] = [];
subscribe('http.server.request.start', (message) => {
  requestStarts.set((message as { request: IncomingMessage }).request, performance.now());
});
subscribe('http.server.response.finish', (message) => {
  const { request } = message as { request: IncomingMessage };
  const started = requestStarts.get(request);
  if (started === undefined) return;
  const now = performance.now();
  const took = now - started;
  requestTimes.record(Math.max(1, Math.round(took * 1000))); // microseconds
  if (slowest.length < SLOWEST_KEPT || took > slowest.at(-1)!.ms) {
    slowest.push({ method: request.method ?? '', url: (request.url ?? '').slice(0, 120), ms: Math.round(took * 10) / 10, atSeconds: Math.round((started - wallMark) / 100) / 10 });
    slowest = slowest.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_KEPT);
  }
});
const usToMs = (x: number) => Math.round(x / 100) / 10;

// First requests per connection, through the net and HTTP diagnostics channels (the server stays unchanged).
const CONNECTIONS_KEPT = 2000;
const epochNow = () => performance.timeOrigin + performance.now();
const connections = new Map<number, ConnectionTimes>();
subscribe('net.server.socket', (message) => {
  const { remotePort } = (message as { socket: Socket }).socket;
  if (remotePort !== undefined && connections.size < CONNECTIONS_KEPT) connections.set(remotePort, { acceptedAt: epochNow() });
});
const connectionOf = (request: IncomingMessage) => (request.socket.remotePort === undefined ? undefined : connections.get(request.socket.remotePort));
subscribe('http.server.request.start', (message) => {
  const times = connectionOf((message as { request: IncomingMessage }).request);
  if (times && times.firstParsedAt === undefined) times.firstParsedAt = epochNow();
});
subscribe('http.server.response.finish', (message) => {
  const times = connectionOf((message as { request: IncomingMessage }).request);
  if (times && times.firstAnsweredAt === undefined) times.firstAnsweredAt = epochNow();
});

let server: { url: string; close: () => Promise<void> } | undefined;
let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  histogram.disable();
  const force = setTimeout(() => process.exit(code), 10_000);
  force.unref();
  try {
    await server?.close();
  } finally {
    process.exit(code);
  }
}

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'measure':
      histogram.reset();
      histogram.enable();
      Object.assign(gc, { count: 0, majorCount: 0, totalPauseMs: 0, maxPauseMs: 0, maxMajorPauseMs: 0 });
      requestTimes.reset();
      slowest = [];
      connections.clear();
      cpuMark = process.cpuUsage();
      eluMark = performance.eventLoopUtilization();
      wallMark = performance.now();
      break;
    case 'stats': {
      const cpu = process.cpuUsage(cpuMark);
      const memory = process.memoryUsage();
      send({
        type: 'stats',
        eventLoopDelay: {
          samples: histogram.count,
          meanMs: ms(histogram.mean || 0),
          p50Ms: ms(histogram.percentile(50)),
          p90Ms: ms(histogram.percentile(90)),
          p99Ms: ms(histogram.percentile(99)),
          maxMs: ms(histogram.max),
        },
        cpu: {
          userSeconds: cpu.user / 1e6,
          systemSeconds: cpu.system / 1e6,
          wallSeconds: (performance.now() - wallMark) / 1000,
          mainThreadBusy: performance.eventLoopUtilization(eluMark).utilization,
        },
        memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
        gc: { ...gc },
        connections: Object.fromEntries(connections),
        serverLatency: {
          requests: requestTimes.count,
          p50Ms: requestTimes.count ? usToMs(requestTimes.percentile(50)) : 0,
          p99Ms: requestTimes.count ? usToMs(requestTimes.percentile(99)) : 0,
          maxMs: requestTimes.count ? usToMs(requestTimes.max) : 0,
          slowest,
        },
      });
      break;
    }
    case 'stop':
      void stop(0);
      break;
  }
});
// The parent died or let go: never outlive it.
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  server = await start();
  send({ type: 'ready', url: server.url });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
