import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EVENTS,
  type ClientToServerEvents,
  type SearchCompleted,
  type SearchFailed,
  type SearchProgressed,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceWriter } from '../../ingest/source-files.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logging.js';
import { startServer, type RunningServer } from '../../server.js';

const DELAYED_WORKER = new URL('../../graph/test-fixtures/delayed-search-worker.ts', import.meta.url);

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = { event: 'progressed'; payload: SearchProgressed } | { event: 'completed'; payload: SearchCompleted } | { event: 'failed'; payload: SearchFailed };

const bacon = { id: 'kevin-bacon', type: 'person' as const };
const hanks = { id: 'tom-hanks', type: 'person' as const };

/** Records every search event a client receives, in arrival order. */
function record(socket: Client): Received[] {
  const received: Received[] = [];
  socket.on(EVENTS.searchProgressed, (payload) => received.push({ event: 'progressed', payload }));
  socket.on(EVENTS.searchCompleted, (payload) => received.push({ event: 'completed', payload }));
  socket.on(EVENTS.searchFailed, (payload) => received.push({ event: 'failed', payload }));
  return received;
}

describe('live search over Socket.IO (real server, starter catalog)', () => {
  let server: RunningServer;
  const clients: Client[] = [];
  const client = async () => {
    const socket: Client = connect(server.url, { transports: ['websocket'], forceNew: true });
    clients.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    return socket;
  };
  beforeAll(async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-live-')), FIND_CONNECTION_RATE_LIMIT: '1000' });
    server = await startServer(config, { logger: createLogger('silent'), searchWorkers: 1 });
  });
  afterAll(async () => {
    for (const socket of clients) socket.disconnect();
    await server.close();
  });

  it('acknowledges with a request id, streams layers in order, then completes — and only to the searcher', async () => {
    const ana = await client();
    const ben = await client();
    const anaEvents = record(ana);
    const benEvents = record(ben);
    const ack = await ana.emitWithAck(EVENTS.searchStart, { fromEntity: { id: 'meryl-streep', type: 'person' }, toEntity: { id: 'keanu-reeves', type: 'person' }, parameters: { includeObscureConnections: true } });
    expect(ack.ok).toBe(true);
    const requestId = ack.ok ? ack.data.requestId : '';
    await expect.poll(() => anaEvents.some((e) => e.event === 'completed'), { timeout: 10_000 }).toBe(true);

    const progress = anaEvents.filter((e): e is Extract<Received, { event: 'progressed' }> => e.event === 'progressed').map((e) => e.payload);
    expect(progress.length).toBeGreaterThan(0);
    expect(anaEvents.at(-1)!.event).toBe('completed');
    expect(anaEvents.every((e) => e.payload.requestId === requestId)).toBe(true);
    // Layers count up, visited never shrinks, samples name real entities.
    expect(progress.map((p) => p.layer)).toEqual(progress.map((_, i) => i + 1));
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]!.visited).toBeGreaterThanOrEqual(progress[i - 1]!.visited);
    expect(progress.every((p) => p.sample.length <= 6 && p.sample.every((s) => s.name && s.key.startsWith(`${s.type}:`)))).toBe(true);
    const completed = anaEvents.at(-1)!.payload as SearchCompleted;
    expect(completed.result).toMatchObject({ found: true, degrees: 4, cached: false });
    expect(benEvents).toEqual([]);
  });

  it('reports the same layers as the engine does for the same search', async () => {
    const ana = await client();
    const events = record(ana);
    const parameters = { includeObscureConnections: true, maxDegrees: 6, weightByPopularity: false };
    await ana.emitWithAck(EVENTS.searchStart, { fromEntity: { id: 'shah-rukh-khan', type: 'person' }, toEntity: { id: 'tom-cruise', type: 'person' }, parameters });
    await expect.poll(() => events.some((e) => e.event === 'completed'), { timeout: 10_000 }).toBe(true);
    const engineLayers: Array<{ layer: number; side: string; frontierSize: number; visited: number }> = [];
    await server.graph.search('person:shah-rukh-khan', 'person:tom-cruise', parameters, { onProgress: (p) => engineLayers.push({ layer: p.layer, side: p.side, frontierSize: p.frontierSize, visited: p.visited }) });
    const streamed = events.filter((e) => e.event === 'progressed').map((e) => {
      const p = e.payload as SearchProgressed;
      return { layer: p.layer, side: p.side, frontierSize: p.frontierSize, visited: p.visited };
    });
    expect(streamed).toEqual(engineLayers);
  });

  it('completes the search that used to hang the worker (issue 8), and the next search still runs', async () => {
    const ana = await client();
    const events = record(ana);
    const ack = await ana.emitWithAck(EVENTS.searchStart, {
      fromEntity: { type: 'movie', id: 'mad-max-fury-road-2015' },
      toEntity: { type: 'person', id: 'richard-maibaum' },
      parameters: { avoid: ['person:lorraine-gary'] },
    });
    expect(ack.ok).toBe(true);
    await expect.poll(() => events.some((e) => e.event !== 'progressed'), { timeout: 10_000 }).toBe(true);
    const completed = events.find((e) => e.event !== 'progressed')!;
    expect(completed.event).toBe('completed');
    const result = (completed.payload as SearchCompleted).result;
    expect(result.found).toBe(true);
    const keys = result.path.map((s) => s.entity.key);
    expect(keys[0]).toBe('movie:mad-max-fury-road-2015');
    expect(keys.at(-1)).toBe('person:richard-maibaum');
    expect(keys).not.toContain('person:lorraine-gary');

    events.length = 0;
    await ana.emitWithAck(EVENTS.searchStart, { fromEntity: { id: 'meryl-streep', type: 'person' }, toEntity: { id: 'tom-cruise', type: 'person' } });
    await expect.poll(() => events.some((e) => e.event === 'completed'), { timeout: 10_000 }).toBe(true);
  });

  it('replays a repeated search from the cache: cached: true, with the same layers the first search streamed', async () => {
    const ana = await client();
    const events = record(ana);
    const pair = { fromEntity: { id: 'keanu-reeves', type: 'person' as const }, toEntity: { id: 'tom-hanks', type: 'person' as const } };
    const layersOf = (received: Received[]) => received.filter((e) => e.event === 'progressed').map(({ payload: { requestId: _, ...layer } }) => layer);

    const first = await ana.emitWithAck(EVENTS.searchStart, pair);
    await expect.poll(() => events.filter((e) => e.event === 'completed').length, { timeout: 10_000 }).toBe(1);
    const freshEvents = events.splice(0);
    expect(freshEvents.at(-1)).toMatchObject({ event: 'completed', payload: { result: { cached: false, found: true } } });
    const freshLayers = layersOf(freshEvents);
    expect(freshLayers.length).toBeGreaterThan(1);

    const second = await ana.emitWithAck(EVENTS.searchStart, pair);
    await expect.poll(() => events.filter((e) => e.event === 'completed').length, { timeout: 10_000 }).toBe(1);
    const secondId = second.ok ? second.data.requestId : '';
    expect(secondId).not.toBe(first.ok ? first.data.requestId : '');
    // Layers first, in order, under the new request id; then the cached answer, identical but for `cached`.
    expect(events.at(-1)).toMatchObject({ event: 'completed', payload: { requestId: secondId, result: { cached: true } } });
    expect(events.every((e) => e.payload.requestId === secondId)).toBe(true);
    expect(layersOf(events)).toEqual(freshLayers);
    const [freshResult, cachedResult] = [freshEvents.at(-1)!, events.at(-1)!].map((e) => (e.payload as SearchCompleted).result);
    expect({ ...cachedResult, cached: false }).toEqual(freshResult);
  });

  it('a live search of a pair cached without layers (searched over HTTP) streams layers, and its repeat replays them', async () => {
    const ana = await client();
    const events = record(ana);
    const pair = { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 5 } };
    const rest = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(pair) });
    expect(rest.status).toBe(200);
    const again = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(pair) });
    expect(await again.json()).toMatchObject({ cached: true, degrees: 2 });

    await ana.emitWithAck(EVENTS.searchStart, pair);
    await expect.poll(() => events.filter((e) => e.event === 'completed').length, { timeout: 10_000 }).toBe(1);
    const liveLayers = events.filter((e) => e.event === 'progressed').length;
    expect(liveLayers).toBeGreaterThan(0);
    events.length = 0;
    await ana.emitWithAck(EVENTS.searchStart, pair);
    await expect.poll(() => events.filter((e) => e.event === 'completed').length, { timeout: 10_000 }).toBe(1);
    expect(events.filter((e) => e.event === 'progressed')).toHaveLength(liveLayers);
    expect(events.at(-1)).toMatchObject({ event: 'completed', payload: { result: { cached: true, degrees: 2 } } });
  });

  it('answers bad input in the acknowledgement or with search:failed', async () => {
    const ana = await client();
    const events = record(ana);
    expect(await ana.emitWithAck(EVENTS.searchStart, { fromEntity: bacon } as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await ana.emitWithAck(EVENTS.searchStart, { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 9 } })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const same = await ana.emitWithAck(EVENTS.searchStart, { fromEntity: bacon, toEntity: bacon });
    expect(same.ok).toBe(true);
    await expect.poll(() => events.length, { timeout: 5_000 }).toBe(1);
    expect(events[0]).toMatchObject({ event: 'failed', payload: { error: { code: 'VALIDATION_FAILED', message: 'Please select two different entities to find a connection.' } } });
    const unknown = await ana.emitWithAck(EVENTS.searchStart, { fromEntity: bacon, toEntity: { id: 'nobody', type: 'person' } });
    expect(unknown.ok).toBe(true);
    await expect.poll(() => events.length, { timeout: 5_000 }).toBe(2);
    expect(events[1]).toMatchObject({ event: 'failed', payload: { error: { code: 'INVALID_ENTITY' } } });
  });
});

