/**
 * Two real app processes (the dist build, as `npm start` runs it) on one PostgreSQL schema and one
 * Redis prefix: the status page and the admin metrics of either list both replicas, and a watcher
 * gets one admin:metrics per interval, not one per replica.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_METRICS_INTERVAL_MS, AdminSystemSchema, EVENTS, StatusResponseSchema, type AdminMetrics, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, uniqueSuffix } from '../../test-support/targets.js';
import { freePort } from '../../test-support/private-redis.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = path.join(root, 'backend/dist/index.js');
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const ADMIN = { username: 'replica_admin', password: 'replica-admin-password' };


interface Replica {
  child: ChildProcess;
  url: string;
  pid: number;
  output: () => string;
}

describe.runIf(DATABASE_URL && REDIS_URL)('two app processes on one PostgreSQL and one Redis', () => {
  const schema = `replicas_${uniqueSuffix()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-replicas-'));
  const prefix = `replicas:${uniqueSuffix()}:`;
  const replicas: Replica[] = [];
  const sockets: Socket[] = [];

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(
      replicas.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await dropSchema(DATABASE_URL!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<Replica> {
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_SECRET: 'replicas-session-secret-long-enough-for-signing',
      },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`replica exited: ${output}`);
          return fetch(`${url}/api/health`).then((res) => res.status, () => 0);
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);
    const replica = { child, url, pid: child.pid!, output: () => output };
    replicas.push(replica);
    return replica;
  }

  async function signIn(url: string): Promise<string> {
    const csrf = await fetch(`${url}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify(ADMIN) });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  it('lists both replicas on the status page and in the admin metrics of either, and pushes one admin:metrics per interval', { timeout: 120_000 }, async () => {
    expect(existsSync(serverEntry), `${serverEntry} is missing: run npm run build first`).toBe(true);
    // One after the other: the first imports the starter catalog into the shared schema.
    const a = await start();
    const b = await start();
    const pids = [a.pid, b.pid];
    const replicaPids = (names: string[]) => names.map((name) => Number(name.split(':').at(-1))).sort();

    for (const replica of [a, b]) {
      await expect
        .poll(async () => replicaPids(StatusResponseSchema.parse(await (await fetch(`${replica.url}/api/status`)).json()).replicas.map((each) => each.replica)), { timeout: 15_000, interval: 250 })
        .toEqual([...pids].sort());
    }

    // Sessions live in the database: the cookie from one replica works on the other (as behind the proxy).
    const cookie = await signIn(a.url);
    for (const replica of [a, b]) {
      const res = await fetch(`${replica.url}/api/admin/system`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const system = AdminSystemSchema.parse(await res.json());
      expect(replicaPids(system.metrics.replicas.map((each) => each.replica))).toEqual([...pids].sort());
      expect(system.metrics.total.requestsPerSecond).toBeGreaterThan(0);
    }

    // A watcher on each replica: each gets one message per interval (each replica pushes to its own sockets only).
    const watch = async (url: string) => {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      const pushed: AdminMetrics[] = [];
      socket.on(EVENTS.adminMetrics, (metrics) => pushed.push(metrics));
      const ack = await socket.timeout(5_000).emitWithAck(EVENTS.adminWatch, {});
      expect(ack.ok).toBe(true);
      expect(replicaPids((ack as { data: AdminMetrics }).data.replicas.map((each) => each.replica))).toEqual([...pids].sort());
      return pushed;
    };
    const [onA, onB] = await Promise.all([watch(a.url), watch(b.url)]);
    await new Promise((resolve) => setTimeout(resolve, ADMIN_METRICS_INTERVAL_MS * 3 + 500));
    for (const pushed of [onA, onB]) {
      expect(pushed.length).toBeGreaterThanOrEqual(3);
      expect(pushed.length).toBeLessThanOrEqual(4);
      expect(replicaPids(pushed.at(-1)!.replicas.map((each) => each.replica))).toEqual([...pids].sort());
      expect(pushed.at(-1)!.total.sockets).toBeGreaterThanOrEqual(2);
    }
  });
});
