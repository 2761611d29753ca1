#!/usr/bin/env node
// Keeps the server up: runs it as a child process and starts it again when it dies (a signal, or a
// non-zero exit), after a short backoff. A server that keeps crashing (MAX_CRASHES within
// CRASH_WINDOW_MS, e.g. a bad setting at boot) is given up on with a clear message instead of looping.
// SIGINT/SIGTERM reach the server as SIGTERM for its graceful shutdown, and the supervisor exits with
// it. (Not SIGINT: Ctrl+C already sends the server its own SIGINT, and a second one would cut the
// shutdown short; a SIGTERM on top of it only asks again.)
//
//   node scripts/supervise.mjs <server script> [args...]     (npm start runs backend/dist/index.js)
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_CRASHES = 5;
export const CRASH_WINDOW_MS = 60_000;

/** Wait before the n-th restart within the window (1-based): 100 ms, then doubling up to 5 s. */
export const backoffMs = (n) => Math.min(100 * 2 ** (n - 1), 5_000);

const log = (message) => process.stderr.write(`[supervisor] ${message}\n`);

/**
 * Runs `process.execPath script ...args` until it exits cleanly, is stopped by SIGINT/SIGTERM, or
 * crashes too often. Resolves with the exit code for the supervisor.
 */
export function supervise(script, args = [], { cwd = process.cwd(), env = process.env } = {}) {
  return new Promise((resolve) => {
    let child = null;
    let stopping = null;
    let restartTimer = null;
    const crashes = [];

    const finish = (code) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(code);
    };

    const start = () => {
      restartTimer = null;
      child = spawn(process.execPath, [script, ...args], { cwd, env, stdio: 'inherit' });
      log(`server started (pid ${child.pid})`);
      child.on('exit', onExit);
    };

    function onExit(code, signal) {
      child = null;
      if (stopping) {
        // Stopped on request: exit as the server did (a signal it did not handle counts as 128 + its number).
        finish(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 0));
        return;
      }
      if (!signal && code === 0) {
        log('server exited normally');
        finish(0);
        return;
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (crashes.length >= MAX_CRASHES) {
        log(`server ${how}; it crashed ${crashes.length} times within ${CRASH_WINDOW_MS / 1000} s, giving up (see the errors above)`);
        finish(code || 1);
        return;
      }
      const wait = backoffMs(crashes.length);
      log(`server ${how}; restarting in ${wait} ms`);
      restartTimer = setTimeout(start, wait);
    }

    function onSignal(signal) {
      if (stopping) return;
      stopping = signal;
      if (restartTimer) {
        clearTimeout(restartTimer);
        finish(0);
        return;
      }
      log(`${signal}: stopping the server (pid ${child?.pid})`);
      child?.kill('SIGTERM');
    }

    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    start();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    log('usage: node scripts/supervise.mjs <server script> [args...]');
    process.exit(2);
  }
  process.exitCode = await supervise(script, args);
}
