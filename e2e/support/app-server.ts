import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository root, from e2e/support/. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface AppServer {
  /** Base URL of the running app, e.g. http://127.0.0.1:43121 */
  url: string;
  /** The server's output so far, for failure messages. */
  output(): string;
  /** SIGTERM, then wait for the process to exit; removes the temporary data directory. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the built app (`node backend/dist/index.js`) on a free port with a fresh data directory,
 * exactly as production runs it, and resolves once it logs `listening`.
 * DATABASE_URL and REDIS_URL pass through when set, so CI exercises the real services; `env` adds
 * settings for one suite (e.g. a higher rate limit for a file that runs many searches); `root` runs
 * another checkout's build (a benchmark's "before").
 */
export async function startAppServer({ env: extraEnv = {}, root = repoRoot }: { env?: Record<string, string>; root?: string } = {}): Promise<AppServer> {
  const entry = path.join(root, 'backend/dist/index.js');
  const indexHtml = path.join(root, 'frontend/dist/index.html');
  for (const required of [entry, indexHtml]) {
    if (!existsSync(required)) throw new Error(`${path.relative(repoRoot, required)} is missing: run \`npm run build\` first.`);
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'cinema-dna-e2e-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // Every browser test talks from 127.0.0.1: the per-IP limits would throttle the suite itself.
    // The limits have their own integration tests; a suite that wants them passes `env`.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
  };
  // Each app gets its own schema (or database) and key prefix on the shared services, so runs never see each other's data.
  const isolation = `e2e_${randomBytes(5).toString('hex')}`;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = process.env.DATABASE_URL;
    env.DATABASE_SCHEMA = isolation;
    dropDatabase = () => dropSchema(process.env.DATABASE_URL!, isolation);
    const started = await startedAppData(process.env.DATABASE_URL, isolation, dataDir);
    if (started) {
      Object.assign(env, started.env);
      dropDatabase = started.drop;
    }
  }
  if (process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    env.REDIS_KEY_PREFIX = `${isolation}:`;
  }
  Object.assign(env, extraEnv);
  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  };

  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not log "listening" within ${START_TIMEOUT_MS} ms.\n${tail(lines)}`)), START_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const entry = parseLogLine(line);
      if (entry?.msg === 'listening' && typeof entry.port === 'number') {
        clearTimeout(timer);
        resolve(entry.port);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The app exited with code ${code} before listening.\n${tail(lines)}`));
    });
  }).catch(async (error: unknown) => {
    await terminate(child, exited);
    await cleanUp();
    throw error;
  });

  return {
    url: `http://127.0.0.1:${port}`,
    output: () => lines.join('\n'),
    async stop() {
      await terminate(child, exited);
      await cleanUp();
    },
  };
}

/**
 * What the app's first start leaves behind (the starter catalog imported into DATA_DIR and its details
 * into a migrated database), copied from the run's once-built templates (the browser projects' global
 * setup: backend/src/test-support/app-data-setup.ts) into `dataDir` and a new database; undefined
 * without them (the app then imports the catalog itself).
 */
async function startedAppData(url: string, name: string, dataDir: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> } | undefined> {
  const template = process.env.CINEMA_DNA_TEST_APP_TEMPLATE_DATABASE;
  const schema = process.env.CINEMA_DNA_TEST_APP_TEMPLATE_SCHEMA;
  const starterDir = process.env.CINEMA_DNA_TEST_STARTER_DIR;
  if (!template || !schema || !starterDir || !existsSync(starterDir)) return undefined;
  // Timestamps kept: the snapshot stays newer than its sources, so the app loads it without rebuilding.
  await cp(starterDir, dataDir, { recursive: true, preserveTimestamps: true });
  await onServer(url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return { env: { DATABASE_URL: copy.toString(), DATABASE_SCHEMA: schema }, drop: () => onServer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops one run's schema from the shared PostgreSQL (each app or cluster in a test gets its own). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

function parseLogLine(line: string): { msg?: unknown; port?: unknown } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as { msg?: unknown; port?: unknown };
  } catch {
    return undefined;
  }
}

function tail(lines: string[], count = 30): string {
  return lines.slice(-count).join('\n');
}
