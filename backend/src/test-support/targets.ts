import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.js';
import { createMemorySharedState, createRedisSharedState } from '../platform/cache/index.js';
import type { SharedState } from '../platform/cache/types.js';
import { databaseUrl, onServer, TEMPLATE_DATABASE_VARIABLE, TEMPLATE_SCHEMA } from './template-database-setup.js';

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

/** Where one test's storage lies: a URL and schema to hand to openDatabase or to an app's DATABASE_URL/DATABASE_SCHEMA. */
export interface TestDatabase {
  url: string;
  schemaName: string;
  /** Removes it (with every table and row in it). */
  drop(): Promise<void>;
}

/**
 * Fresh, migrated storage for one test: a copy of the run's migrated template database
 * (test-support/template-database-setup.ts) when the global setup built one, else a new schema
 * that openDatabase migrates. Either way nothing is shared with another test.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  const template = process.env[TEMPLATE_DATABASE_VARIABLE];
  if (!template) {
    const schemaName = `test_${uniqueSuffix()}`;
    return { url, schemaName, drop: () => dropSchema(url, schemaName) };
  }
  const name = `test_${uniqueSuffix()}`;
  await onServer(url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return { url: databaseUrl(url, name), schemaName: TEMPLATE_SCHEMA, drop: () => onServer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export function databaseTargets(): DatabaseTarget[] {
  return [
    {
      name: 'postgres',
      async open() {
        // Fresh storage per suite keeps runs independent; it is dropped afterwards.
        const storage = await createTestDatabase();
        const database = await openDatabase({ url: storage.url, schemaName: storage.schemaName });
        return {
          ...database,
          async dispose() {
            await database.close();
            await storage.drop();
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
