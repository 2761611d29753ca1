#!/usr/bin/env node
// `npm run cluster`: N replicas of the built app on one PostgreSQL and one Redis, behind Debian's nginx
// with the template the compose `scale` profile uses (deploy/nginx/cinema-dna.conf.template).
//
//   npm run cluster [-- --replicas 3] [--port 8080] [--data-dir ./data]
//   npm run cluster -- --rolling-restart        restarts the replicas of the running cluster one at a time
//
// Everything it starts (the replicas, nginx, its temporary folder) stops on Ctrl+C / SIGTERM. nginx runs
// as a child (daemon off) with its own prefix, configuration, pid and logs in a temporary folder: no
// system configuration is read or touched. The same functions serve the cluster browser test and
// `npm run bench:cluster` (startCluster).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const TEMPLATE = path.join(root, 'deploy/nginx/cinema-dna.conf.template');
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx', '/usr/local/nginx/sbin/nginx'];
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** A clear refusal: printed without a stack trace by the command line. */
export class ClusterError extends Error {}

/** nginx's path, or null when it is not installed. */
export function findNginx() {
  for (const candidate of NGINX_CANDIDATES) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return which.status === 0 && found ? found : null;
}

/**
 * Renders the template as the nginx image's entrypoint does (envsubst of the variables it is given,
 * nginx's own $variables untouched).
 */
export function renderTemplate(template, variables) {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => (name in variables ? String(variables[name]) : whole));
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once host:port accepts a TCP connection, rejects after timeoutMs. */
function tcpReachable(host, port, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Redis answers PING (or asks for a password: it is there). */
async function checkRedis(url) {
  const parsed = new URL(url);
  const socket = await tcpReachable(parsed.hostname || '127.0.0.1', Number(parsed.port || 6379), 3_000);
  try {
    const reply = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply to PING within 3 s')), 3_000);
      socket.once('data', (data) => {
        clearTimeout(timer);
        resolve(String(data));
      });
      socket.once('error', reject);
      socket.write('PING\r\n');
    });
    if (!/^\+PONG|^-NOAUTH/.test(reply)) throw new Error(`unexpected reply to PING: ${reply.trim()}`);
  } finally {
    socket.destroy();
  }
}

/** PostgreSQL accepts the URL's credentials. */
async function checkPostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/** Refuses (ClusterError) unless nginx is installed and PostgreSQL and Redis answer. Returns nginx's path. */
export async function checkPrerequisites(env = process.env) {
  const nginx = findNginx();
  if (!nginx) throw new ClusterError('nginx is not installed: the cluster runs behind it. Install it (Debian: `apt-get install -y nginx-light`) and try again.');
  if (!env.DATABASE_URL) throw new ClusterError('DATABASE_URL is not set: every replica must share one PostgreSQL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/cinema');
  if (!env.REDIS_URL) throw new ClusterError('REDIS_URL is not set: the replicas share sockets, rooms and caches through Redis, e.g. REDIS_URL=redis://127.0.0.1:6379');
  try {
    await checkPostgres(env.DATABASE_URL);
  } catch (error) {
    throw new ClusterError(`PostgreSQL at DATABASE_URL is unreachable (${error instanceof Error ? error.message : String(error)}). Start it, or fix DATABASE_URL.`);
  }
  try {
    await checkRedis(env.REDIS_URL);
  } catch (error) {
    throw new ClusterError(`Redis at REDIS_URL is unreachable (${error instanceof Error ? error.message : String(error)}). Start it, or fix REDIS_URL.`);
  }
  return nginx;
}