/**
 * Two random components of 100K people and movies each, with no link between them: a search from
 * one to the other explores a whole side, layer after layer, and finds nothing.
 */
async function writeSlowGraph(dataDir: string): Promise<void> {
  const writer = new SourceWriter(dataDir, 'synthetic');
  let seed = 11;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const SIZE = 50_000;
  for (const side of ['a', 'b']) {
    for (let i = 0; i < SIZE; i += 1) {
      await writer.addEntity({ type: 'person', id: `${side}p${i}`, name: `Person ${side}${i}`, popularity: 1 + random() * 100 });
      await writer.addEntity({ type: 'movie', id: `${side}m${i}`, name: `Movie ${side}${i}`, popularity: 1 + random() * 100 });
    }
    for (let i = 0; i < SIZE; i += 1) {
      for (let k = 0; k < 12; k += 1) {
        await writer.addLink({ from: `person:${side}p${i}`, to: `movie:${side}m${Math.floor(random() * SIZE)}`, relationship: 'acted_in' });
      }
    }
  }
  await writer.commit();
}

describe('cancelling a live search that is still running', () => {
  let server: RunningServer;
  let socket: Client;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-live-slow-'));
    await writeSlowGraph(dataDir);
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, FIND_CONNECTION_RATE_LIMIT: '1000' });
    // Every search is held DELAY_MS in the worker first, so a cancel always finds it still running.
    server = await startServer(config, { logger: createLogger('silent'), searchWorkers: 1, searchWorkerEntry: DELAYED_WORKER });
    socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  }, 120_000);
  afterAll(async () => {
    socket.disconnect();
    await server.close();
  });

  const across = { fromEntity: { id: 'ap1', type: 'person' as const }, toEntity: { id: 'bp1', type: 'person' as const }, parameters: { maxDegrees: 8, includeObscureConnections: true } };

  it('stops on search:cancel: acknowledged as cancelled, and nothing of it arrives afterwards', async () => {
    const events = record(socket);
    const started = await socket.emitWithAck(EVENTS.searchStart, across);
    const requestId = started.ok ? started.data.requestId : '';
    const answer = await socket.emitWithAck(EVENTS.searchCancel, { requestId });
    expect(answer).toEqual({ ok: true, data: { cancelled: true } });
    const seen = events.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(events.slice(seen)).toEqual([]);
    expect(events.some((e) => e.event === 'completed')).toBe(false);
  });

  it('lets a new search replace the running one: only the new one completes', async () => {
    const events = record(socket);
    const first = await socket.emitWithAck(EVENTS.searchStart, across);
    const second = await socket.emitWithAck(EVENTS.searchStart, { ...across, toEntity: { id: 'ap2', type: 'person' } });
    const [firstId, secondId] = [first.ok ? first.data.requestId : '', second.ok ? second.data.requestId : ''];
    await expect.poll(() => events.some((e) => e.event === 'completed'), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events.filter((e) => e.event === 'completed').map((e) => e.payload.requestId)).toEqual([secondId]);
    expect(events.filter((e) => e.payload.requestId === firstId && e.event !== 'progressed')).toEqual([]);
  });

  it('completes the same search when nobody cancels it (no path within 8 degrees)', async () => {
    const events = record(socket);
    await socket.emitWithAck(EVENTS.searchStart, across);
    await expect.poll(() => events.some((e) => e.event === 'completed'), { timeout: 20_000 }).toBe(true);
    const completed = events.find((e) => e.event === 'completed')!.payload as SearchCompleted;
    expect(completed.result).toMatchObject({ found: false, maxDegrees: 8 });
    expect(events.filter((e) => e.event === 'progressed').length).toBeGreaterThan(4);
  });
});

