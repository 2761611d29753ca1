import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../platform/db/database.js';

/** Names the run's migrated template database (set by the global setup below, read by test-support/targets.ts). */
export const TEMPLATE_DATABASE_VARIABLE = 'CINEMA_DNA_TEST_TEMPLATE_DATABASE';
/** The schema every copy of the template holds its tables in (each copy is its own database). */
export const TEMPLATE_SCHEMA = 'app';

/** The same server's URL, naming another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the server's maintenance connection (the URL's own database). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Vitest global setup for the storage tiers (after embedded-postgres-setup.ts, which provides DATABASE_URL):
 * migrates one template database once per run, which every test database copies (`CREATE DATABASE …
 * TEMPLATE`, tens of milliseconds) instead of running every migration again (about a second each).
 * Each project that lists this file calls it; the first builds the template, the others find it.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const url = process.env.DATABASE_URL;
  if (!url || process.env[TEMPLATE_DATABASE_VARIABLE]) return;
  const template = `cdna_template_${randomBytes(5).toString('hex')}`;
  await onServer(url, `CREATE DATABASE "${template}"`);
  const database = await openDatabase({ url: databaseUrl(url, template), schemaName: TEMPLATE_SCHEMA });
  await database.close();
  // No connections (a copy needs none open on its template); IS_TEMPLATE documents what it is for.
  await onServer(url, `ALTER DATABASE "${template}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  process.env[TEMPLATE_DATABASE_VARIABLE] = template;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_VARIABLE];
    await onServer(url, `ALTER DATABASE "${template}" WITH IS_TEMPLATE false`);
    await onServer(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}
