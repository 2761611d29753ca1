import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENTS, type Ack, type ClientToServerEvents, type RoomState, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createLogger } from './logging.js';
import { startServer, type RunningServer } from '../server.js';
import { uniqueSuffix } from '../test-support/targets.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const logger = createLogger('silent');
const servers: RunningServer[] = [];
const clients: Client[] = [];

async function server(env: Record<string, string> = {}, redisKeyPrefix?: string): Promise<RunningServer> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-rt-')), ...env });
  const running = await startServer(config, { logger, redisKeyPrefix });
  servers.push(running);
  return running;
}

async function client(url: string, headers?: Record<string, string>): Promise<Client> {
  const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, extraHeaders: headers });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const nextEvent = <E extends keyof ServerToClientEvents>(socket: Client, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.disconnect();
  await Promise.all(servers.splice(0).map((running) => running.close()));
});

describe('realtime on one node (embedded defaults)', () => {
  // One server (and its embedded PostgreSQL) for the tests with the default settings; each test's sockets
  // leave at its end, and each uses room codes of its own.
  let shared: RunningServer;
  beforeAll(async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-rt-')) });
    shared = await startServer(config, { logger });
  }, 60_000);
  afterAll(() => shared.close());

  it('tells the others in a room who joined, acknowledges the joiner, and who left', async () => {
    const ana = await client(shared.url);
    const ben = await client(shared.url);

    const joined = await ana.emitWithAck(EVENTS.roomJoin, { code: 'Matinee-7', displayName: 'Ana' });
    expect(joined).toEqual({ ok: true, data: { code: 'matinee-7', members: [{ socketId: ana.id, displayName: 'Ana' }] } });

    const anaSees = nextEvent(ana, EVENTS.roomChanged);
    const benJoined = (await ben.emitWithAck(EVENTS.roomJoin, { code: 'matinee-7', displayName: 'Ben' })) as Ack<RoomState>;
    expect(benJoined.ok && benJoined.data.members.map((m) => m.displayName).sort()).toEqual(['Ana', 'Ben']);
    expect((await anaSees).members.map((m) => m.displayName).sort()).toEqual(['Ana', 'Ben']);

    const anaSeesLeave = nextEvent(ana, EVENTS.roomChanged);
    ben.disconnect();
    expect((await anaSeesLeave).members).toEqual([{ socketId: ana.id, displayName: 'Ana' }]);
  });

  it('answers a bad payload with a VALIDATION_FAILED acknowledgement', async () => {
    const ana = await client(shared.url);
    const answer = await ana.emitWithAck(EVENTS.roomJoin, { code: 'no spaces allowed!', displayName: '' } as never);
    expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    if (!answer.ok) expect((answer.error.details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['code', 'displayName']);
  });

  it('acknowledges a command sent with an ack but no payload', async () => {
    const ana = await client(shared.url);
    const emitBare = (event: string) => (ana as unknown as { timeout(ms: number): { emitWithAck(event: string): Promise<unknown> } }).timeout(5_000).emitWithAck(event);
    for (const event of [EVENTS.searchCancel, EVENTS.roomJoin, EVENTS.roomLeave, EVENTS.searchStart]) {
      expect(await emitBare(event)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Payload is invalid', details: expect.any(Array) } });
    }
  });

  it.each([
    ['unset', {}, false],
    ['loopback', { TRUST_PROXY: 'loopback' }, true],
  ])('counts anonymous sockets by X-Forwarded-For only when the proxy is trusted (TRUST_PROXY %s)', async (_name, env, separate) => {
    const running = await server({ FIND_CONNECTION_RATE_LIMIT: '1', ...env });
    const search = { fromEntity: { id: 'kevin-bacon', type: 'person' as const }, toEntity: { id: 'tom-hanks', type: 'person' as const } };
    const ana = await client(running.url, { 'X-Forwarded-For': '198.51.100.1' });
    const ben = await client(running.url, { 'X-Forwarded-For': '198.51.100.2' });
    expect(await ana.emitWithAck(EVENTS.searchStart, search)).toMatchObject({ ok: true });
    const benAnswer = await ben.emitWithAck(EVENTS.searchStart, search);
    if (separate) expect(benAnswer).toMatchObject({ ok: true });
    else expect(benAnswer).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // Another socket of Ana's address shares her budget either way.
    const ana2 = await client(running.url, { 'X-Forwarded-For': '198.51.100.1' });
    expect(await ana2.emitWithAck(EVENTS.searchStart, search)).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('does not let one socket into unlimited rooms', async () => {
    const ana = await client(shared.url);
    for (let i = 0; i < 5; i += 1) expect((await ana.emitWithAck(EVENTS.roomJoin, { code: `room-${i}`, displayName: 'Ana' })).ok).toBe(true);
    expect(await ana.emitWithAck(EVENTS.roomJoin, { code: 'room-6', displayName: 'Ana' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('broadcasts the real online count as people come and go', async () => {
    const ana = await client(shared.url);
    const counts: number[] = [];
    ana.on(EVENTS.presenceChanged, ({ online }) => counts.push(online));
    await client(shared.url);
    await expect.poll(() => counts.at(-1), { timeout: 5_000 }).toBe(2);
  });
});

describe.runIf(process.env.REDIS_URL)('realtime across two nodes through the Redis adapter', () => {
  it('delivers a room event from a client on one node to a client on the other', async () => {
    const prefix = `test:${uniqueSuffix()}:`;
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const nodeA = await server(env, prefix);
    const nodeB = await server(env, prefix);
    expect(nodeA.shared.driver).toBe('redis');
    const ana = await client(nodeA.url);
    const ben = await client(nodeB.url);

    await ana.emitWithAck(EVENTS.roomJoin, { code: 'crossnode', displayName: 'Ana' });
    const anaSees = nextEvent(ana, EVENTS.roomChanged);
    const benJoined = await ben.emitWithAck(EVENTS.roomJoin, { code: 'crossnode', displayName: 'Ben' });
    // Ben's node counted Ana, who lives on the other node: the adapter answered for it.
    expect(benJoined.ok && benJoined.data.members.map((m) => m.displayName).sort()).toEqual(['Ana', 'Ben']);
    const state = await anaSees;
    expect(state.members.map((m) => m.displayName).sort()).toEqual(['Ana', 'Ben']);
  });
});
