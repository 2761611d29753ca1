import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres.js';
import { releaseConnectionWhenBeginFails } from './transaction-release.js';

/** The committed SQL migrations; the same folder from src/ and from dist/. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * One drizzle type for every store. No relational-query schema: each feature imports its own tables
 * (features/<f>/schema.ts), so this module needs none.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  /**
   * The same database through a second, smaller pool whose commits do not wait for their WAL flush
   * (`synchronous_commit = off`): for state written many times a second whose last fraction of a
   * second may be lost only if PostgreSQL itself or the machine crashes — never when an app process
   * dies, since PostgreSQL already holds the commit. Race rooms use it; nothing that pays, counts or
   * belongs to an account does.
   */
  liveDb: Db;
  /** `postgres`: a server named by DATABASE_URL; `embedded-postgres`: the one the app runs under DATA_DIR. */
  driver: 'postgres' | 'embedded-postgres';
  /** A real round trip; resolves to its latency in ms. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; unset means the embedded server in `embeddedDir`. */
  url?: string;
  /** Schema to create and use (search_path). */
  schemaName?: string;
  /** The embedded server's cluster folder (DATA_DIR/postgres), used when `url` is unset. */
  embeddedDir?: string;
  /**
   * Whether close() stops the embedded server: `always` for the app, which owns it (also when it
   * reused one a killed run left behind); `if-started` for a command run beside a running app.
   */
  stopEmbedded?: 'always' | 'if-started';
  log?: (message: string) => void;
}

/**
 * The embedded server's folder under DATA_DIR. Data of the earlier embedded store (PGlite, in
 * DATA_DIR/pg) is never silently replaced by a fresh database: start-up stops and says what to do.
 */
export function embeddedDatabaseDir(dataDir: string): string {
  const dir = path.join(dataDir, 'postgres');
  const pglite = path.join(dataDir, 'pg');
  if (!existsSync(dir) && existsSync(path.join(pglite, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `${pglite} holds data of the earlier embedded store (PGlite), which this version no longer runs; its embedded PostgreSQL keeps data in ${dir}. ` +
        `Its accounts and diaries are not carried over automatically: keep the folder and run the previous version to export them, or move ${pglite} away to start with a fresh database (the catalog is imported again).`,
    );
  }
  return dir;
}

/** Opens the database named by the options (starting the embedded server if needed) and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.schemaName ?? 'public', 'postgres');
  if (!options.embeddedDir) throw new Error('openDatabase needs a DATABASE_URL or the embedded server\'s folder');
  const server = await startEmbeddedPostgres({ dataDir: options.embeddedDir, log: options.log });
  try {
    const database = await openPostgres(server.url, options.schemaName ?? 'public', 'embedded-postgres');
    const stops = options.stopEmbedded !== 'if-started' || !server.reused;
    return { ...database, close: () => database.close().finally(() => (stops ? server.stop() : undefined)) };
  } catch (error) {
    if (!server.reused) await server.stop().catch(() => {});
    throw error;
  }
}

/**
 * A connection losing its server (PostgreSQL stopped, restarted, cut off) must not crash the process: the
 * pool reports it for idle connections, but a connection checked out between two queries (a transaction)
 * emits its error with no listener, an uncaught exception. Each connection gets a listener of its own; the
 * query in flight, or the next one, fails instead (answered 503, platform/errors.ts), and the pool drops it.
 */
function keepAliveWhenServerGoes(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

async function openPostgres(url: string, schemaName: string, driver: Database['driver']): Promise<Database> {
  releaseConnectionWhenBeginFails();
  // search_path as a startup option: every pooled connection lands in the schema before its first query.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, options: `-c search_path=${schemaName}` });
  keepAliveWhenServerGoes(pool);
  let livePool: pg.Pool | undefined;
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    const db = drizzle(pool) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: schemaName });
    // Its own connections, so live writes neither wait behind the main pool's queries nor hold them up.
    livePool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, options: `-c search_path=${schemaName} -c synchronous_commit=off` });
    keepAliveWhenServerGoes(livePool);
    const live = livePool;
    const liveDb = drizzle(live) as unknown as Db;
    return { db, liveDb, driver, ping: () => timed(() => db.execute(sql`select 1`)), close: () => Promise.all([pool.end(), live.end()]).then(() => undefined) };
  } catch (error) {
    await Promise.all([pool.end().catch(() => {}), livePool?.end().catch(() => {})]);
    throw error;
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
