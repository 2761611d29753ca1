/**
 * npm run bench:kill-loop [-- --kills 200]
 *
 * The crash-safety loop of the embedded default (backend/src/test-support/kill-loop.ts): the built
 * server on its embedded PostgreSQL, 8 concurrent writers (diary, reviews, follows, saved
 * connections), `kill -9` at random instants — the app alone, or the app with every PostgreSQL
 * process — then restart and look up every acknowledged write in the database. Needs `npm run build`.
 *
 * Prints a table (restart times, writes acknowledged and lost; the target is 0 lost and a healthy
 * start after every kill: printed, never asserted) and writes bench/results/kill-loop.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runKillLoop } from '../backend/src/test-support/kill-loop.js';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { kills: { type: 'string', default: '200' }, seed: { type: 'string', default: '24' } } });
const kills = Number(values.kills);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const started = performance.now();
const result = await runKillLoop({ kills, seed: Number(values.seed), log: (message) => console.log(message) });
const minutes = (performance.now() - started) / 60_000;

const restarts = (mode: string) => result.rounds.filter((r) => r.mode === mode).map((r) => r.restartMs).sort((a, b) => a - b);
const rows: Array<[string, number[]]> = [
  ['restart after killing the app (its PostgreSQL reused)', restarts('app')],
  ['restart after killing the app and PostgreSQL (crash recovery)', restarts('app+postgres')],
];
console.log(`\n${result.kills} kills in ${minutes.toFixed(1)} min (${result.killsOfPostgres} with PostgreSQL), ${result.healthyStarts}/${result.kills + 1} starts healthy\n`);
console.log(['ms to a healthy /api/health'.padEnd(64), 'count', 'p50', 'p95', 'max'].join('  '));
for (const [name, ms] of rows) console.log([name.padEnd(64), String(ms.length).padStart(5), String(percentile(ms, 50)).padStart(5), String(percentile(ms, 95)).padStart(5), String(ms.at(-1) ?? 0).padStart(5)].join('  '));
const a = result.acknowledged;
console.log(`\nacknowledged writes: ${a.total} (diary ${a.diary}, reviews ${a.reviews}, follow states ${a.follows}, saved connections ${a.saved}); lost: ${result.lost.length}${result.lost.length ? ` — ${result.lost.slice(0, 10).join(', ')}` : ''}`);
console.log(`target: every start healthy and 0 lost — ${result.lost.length === 0 && result.healthyStarts === result.kills + 1 ? 'met' : 'NOT MET'}`);

mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
const file = path.join(repoRoot, 'bench/results/kill-loop.json');
writeFileSync(
  file,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadAverage: loadavg() }, minutes, ...result }, null, 2)}\n`,
);
console.log(`\nwrote ${file}`);