describe('a live search past its budget (SEARCH_MAX_VISITED)', () => {
  it('fails with search:failed SEARCH_BUDGET_EXCEEDED, and the REST path with 503, from the settings', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-live-budget-')), FIND_CONNECTION_RATE_LIMIT: '1000', SEARCH_MAX_VISITED: '10' });
    const server = await startServer(config, { logger: createLogger('silent'), searchWorkers: 1 });
    const socket: Client = connect(server.url, { transports: ['websocket'], forceNew: true });
    try {
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      const events = record(socket);
      const far = { fromEntity: { id: 'meryl-streep', type: 'person' as const }, toEntity: { id: 'keanu-reeves', type: 'person' as const }, parameters: { includeObscureConnections: true } };
      expect((await socket.emitWithAck(EVENTS.searchStart, far)).ok).toBe(true);
      await expect.poll(() => events.some((e) => e.event !== 'progressed'), { timeout: 10_000 }).toBe(true);
      expect(events.find((e) => e.event !== 'progressed')).toMatchObject({
        event: 'failed',
        payload: { error: { code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'visited', value: 10 } } },
      });
      const rest = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(far) });
      expect(rest.status).toBe(503);
      expect(await rest.json()).toMatchObject({ code: 'SEARCH_BUDGET_EXCEEDED', details: { limit: 'visited', value: 10 } });
    } finally {
      socket.disconnect();
      await server.close();
    }
  });
});

describe('the live search rate limit', () => {
  it('refuses search:start past the per-minute limit with RATE_LIMITED', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-live-rl-')), FIND_CONNECTION_RATE_LIMIT: '2' });
    const server = await startServer(config, { logger: createLogger('silent'), searchWorkers: 0 });
    const socket: Client = connect(server.url, { transports: ['websocket'], forceNew: true });
    try {
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      for (let i = 0; i < 2; i += 1) expect((await socket.emitWithAck(EVENTS.searchStart, { fromEntity: bacon, toEntity: hanks })).ok).toBe(true);
      const refused = await socket.emitWithAck(EVENTS.searchStart, { fromEntity: bacon, toEntity: hanks });
      expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
      // The REST path shares the per-IP count.
      const rest = await fetch(`${server.url}/api/find-connection`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fromEntity: bacon, toEntity: hanks }) });
      expect(rest.status).toBe(429);
    } finally {
      socket.disconnect();
      await server.close();
    }
  });
});
