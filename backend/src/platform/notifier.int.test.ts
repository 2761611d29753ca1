import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENTS, type ClientToServerEvents, type Presence, type RoomState, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { TEST_PASSWORD } from '../test-support/accounts.js';
import { loadConfig } from './config.js';
import { createLogger } from './logging.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Markers no real presence count reaches in this test, so the automatic presence broadcasts are told apart. */
const TO_USER = 1_001;
const EVERYONE = 1_003;
const ON_SIGN_IN = 1_004;

describe('the notifier port over Socket.IO', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-notifier-'));
  let server: RunningServer;
  const sockets: Client[] = [];
  beforeAll(async () => {
    server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), { logger: createLogger('silent'), searchWorkers: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function session(path: '/api/auth/register' | '/api/auth/login', username: string) {
    const csrf = await fetch(`${server.url}/api/auth/csrf`);
    const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: anonymousCookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: TEST_PASSWORD }),
    });
    expect(res.status).toBeLessThan(300);
    return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, userId: ((await res.json()) as { id: number }).id };
  }

  /** A connected client and every presence count and room state it receives, in order. */
  async function client(cookie?: string) {
    const socket: Client = connect(server.url, { transports: ['websocket'], forceNew: true, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(socket);
    const presence: number[] = [];
    const rooms: RoomState[] = [];
    socket.on(EVENTS.presenceChanged, ({ online }: Presence) => presence.push(online));
    socket.on(EVENTS.roomChanged, (state) => rooms.push(state));
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    /** Resolves once this client has received `online`. */
    const received = (online: number) =>
      new Promise<void>((resolve) => {
        if (presence.includes(online)) return resolve();
        const check = ({ online: value }: Presence) => {
          if (value !== online) return;
          socket.off(EVENTS.presenceChanged, check);
          resolve();
        };
        socket.on(EVENTS.presenceChanged, check);
      });
    return { socket, presence, rooms, received };
  }

  it('reaches one user’s sockets, one room, or everyone, with the typed events of shared-types', async () => {
    const username = `notified_${Date.now().toString(36)}`;
    const { cookie, userId } = await session('/api/auth/register', username);
    const mine = await client(cookie);
    const stranger = await client();
    const player = await client();
    expect(await player.socket.emitWithAck(EVENTS.roomJoin, { code: 'lobby', displayName: 'Ana' })).toMatchObject({ ok: true });
    const { notifier } = server.services;

    notifier.toUser(userId, EVENTS.presenceChanged, { online: TO_USER });
    notifier.toRoom('room:lobby', EVENTS.roomChanged, { code: 'lobby', members: [{ socketId: 'x', displayName: 'From the server' }] });
    notifier.broadcast(EVENTS.presenceChanged, { online: EVERYONE });
    // Socket.IO keeps each socket's events in order: once the broadcast is in, what was meant for it came before.
    await Promise.all([mine, stranger, player].map((each) => each.received(EVERYONE)));

    expect(mine.presence.filter((n) => n > 1_000)).toEqual([TO_USER, EVERYONE]);
    expect(stranger.presence.filter((n) => n > 1_000)).toEqual([EVERYONE]);
    expect(player.presence.filter((n) => n > 1_000)).toEqual([EVERYONE]);
    expect(player.rooms.map((state) => state.members[0]?.displayName)).toEqual(['From the server']);
    expect([...mine.rooms, ...stranger.rooms]).toEqual([]);
  });

  it('lets a subscriber push to the user an event is about, without touching Socket.IO', async () => {
    const username = `subscribed_${Date.now().toString(36)}`;
    const { cookie, userId } = await session('/api/auth/register', username);
    const mine = await client(cookie);
    const { events, notifier } = server.services;
    events.subscribe({
      id: 'test.greet-on-sign-in',
      events: ['user.signed_in'],
      async handle(signedIn) {
        for (const { payload } of signedIn) notifier.toUser(payload.userId, EVENTS.presenceChanged, { online: ON_SIGN_IN });
      },
    });

    // Signing in elsewhere: the event goes through the outbox, its subscriber reaches this user's open socket.
    expect((await session('/api/auth/login', username)).userId).toBe(userId);
    await mine.received(ON_SIGN_IN);
    expect(mine.presence.filter((n) => n > 1_000)).toEqual([ON_SIGN_IN]);
  });

  it('ends every socket of one user, and only theirs (a deactivated or deleted account)', async () => {
    const { cookie, userId } = await session('/api/auth/register', `ended_${Date.now().toString(36)}`);
    const mine = await client(cookie);
    const stranger = await client();
    const ended = new Promise<string>((resolve) => mine.socket.once('disconnect', resolve));
    server.services.notifier.disconnectUser(userId);
    expect(await ended).toBe('io server disconnect');
    expect(stranger.socket.connected).toBe(true);
  });
});
