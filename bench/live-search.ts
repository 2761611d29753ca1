/**
 * Live search as a user sees it: Chromium drives the real home page (built app, real server) and
 * records, per search, the time from clicking Find Connection to the first `search:progressed` event
 * and to the result arriving (the page's raw arrival times, before its animation pacing). Runs on
 * the starter catalog and, when ../shared/data/tmdb-5000 is present, on the TMDB 5000 import.
 *
 *   npm run build && npm run bench:live
 *
 * Prints a table and writes bench/results/live-search.json. Needs Chromium (/usr/bin/chromium).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.js';
import { DESKTOP, launchBrowser } from '../e2e/support/browser.js';
import { runImport } from '../backend/src/ingest/pipeline.js';
import { importTmdb5000 } from '../backend/src/ingest/tmdb5000/importer.js';
import { openDatabase } from '../backend/src/platform/db/database.js';
import { createLogger } from '../backend/src/platform/logging.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const TMDB_5000 = path.resolve(repoRoot, '../shared/data/tmdb-5000');

/** Well-known pairs present in both datasets. */
const PAIRS: Array<[string, string]> = [
  ['Kevin Bacon', 'Tom Hanks'],
  ['Meryl Streep', 'Keanu Reeves'],
  ['Tom Cruise', 'Kevin Bacon'],
  ['Leonardo DiCaprio', 'Meryl Streep'],
  ['Brad Pitt', 'Julia Roberts'],
  ['Morgan Freeman', 'Scarlett Johansson'],
  ['Harrison Ford', 'Cate Blanchett'],
  ['Keanu Reeves', 'Sandra Bullock'],
];

interface Sample {
  pair: string;
  firstProgressMs: number;
  resultMs: number;
  degrees: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};

async function pick(page: Page, label: string, name: string): Promise<boolean> {
  const form = page.getByRole('form', { name: 'Find a connection' });
  const input = form.getByRole('combobox', { name: label, exact: true });
  await input.fill(name);
  const option = page.getByRole('option', { name: new RegExp(`^${name},`) }).first();
  try {
    await option.waitFor({ timeout: 5_000 });
  } catch {
    return false;
  }
  await option.click();
  return true;
}

async function measure(browser: Browser, url: string): Promise<Sample[]> {
  const samples: Sample[] = [];
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const close = () => context.close();
  try {
    for (const [from, to] of PAIRS) {
      await page.goto(url);
      await page.getByTestId('presence-count').waitFor({ timeout: 15_000 });
      if (!(await pick(page, 'From', from)) || !(await pick(page, 'To', to))) continue;
      await page.getByRole('form', { name: 'Find a connection' }).getByRole('button', { name: 'Find Connection' }).click();
      const stage = page.getByTestId('search-stage');
      await page.getByRole('heading', { name: /Connection Found!|No Connection Found/ }).waitFor({ timeout: 30_000 });
      samples.push({
        pair: `${from} → ${to}`,
        firstProgressMs: Number(await stage.getAttribute('data-first-progress-ms')),
        resultMs: Number(await stage.getAttribute('data-result-ms')),
        degrees: (await page.getByRole('heading', { name: 'Connection Found!' }).count()) ? 'found' : 'none',
      });
    }
  } finally {
    await close();
  }
  return samples;
}

async function prepareTmdb5000(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-bench-live-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  try {
    await runImport('tmdb5000', importTmdb5000, { dir: TMDB_5000 }, { dataDir, db: database.db, logger: createLogger('warn') });
  } finally {
    await database.close();
  }
  return dataDir;
}

async function main(): Promise<void> {
  const browser = await launchBrowser();
  const datasets: Array<{ name: string; env: Record<string, string>; cleanup?: () => void }> = [{ name: 'starter catalog', env: {} }];
  if (existsSync(TMDB_5000)) {
    console.log('importing TMDB 5000 into a temp DATA_DIR...');
    const dataDir = await prepareTmdb5000();
    datasets.push({ name: 'TMDB 5000 import', env: { DATA_DIR: dataDir }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) });
  } else {
    console.log(`${TMDB_5000} not found: measuring the starter catalog only`);
  }
  const results: Record<string, { samples: Sample[]; firstProgress: { p50: number; p95: number }; result: { p50: number; p95: number } }> = {};
  try {
    for (const dataset of datasets) {
      // Embedded storage only: this measures the engine and the socket path, not a remote database.
      const server = await startAppServer({ env: { FIND_CONNECTION_RATE_LIMIT: '0', ...dataset.env } });
      try {
        const samples = await measure(browser, server.url);
        results[dataset.name] = {
          samples,
          firstProgress: { p50: quantile(samples.map((s) => s.firstProgressMs), 0.5), p95: quantile(samples.map((s) => s.firstProgressMs), 0.95) },
          result: { p50: quantile(samples.map((s) => s.resultMs), 0.5), p95: quantile(samples.map((s) => s.resultMs), 0.95) },
        };
      } finally {
        await server.stop();
        dataset.cleanup?.();
      }
    }
  } finally {
    await browser.close();
  }

  console.log('\nclick → first search:progressed / → result, in Chromium (raw arrival, before animation pacing)\n');
  console.log(`${'dataset'.padEnd(18)} ${'searches'.padStart(8)} ${'first p50'.padStart(10)} ${'first max'.padStart(10)} ${'result p50'.padStart(11)} ${'result max'.padStart(11)}`);
  for (const [name, r] of Object.entries(results)) {
    const max = (values: number[]) => Math.max(...values);
    console.log(
      `${name.padEnd(18)} ${String(r.samples.length).padStart(8)} ${`${r.firstProgress.p50} ms`.padStart(10)} ${`${max(r.samples.map((s) => s.firstProgressMs))} ms`.padStart(10)} ${`${r.result.p50} ms`.padStart(11)} ${`${max(r.samples.map((s) => s.resultMs))} ms`.padStart(11)}`,
    );
  }
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  const file = path.join(repoRoot, 'bench/results/live-search.json');
  writeFileSync(file, `${JSON.stringify({ generatedAt: new Date().toISOString(), machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version }, results }, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
