import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.js';
import { createMemorySharedState, createRedisSharedState } from '../platform/cache/index.js';
import type { SharedState } from '../platform/cache/types.js';

/**
 * The storage implementations a test suite runs against: the embedded defaults always, and the
 * real PostgreSQL / Redis whenever DATABASE_URL / REDIS_URL are set (CI sets them).
 */
export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<Database & { dispose(): Promise<void> }>;
}
export interface SharedStateTarget {
  name: 'memory' | 'redis';
  open(): Promise<SharedState>;
}

export const uniqueSuffix = () => randomBytes(5).toString('hex');

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async open() {
        const database = await openDatabase({});
        return { ...database, dispose: () => database.close() };
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    targets.push({
      name: 'postgres',
      async open() {
        // A fresh schema per suite keeps runs independent; it is dropped afterwards.
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
    });
  }
  return targets;
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
