#!/usr/bin/env node
// `npm start`: build what is missing or out of date, then serve under the supervisor, which restarts
// the server if it crashes (scripts/supervise.mjs). Keeps `npm ci && npm start` one step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fastBuild } from './fast-build.mjs';
import { supervise } from './supervise.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const backendEntry = path.join(root, 'backend/dist/index.js');
// tsc -b rewrites its build info on every build that changed anything (index.js may be untouched);
// the start build (fast-build.mjs) writes its own stamp. The newer of the two says when it was built.
const tscStamp = path.join(root, 'backend/dist/.tsbuildinfo');
const startStamp = path.join(root, 'backend/dist/.start-build');
const frontendEntry = path.join(root, 'frontend/dist/index.html');

/** Newest modification time under a folder (skipping build output and dependencies). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sourcesAt = Math.max(...['shared-types', 'backend', 'frontend'].map((dir) => newest(path.join(root, dir))));
const backendBuiltAt = Math.max(builtAt(tscStamp), builtAt(startStamp));
if (!existsSync(backendEntry) || backendBuiltAt < sourcesAt || builtAt(frontendEntry) < sourcesAt) {
  console.log('Building Cinema DNA (first start or sources changed)...');
  const started = Date.now();
  const code = await fastBuild(root, startStamp);
  if (code !== 0) process.exit(code);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

process.exitCode = await supervise(backendEntry, [], { cwd: root });
