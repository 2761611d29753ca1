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
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
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
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
    await storage?.drop();
  });

  it('answers 503 SERVICE_UNAVAILABLE in the error shape, never 500, and serves again once it is back', { timeout: 60_000 }, async () => {
    storage = await createTestDatabase();
    const real = new URL(storage.url);
    const link = await relay({ host: real.hostname, port: Number(real.port || 5432) });
    const relayed = new URL(storage.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(link.port());
    database = await openDatabase({ url: relayed.toString(), schemaName: storage.schemaName });
    testApp = await openTestApp({ database, shared: createMemorySharedState() });
    const reviews = () => request(testApp!.app).get('/api/entity/person/kevin-bacon/reviews');
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
});
