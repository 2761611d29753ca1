/**
 * Child process of bench/leaderboard.ts: the real Cinema DNA server (startServer + loadConfig, as
 * `npm start` wires it) on PostgreSQL and Redis — so Socket.IO runs with its Redis adapter — on
 * 127.0.0.1 with a free port. Talks to the parent over IPC only:
 *
 *   child → parent  { type: 'ready', url, startupMs, rebuildMs } (after its start-up rebuild) | { type: 'failed', message }
 *                   { type: 'awarded', round, startedAt, committedAt, emittedAt, writeMs } after an 'award'
 *                   { type: 'broadcasted', round, startedAt, emittedAt, writeMs } after a 'broadcast'
 *                   { type: 'stats', ... } after a 'stats'
 *   parent → child  { type: 'award', round, userId, points, awardKey }: one real award, through the
 *                   ledger and the outbox as any feature writes it; the leaderboard feature reacts.
 *                   { type: 'broadcast', round, room, payload }: the baseline, a bare Socket.IO
 *                   `leaderboard:changed` emit to the same room, nothing else.
 *                   { type: 'measure' } | { type: 'stats' } | { type: 'stop' }
 *
 * Times are epoch ms (performance.timeOrigin + performance.now()), comparable across processes on
 * one machine. `emittedAt` is when the server handed the `leaderboard:changed` packet to its
 * Socket.IO adapter (seen by wrapping the adapter's broadcast here; the server is unchanged), and
 * `writeMs` how long that broadcast call took: the local fan-out, every socket's frame handed to the kernel.
 * Import only its types (`import type`): importing the module would run it. Exits when the parent goes away.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLedger } from '../backend/src/features/points/ledger.js';
import { loadConfig } from '../backend/src/platform/config.js';
import { startServer, type RunningServer } from '../backend/src/server.js';

export type ServerMessage =
  | { type: 'ready'; url: string; startupMs: number; rebuildMs: number }
  | { type: 'failed'; message: string }
  | { type: 'awarded'; round: number; startedAt: number; committedAt: number; emittedAt: number | null; writeMs: number | null; balance: number | null }
  | { type: 'broadcasted'; round: number; startedAt: number; emittedAt: number | null; writeMs: number | null }
  | ServerStats;

export type ServerCommand =
  | { type: 'award'; round: number; room: string; userId: number; points: number; awardKey: string }
  | { type: 'broadcast'; round: number; room: string; payload: unknown }
  | { type: 'measure' }
  | { type: 'stats' }
  | { type: 'stop' };

export interface ServerStats {
  type: 'stats';
  eventLoopDelay: { samples: number; p99Ms: number; maxMs: number };
  cpuSeconds: number;
  wallSeconds: number;
  rssBytes: number;
  sockets: number;
}

const send = (message: ServerMessage) => process.send?.(message);
const epochNow = () => performance.timeOrigin + performance.now();
const ELD_RESOLUTION_MS = 1;

let server: RunningServer | undefined;
/** A waiter for the next `leaderboard:changed` packet to one room: when the adapter got it, and how long its broadcast call took. */
let nextEmit: { room: string; resolve: (at: number, writeMs: number) => void } | null = null;

async function start(): Promise<void> {
  const started = performance.now();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    FIND_CONNECTION_RATE_LIMIT: '0',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '0',
  });
  server = await startServer(config, { searchWorkers: 0 });
  const listening = performance.now();
  // The start-up rebuild runs in the background: measured rounds start once it is done.
  await server.services.leaderboards.idle();
  const adapter = server.io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, options) => {
    const data = (packet as { data?: unknown[] }).data;
    if (!(Array.isArray(data) && data[0] === 'leaderboard:changed' && nextEmit && options.rooms.has(nextEmit.room))) return broadcast(packet, options);
    const waiter = nextEmit;
    nextEmit = null;
    const at = epochNow();
    // The local fan-out is synchronous: every socket's frame is handed to the kernel within this call.
    broadcast(packet, options);
    waiter.resolve(at, epochNow() - at);
  };
  send({ type: 'ready', url: server.url, startupMs: Math.round(listening - started), rebuildMs: Math.round(performance.now() - listening) });
}

/** Resolves with the next `leaderboard:changed` emit to `room` (its time and the broadcast call's duration), or null after `timeoutMs`. */
function awaitEmit(room: string, timeoutMs: number): Promise<{ at: number; writeMs: number } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      nextEmit = null;
      resolve(null);
    }, timeoutMs);
    nextEmit = {
      room,
      resolve: (at, writeMs) => {
        clearTimeout(timer);
        resolve({ at, writeMs });
      },
    };
  });
}

const histogram = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
let cpuMark = process.cpuUsage();
let wallMark = performance.now();
const ms = (ns: number) => Math.round(Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS) * 10) / 10;

async function award(command: Extract<ServerCommand, { type: 'award' }>): Promise<void> {
  const running = server!;
  const ledger = createLedger({ events: running.services.events });
  const emitted = awaitEmit(command.room, 10_000);
  const startedAt = epochNow();
  // As a feature awards: the row, the balance and the points.awarded event in one transaction.
  const result = await running.services.events.transaction((tx) =>
    ledger.award(tx, { userId: command.userId, reason: 'badge', points: command.points, awardKey: command.awardKey, sourceEventId: randomUUID(), details: { bench: 'fan-out' } }),
  );
  const committedAt = epochNow();
  const emit = await emitted;
  send({ type: 'awarded', round: command.round, startedAt, committedAt, emittedAt: emit?.at ?? null, writeMs: emit?.writeMs ?? null, balance: result?.balance ?? null });
}

function bareBroadcast(command: Extract<ServerCommand, { type: 'broadcast' }>): void {
  const running = server!;
  const emitted = awaitEmit(command.room, 10_000);
  const startedAt = epochNow();
  (running.io.to(command.room).emit as (event: string, payload: unknown) => boolean)('leaderboard:changed', command.payload);
  void emitted.then((emit) => send({ type: 'broadcasted', round: command.round, startedAt, emittedAt: emit?.at ?? null, writeMs: emit?.writeMs ?? null }));
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(code), 20_000);
  force.unref();
  try {
    await server?.close();
  } finally {
    process.exit(code);
  }
}

process.on('message', (message: ServerCommand) => {
  switch (message.type) {
    case 'award':
      award(message).catch((error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.stack ?? error.message : String(error) }));
      break;
    case 'broadcast':
      bareBroadcast(message);
      break;
    case 'measure':
      histogram.reset();
      histogram.enable();
      cpuMark = process.cpuUsage();
      wallMark = performance.now();
      break;
    case 'stats': {
      const cpu = process.cpuUsage(cpuMark);
      send({
        type: 'stats',
        eventLoopDelay: { samples: histogram.count, p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) },
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        wallSeconds: (performance.now() - wallMark) / 1000,
        rssBytes: process.memoryUsage().rss,
        sockets: server?.io.engine.clientsCount ?? 0,
      });
      break;
    }
    case 'stop':
      void stop(0);
      break;
  }
});
process.on('disconnect', () => void stop(0));

start().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
