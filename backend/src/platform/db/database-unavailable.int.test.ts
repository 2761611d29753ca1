/**
 * PostgreSQL gone while the app runs (a crash, a restart, a network cut): requests that need it are answered
 * 503 SERVICE_UNAVAILABLE in the error shape, never 500, and the app answers normally once it is back.
 * The app reaches the run's PostgreSQL through a TCP relay the test cuts and restores.
 */
import { createServer, Socket, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../cache/memory.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/targets.js';
import { openDatabase, type Database } from './database.js';

/** Relays every connection to `target`; `cut()` drops them all and stops listening, `restore()` listens again on the same port. */
async function relay(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  /** The app's ends of the open connections. */
  const clients = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        clients.add(client);
        client.on('close', () => clients.delete(client));
        const upstream = new Socket();
        upstream.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    port: () => port,
    /**
     * The open connections end as soon as the app next sends anything on them (a query on a pooled connection
     * the pool still believes in); returns what disarms those not used meanwhile.
     */
    breakOnNextSend(): () => void {
      const armed = [...clients].map((socket) => {
        const end = () => socket.destroy();
        socket.once('data', end);
        return () => socket.off('data', end);
      });
      return () => armed.forEach((disarm) => disarm());
    },
    async cut() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
  };
}

describe('while PostgreSQL cannot be reached', () => {
  let storage: TestDatabase | undefined;
  let database: Database | undefined;
  let testApp: TestApp | undefined;
  let link: Awaited<ReturnType<typeof relay>>;
  const reviews = () => request(testApp!.app).get('/api/entity/person/kevin-bacon/reviews');
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
    await storage?.drop();
  });

  it('answers 503 SERVICE_UNAVAILABLE in the error shape, never 500, and serves again once it is back', { timeout: 60_000 }, async () => {
    storage = await createTestDatabase();
    const real = new URL(storage.url);
    link = await relay({ host: real.hostname, port: Number(real.port || 5432) });
    const relayed = new URL(storage.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(link.port());
    database = await openDatabase({ url: relayed.toString(), schemaName: storage.schemaName });
    testApp = await openTestApp({ database, shared: createMemorySharedState() });
    expect((await reviews()).status).toBe(200);

    // Cut while a transaction holds a connection between two queries: that connection's error must not be an
    // uncaught exception (it would end the process; vitest fails the file on one); the transaction fails instead.
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await link.cut();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`select 1`);
    });
    await expect(held).rejects.toThrow();
    const gone = await reviews();
    expect(gone.status).toBe(503);
    expect(gone.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is not answering right now; try again in a moment.',
      details: { retryable: true, requestId: expect.any(String) },
    });
    // Every request meanwhile, not just the first: the pool's next connection attempt is refused too.
    expect((await reviews()).status).toBe(503);

    await link.restore();
    await expect.poll(async () => (await reviews()).status, { timeout: 10_000, interval: 100 }).toBe(200);
  });

  it('gives a connection back to the pool when it is lost at BEGIN, so a run of such moments cannot leave the app waiting forever', { timeout: 60_000 }, async () => {
    // More lost BEGINs than the pool holds connections (10): a connection kept by each would leave none.
    for (let moment = 0; moment < 12; moment += 1) {
      expect((await reviews()).status).toBe(200);
      const disarm = link.breakOnNextSend();
      await expect(database!.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      disarm();
    }
    expect((await reviews()).status).toBe(200);
  });
});
