/**
 * The production start keeps the server up: scripts/supervise.mjs (what `npm start` runs after its
 * build check) restarts the built server when it is killed, gives up on a server that crashes at
 * boot, and stops it gracefully on SIGTERM. Runs the real dist build (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test-support/private-redis.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const supervisor = path.join(root, 'scripts/supervise.mjs');
const serverEntry = path.join(root, 'backend/dist/index.js');

interface Supervised {
  process: ChildProcess;
  /** Server pids in the order the supervisor started them. */
  pids: number[];
  output: () => string;
  exited: Promise<number | null>;
}

const running: Supervised[] = [];
const dirs: string[] = [];

function runSupervisor(script: string, env: NodeJS.ProcessEnv): Supervised {
  const child = spawn(process.execPath, [supervisor, script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const pids: number[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const match of chunk.toString().matchAll(/server started \(pid (\d+)\)/g)) pids.push(Number(match[1]));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const supervised = { process: child, pids, output: () => output, exited };
  running.push(supervised);
  return supervised;
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}


const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.process.exitCode === null && s.process.signalCode === null) {
      s.process.kill('SIGTERM');
      await s.exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the supervisor behind npm start', () => {
  it('brings the server back after kill -9, then stops it gracefully on SIGTERM', async () => {
    expect(existsSync(serverEntry), `${serverEntry} is missing: run npm run build first`).toBe(true);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Embedded storage in a fresh DATA_DIR: this is about the process, not the database.
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
    const s = runSupervisor(serverEntry, { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir('cdna-restart-'), LOG_LEVEL: 'warn' });

    await expect.poll(() => healthy(url), { timeout: 90_000, interval: 200 }).toBe(true);
    const first = s.pids[0]!;
    expect(s.pids).toEqual([first]);

    process.kill(first, 'SIGKILL');
    const killedAt = performance.now();
    await expect.poll(() => !alive(first) && s.pids.length === 2, { timeout: 10_000, interval: 20 }).toBe(true);
    // Only the new process can answer now: the killed one held the port alone.
    await expect.poll(() => healthy(url), { timeout: 30_000, interval: 50 }).toBe(true);
    const backInMs = Math.round(performance.now() - killedAt);
    console.log(`server restart: serving again ${backInMs} ms after kill -9 (pid ${first} -> ${s.pids[1]})`);
    expect(alive(s.pids[1]!)).toBe(true);
    expect(s.output()).toContain('server was killed by SIGKILL; restarting');

    s.process.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(alive(s.pids[1]!)).toBe(false);
    expect(s.pids).toHaveLength(2);
  }, 180_000);

  it('gives up with a clear message on a server that crashes at boot, instead of looping', async () => {
    const script = path.join(tempDir('cdna-crash-'), 'crash-at-boot.mjs');
    writeFileSync(script, "console.error('cannot start'); process.exit(7);\n");
    const s = runSupervisor(script, process.env);
    expect(await s.exited).toBe(7);
    expect(s.pids).toHaveLength(5);
    expect(s.output()).toMatch(/exited with code 7; it crashed 5 times within 60 s, giving up/);
  }, 60_000);

  it('does not restart a server that exits cleanly', async () => {
    const script = path.join(tempDir('cdna-clean-'), 'clean-exit.mjs');
    writeFileSync(script, 'process.exit(0);\n');
    const s = runSupervisor(script, process.env);
    expect(await s.exited).toBe(0);
    expect(s.pids).toHaveLength(1);
    expect(s.output()).toContain('server exited normally');
  }, 60_000);
});
