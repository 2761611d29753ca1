import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The committed SQL migrations; the same folder from src/ and from dist/. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * One drizzle type for both drivers: stores never know which one they run on. No relational-query
 * schema: each feature imports its own tables (features/<f>/schema.ts), so this module needs none.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  /** A real round trip; resolves to its latency in ms. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; unset means embedded PGlite. */
  url?: string;
  /** Schema to create and use (search_path) on PostgreSQL. */
  schemaName?: string;
  /** PGlite data folder; unset means in-memory (tests). */
  pgliteDir?: string;
}

/** Opens the database named by the options and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schemaName ?? 'public') : openPglite(options.pgliteDir);
}

async function openPostgres(url: string, schemaName: string): Promise<Database> {
  // search_path as a startup option: every pooled connection lands in the schema before its first query.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, options: `-c search_path=${schemaName}` });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: schemaName });
    return { db, driver: 'postgres', ping: () => timed(() => db.execute(sql`select 1`)), close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, driver: 'pglite', ping: () => timed(() => db.execute(sql`select 1`)), close: () => client.close() };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
