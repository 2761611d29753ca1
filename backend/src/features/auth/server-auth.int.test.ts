import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logging.js';
import { startServer, type RunningServer } from '../../server.js';

const ADMIN = { username: 'root_admin', password: 'an-admin-password-1' };

/** Signs in over real HTTP; resolves to the session cookie and the user. */
async function signIn(url: string, username: string, password: string) {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anonymousCookie, [CSRF_HEADER]: csrfToken },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, user: (await res.json()) as { id: number; role: string } };
}

describe('the running server with ADMIN_USERNAME / ADMIN_PASSWORD', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-admin-'));
  const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const sockets: Socket[] = [];
  let server: RunningServer | undefined;
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the admin at start, authenticates sockets from the session cookie, and keeps both across a restart', async () => {
    server = await startServer(loadConfig(env), { logger: createLogger('silent'), searchWorkers: 0 });
    const { cookie, user } = await signIn(server.url, ADMIN.username, ADMIN.password);
    expect(user.role).toBe('admin');

    const signedIn: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
    const anonymous: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, { transports: ['websocket'], forceNew: true });
    sockets.push(signedIn, anonymous);
    await Promise.all([signedIn, anonymous].map((socket) => new Promise((resolve) => socket.once('connect', () => resolve(undefined)))));
    const inRoom = await server.io.in(`user:${user.id}`).fetchSockets();
    expect(inRoom.map((socket) => socket.id)).toEqual([signedIn.id]);
    expect(inRoom[0]!.data.userId).toBe(user.id);
    signedIn.disconnect();
    anonymous.disconnect();
    await server.close();

    // A restart: the same admin (not a second one), and the session is still valid.
    server = await startServer(loadConfig(env), { logger: createLogger('silent'), searchWorkers: 0 });
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(user.id);
  });
});

describe('start-up configuration', () => {
  it('refuses an ADMIN_PASSWORD that breaks the password rules, without echoing it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-admin-bad-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'short1' })).toThrow(/ADMIN_PASSWORD: Passwords are 10 to 128/);
      expect(() => loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'short1' })).not.toThrow(/short1/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