/** Builds the app when backend/dist or frontend/dist is missing. */
function ensureBuilt(log) {
  if (existsSync(path.join(root, 'backend/dist/index.js')) && existsSync(path.join(root, 'frontend/dist/index.html'))) return;
  log('Building Cinema DNA (backend/dist or frontend/dist is missing): npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new ClusterError('npm run build failed.');
}

/** GET url/api/health; the parsed body when it answers 200 with the graph up, else null. */
export async function healthOf(url, init = {}) {
  try {
    const response = await globalThis.fetch(`${url}/api/health`, { ...init, signal: globalThis.AbortSignal.timeout(3_000) });
    if (!response.ok) return null;
    const body = await response.json();
    return body.graph?.status === 'up' ? body : null;
  } catch {
    return null;
  }
}

async function waitHealthy(url, { timeoutMs = START_TIMEOUT_MS, exited } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await healthOf(url);
    if (health) return health;
    if (exited?.()) throw new ClusterError(`the replica at ${url} exited before it was healthy`);
    if (Date.now() > deadline) throw new ClusterError(`${url}/api/health was not healthy within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts the cluster. Options: replicas (3), proxyPort (0: a free one), replicaPorts (free ones),
 * dataDir (shared by every replica, like compose's /data volume), env (added to every replica's),
 * log (a line printer), output (each replica's log lines: (id, line) => void; default dropped).
 * Resolves with { url, replicas, nginxConf, kill(id, signal), restart(id), rollingRestart(), stop() }.
 */
export async function startCluster(options = {}) {
  const log = options.log ?? (() => {});
  const baseEnv = { ...process.env, ...options.env };
  const nginx = await checkPrerequisites(baseEnv);
  ensureBuilt(log);
  const count = options.replicas ?? 3;
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new ClusterError('--replicas must be a whole number from 1 to 32.');
  const dataDir = path.resolve(options.dataDir ?? baseEnv.DATA_DIR ?? path.join(root, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const proxyPort = options.proxyPort || (await freePort());
  const ports = [];
  for (let i = 0; i < count; i += 1) ports.push(options.replicaPorts?.[i] ?? (await freePort()));
  const work = mkdtempSync(path.join(tmpdir(), 'cinema-dna-cluster-'));
  const sessionSecret = baseEnv.SESSION_SECRET ?? readOrCreateSecret(dataDir);

  const replicas = ports.map((port, index) => ({
    id: `r${index + 1}`,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    exited: null,
    stopping: false,
  }));
  const output = options.output ?? (() => {});

  const spawnReplica = (replica) => {
    const env = {
      ...baseEnv,
      PORT: String(replica.port),
      HOST: '127.0.0.1',
      REPLICA_ID: replica.id,
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      // nginx on this machine is the only proxy: its X-Forwarded-For names the client.
      TRUST_PROXY: baseEnv.TRUST_PROXY ?? 'loopback',
      NODE_ENV: baseEnv.NODE_ENV ?? 'production',
      // nginx stops sending before the SIGTERM of a rolling restart; stragglers still get answers for 2 s.
      SHUTDOWN_DRAIN_MS: baseEnv.SHUTDOWN_DRAIN_MS ?? '2000',
    };
    const child = spawn(process.execPath, [path.join(root, 'backend/dist/index.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    replica.child = child;
    replica.stopping = false;
    let done = false;
    replica.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        done = true;
        if (!replica.stopping && !stopped) log(`replica ${replica.id} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); ${replicas.filter((each) => each.child && each.child.exitCode === null && each.child.signalCode === null).length} of ${replicas.length} running`);
        resolve({ code, signal });
      }),
    );
    replica.isExited = () => done;
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => output(replica.id, line));
    return child;
  };

  const stopReplica = async (replica) => {
    const child = replica.child;
    if (!child || replica.isExited?.()) return;
    replica.stopping = true;
    child.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
    if ((await Promise.race([replica.exited, timeout])) === 'timeout') {
      child.kill('SIGKILL');
      await replica.exited;
    }
  };

  let nginxChild = null;
  let nginxExited = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (nginxChild && nginxChild.exitCode === null && nginxChild.signalCode === null) {
      nginxChild.kill('SIGTERM');
      await nginxExited;
    }
    await Promise.all(replicas.map(stopReplica));
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // The first replica alone: on a fresh data folder it imports the starter catalog and builds the
    // snapshot, which the others then only load (as compose's `app` does before `app-scaled`).
    log(`Starting replica r1 on port ${replicas[0].port}...`);
    spawnReplica(replicas[0]);
    await waitHealthy(replicas[0].url, { exited: () => replicas[0].isExited() });
    if (replicas.length > 1) log(`Starting ${replicas.length - 1} more replica(s)...`);
    for (const replica of replicas.slice(1)) spawnReplica(replica);
    await Promise.all(replicas.slice(1).map((replica) => waitHealthy(replica.url, { exited: () => replica.isExited() })));

    const conf = writeNginxConf(work, proxyPort, replicas);
    nginxChild = spawn(nginx, ['-p', `${work}/`, '-c', conf, '-e', path.join(work, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const nginxLines = [];
    for (const stream of [nginxChild.stdout, nginxChild.stderr]) createInterface({ input: stream }).on('line', (line) => nginxLines.push(line));
    nginxExited = new Promise((resolve) => nginxChild.once('exit', (code, signal) => resolve({ code, signal })));
    const url = `http://127.0.0.1:${proxyPort}`;
    await waitHealthy(url, {
      timeoutMs: 15_000,
      exited: () => {
        if (nginxChild.exitCode === null && nginxChild.signalCode === null) return false;
        const errors = existsSync(path.join(work, 'error.log')) ? readFileSync(path.join(work, 'error.log'), 'utf8') : '';
        throw new ClusterError(`nginx exited: ${[...nginxLines, errors].join('\n').trim()}`);
      },
    });

    const byId = (id) => {
      const replica = replicas.find((each) => each.id === id);
      if (!replica) throw new ClusterError(`no replica ${id}`);
      return replica;
    };
    /** Rewrites the configuration (a replica marked down or up again) and reloads nginx gracefully. */
    const reloadNginx = async () => {
      writeNginxConf(work, proxyPort, replicas);
      const before = nginxWorkers(nginxChild.pid);
      nginxChild.kill('SIGHUP');
      if (before.length === 0) {
        // No /proc to watch (not Linux): give the reload a moment.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return;
      }
      // Reloaded once the master runs a worker of the new configuration (the old ones finish their requests).
      for (let waited = 0; waited < 10_000; waited += 50) {
        if (nginxWorkers(nginxChild.pid).some((pid) => !before.includes(pid))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new ClusterError('nginx did not reload its configuration within 10 s');
    };
    /**
     * Restarts one replica without a failed request: nginx stops sending it new requests first (marked
     * down, graceful reload), then it gets SIGTERM (finishes its requests, hands its sockets over), starts
     * again on its port, and is put back once healthy.
     */
    const restart = async (id) => {
      const replica = byId(id);
      replica.down = true;
      await reloadNginx();
      await stopReplica(replica);
      spawnReplica(replica);
      await waitHealthy(replica.url, { exited: () => replica.isExited() });
      replica.down = false;
      await reloadNginx();
    };
    return {
      url,
      dataDir,
      work,
      nginxConf: conf,
      replicas: replicas.map(({ id, port, url: replicaUrl }) => ({ id, port, url: replicaUrl })),
      pid: (id) => byId(id).child?.pid ?? null,
      running: (id) => !byId(id).isExited(),
      /** Sends a signal to one replica (the tests' SIGKILL) and resolves when it has exited. */
      async kill(id, signal = 'SIGKILL') {
        const replica = byId(id);
        replica.stopping = signal === 'SIGTERM';
        replica.child.kill(signal);
        await replica.exited;
      },
      /** Starts a stopped replica again (same id and port) and waits for its health. */
      async start(id) {
        const replica = byId(id);
        if (!replica.isExited()) return;
        spawnReplica(replica);
        await waitHealthy(replica.url, { exited: () => replica.isExited() });
      },
      restart,
      /** SIGTERM one replica (it drains), start it again, wait for its health; then the next. */
      async rollingRestart({ onReplica } = {}) {
        for (const replica of replicas) {
          const started = Date.now();
          await restart(replica.id);
          onReplica?.(replica.id, Date.now() - started);
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The worker processes of an nginx master (Linux /proc; empty elsewhere). */
function nginxWorkers(masterPid) {
  try {
    return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every replica must sign session cookies alike: SESSION_SECRET, or one kept in the data folder. */
function readOrCreateSecret(dataDir) {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Renders the shared template and wraps it in a main configuration of nginx's own (temp folder only). */
function writeNginxConf(work, proxyPort, replicas) {
  const site = renderTemplate(readFileSync(TEMPLATE, 'utf8'), {
    CDNA_LISTEN: `127.0.0.1:${proxyPort}`,
    // A replica about to restart is marked `down`: nginx stops sending it anything new before its SIGTERM.
    CDNA_UPSTREAM_SERVERS: replicas.map((replica) => `server 127.0.0.1:${replica.port} max_fails=1 fail_timeout=5s${replica.down ? ' down' : ''};`).join(' '),
  });
  writeFileSync(path.join(work, 'cinema-dna.conf'), site);
  const temp = (name) => path.join(work, name);
  const main = [
    '# Written by scripts/cluster.mjs: nginx as a child process, everything in this folder.',
    'daemon off;',
    'worker_processes 1;',
    // After a reload, workers of the old configuration finish their requests; WebSockets they still hold
    // are closed by the restarting replica (its clients reconnect through the new workers).
    'worker_shutdown_timeout 30s;',
    // Running as root, workers would switch to nobody, who cannot write this folder's temp files.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  access_log ${temp('access.log')};`,
    `  client_body_temp_path ${temp('client_body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${temp('cinema-dna.conf')};`,
    '}',
    '',
  ].join('\n');
  const conf = temp('nginx.conf');
  writeFileSync(conf, main);
  return conf;
}

function parseArgs(argv) {
  const args = { replicas: 3, port: 8080, dataDir: undefined, rollingRestart: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new ClusterError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--replicas') args.replicas = Number(value());
    else if (arg === '--port') args.port = Number(value());
    else if (arg === '--data-dir') args.dataDir = value();
    else if (arg === '--rolling-restart') args.rollingRestart = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else throw new ClusterError(`unknown option ${arg} (see --help)`);
  }
  return args;
}

const pidFile = (dataDir) => path.join(dataDir, 'cluster.pid');

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log('npm run cluster [-- --replicas 3] [--port 8080] [--data-dir ./data]\nnpm run cluster -- --rolling-restart   (restarts the running cluster\'s replicas one at a time)');
    return;
  }
  const dataDir = path.resolve(args.dataDir ?? process.env.DATA_DIR ?? path.join(root, 'data'));
  if (args.rollingRestart) {
    if (!existsSync(pidFile(dataDir))) throw new ClusterError(`no running cluster for ${dataDir} (no cluster.pid)`);
    const pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
    process.kill(pid, 'SIGUSR2');
    console.log(`Asked the cluster (pid ${pid}) for a rolling restart; it logs each replica as it comes back.`);
    return;
  }
  const cluster = await startCluster({
    replicas: args.replicas,
    proxyPort: args.port,
    dataDir,
    log: (line) => console.log(line),
    output: (id, line) => {
      // Warnings and errors only (the replicas log JSON lines; level 40+).
      try {
        if (JSON.parse(line).level >= 40) console.log(`[${id}] ${line}`);
      } catch {
        console.log(`[${id}] ${line}`);
      }
    },
  });
  writeFileSync(pidFile(dataDir), String(process.pid));
  console.log(`\nCinema DNA: ${cluster.url}  (${cluster.replicas.map((each) => `${each.id} :${each.port}`).join(', ')}; nginx ${cluster.nginxConf})`);
  console.log('Ctrl+C stops everything; `npm run cluster -- --rolling-restart` restarts the replicas one at a time.');
  let restarting = false;
  process.on('SIGUSR2', () => {
    if (restarting) return;
    restarting = true;
    console.log('Rolling restart...');
    cluster
      .rollingRestart({ onReplica: (id, ms) => console.log(`  ${id} back in ${(ms / 1000).toFixed(1)} s`) })
      .then(() => console.log('Rolling restart done.'), (error) => console.error(`Rolling restart failed: ${error.message}`))
      .finally(() => (restarting = false));
  });
  const shutdown = (signal) => {
    console.log(`\n${signal}: stopping nginx and the replicas...`);
    cluster.stop().then(() => {
      try {
        unlinkSync(pidFile(dataDir));
      } catch {
        // already gone
      }
      process.exit(0);
    });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof ClusterError ? `npm run cluster: ${error.message}` : error);
    process.exit(1);
  });
}
