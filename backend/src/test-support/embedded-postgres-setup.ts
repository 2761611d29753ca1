import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.js';

/**
 * Vitest global setup for the storage tiers: without DATABASE_URL (a developer's `npm test`), one
 * embedded PostgreSQL cluster serves the whole run — every suite in its own schema, as in CI — and
 * DATABASE_URL points at it for the test workers and the app processes they start. Each project
 * that lists this file calls it; the first starts the cluster, the others find it running.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.DATABASE_URL) return;
  const root = path.join(tmpdir(), `cinema-dna-test-pg-${process.pid}`);
  // Durability settings off: a test cluster is thrown away; the kill-loop tests start their own servers.
  const server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    settings: { max_connections: 300, fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  process.env.DATABASE_URL = server.url;
  if (server.reused) return;
  return async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  };
}
