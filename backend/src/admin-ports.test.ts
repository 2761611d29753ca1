import { describe, expect, it } from 'vitest';
import { localSystemHealth } from './admin-ports.js';
import { createMemorySharedState } from './platform/cache/memory.js';
import type { Database } from './platform/db/database.js';

const graph = { status: () => ({ status: 'up' as const, entities: 1, links: 1 }) };
const database = (ping: () => Promise<number>) => ({ driver: 'pglite', ping }) as unknown as Database;

describe('the admin Overview’s System Health from this process', () => {
  it('reports the database by a real ping, the movie APIs as not configured without a key, load and memory as fractions', async () => {
    const health = await localSystemHealth({ database: database(async () => 1), shared: createMemorySharedState(), graph, startedAt: Date.now() }, {})();
    expect(health).toMatchObject({ database: 'healthy', tmdbApi: 'not_configured', wikidataApi: 'not_configured' });
    for (const fraction of [health.serverLoad, health.memoryUsage]) {
      expect(fraction).toBeGreaterThanOrEqual(0);
      expect(fraction).toBeLessThanOrEqual(1);
    }
    expect(health.memoryUsage).toBeGreaterThan(0);
  });

  it('reports a database that does not answer as an error, and TMDB as configured with a key', async () => {
    const health = await localSystemHealth(
      { database: database(() => Promise.reject(new Error('connection refused'))), shared: createMemorySharedState(), graph, startedAt: Date.now() },
      { TMDB_API_KEY: 'key' },
    )();
    expect(health).toMatchObject({ database: 'error', tmdbApi: 'healthy' });
  });
});
