/**
 * `npm run bench:web` — how the built app loads on a phone: Lighthouse 12.2.3 in its default mobile mode
 * (a simulated mid-range phone on slow 4G) against Debian's Chromium, on the starter catalog.
 *
 * For each route: median of RUNS runs of the performance score, LCP, total blocking time, CLS and the
 * JavaScript transferred (compressed bytes on the wire). Beside them, in the same run, a baseline: a
 * static page of the same server with the same fonts and CSS and no script (what the machine and the
 * simulated phone give a page that runs nothing), so a slow machine shows as a slow baseline.
 *
 *   npm run bench:web                       the current build (frontend/dist)
 *   npm run bench:web -- --root /tmp/old    another checkout's built app (server and frontend), e.g. main before a change
 *   BENCH_WEB_RUNS=1 npm run bench:web      fewer runs, for a quick look
 *   BENCH_WEB_DETAIL=1                      also lists each page's scripts by size
 *
 * Prints a table and writes bench/results/web.json (or web-<label>.json with --label). Needs `npm run build`
 * and Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startAppServer } from '../e2e/support/app-server.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

/** The routes of issue 27, as a phone user arrives on them (a first visit: empty cache). */
const ALL_ROUTES = [
  '/',
  '/challenges',
  '/discovery',
  '/connection-result?from=person:kevin-bacon&to=person:tom-hanks',
  '/leaderboards',
  '/entity/person/kevin-bacon',
];
/** `BENCH_WEB_ROUTES=/,/discovery` measures only those (a quick look at one page). */
const ROUTES = process.env.BENCH_WEB_ROUTES ? process.env.BENCH_WEB_ROUTES.split(',') : ALL_ROUTES;
const BASELINE_PATH = '/bench-baseline.html';

const TARGETS = { score: 90, lcpMs: 2_500, tbtMs: 200, cls: 0.1, homeScriptKb: 170 };

interface Sample {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  totalKb: number;
}

const { values: args } = parseArgs({ options: { root: { type: 'string' }, label: { type: 'string' } } });
const appRoot = path.resolve(args.root ?? repoRoot);
const sourceDist = path.join(appRoot, 'frontend/dist');

/**
 * A copy of the build with the baseline page added: the app's own <head> (fonts, CSS, meta) and a
 * static hero, with every script and module preload removed.
 */
function prepareStaticDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cinema-dna-bench-web-'));
  cpSync(sourceDist, dir, { recursive: true });
  const indexHtml = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const baseline = indexHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<div id="root"><\/div>/,
      '<main class="mx-auto max-w-3xl p-6"><h1 class="text-4xl font-semibold">Every film is six links away</h1>' +
        '<p class="mt-4 text-lg">Pick two cinema entities and watch Cinema DNA find the chain of links between them, within six degrees.</p></main>',
    );
  writeFileSync(path.join(dir, BASELINE_PATH.slice(1)), baseline);
  return dir;
}

async function measure(port: number, url: string, attempt = 1): Promise<Sample> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // A trace that failed to record (NO_NAVSTART and the like, seen on a busy machine) says nothing about the page: try again.
  if (lhr.runtimeError && attempt < 3) return measure(port, url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url?: string; resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  if (process.env.BENCH_WEB_DETAIL) {
    writeFileSync(path.join(tmpdir(), `lhr-${encodeURIComponent(new URL(url).pathname)}.json`), JSON.stringify(lhr));
    const element = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> } | undefined;
    process.stderr.write(`LCP element and phases: ${JSON.stringify(element?.items?.map((group) => group.items?.map((item) => item.node?.snippet ?? `${item.phase} ${Math.round(item.timing ?? 0)} ms`)))}\n`);
    const diagnostics = lhr.audits['mainthread-work-breakdown']?.details as { items?: Array<{ groupLabel?: string; duration?: number }> } | undefined;
    process.stderr.write(`main thread: ${diagnostics?.items?.map((item) => `${item.groupLabel} ${Math.round(item.duration ?? 0)} ms`).join(', ')}\n`);
    const scripts = items.filter((item) => item.resourceType === 'Script').sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0));
    process.stderr.write(`${url}\n${scripts.map((item) => `  ${((item.transferSize ?? 0) / 1024).toFixed(1).padStart(6)} kB ${item.url?.replace(/^.*\/assets\//, '')}`).join('\n')}\n`);
  }
  const bytes = (filter: (type: string | undefined) => boolean) =>
    items.filter((item) => filter(item.resourceType)).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptKb: bytes((type) => type === 'Script'),
    totalKb: bytes(() => true),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianSample(samples: Sample[]): Sample {
  const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
  return { score: pick('score'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls'), scriptKb: pick('scriptKb'), totalKb: pick('totalKb') };
}

async function main(): Promise<void> {
  const staticDir = prepareStaticDir();
  const server = await startAppServer({ root: appRoot, env: { STATIC_DIR: staticDir } });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const loadBefore = loadavg()[0]!;
  const results: Record<string, Sample & { runs: Sample[] }> = {};
  try {
    // Warm the server once per route (its first answers fill caches a returning phone would find warm).
    for (const route of [BASELINE_PATH, ...ROUTES]) await fetch(server.url + route);
    for (const route of [BASELINE_PATH, ...ROUTES]) {
      const runs: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(chrome.port, server.url + route));
      results[route] = { ...medianSample(runs), runs };
      process.stderr.write(`  ${route}: ${JSON.stringify(results[route], (key, value: unknown) => (key === 'runs' ? undefined : value))}\n`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  }
  const loadAfter = loadavg()[0]!;

  const rows = Object.entries(results).map(([route, r]) => ({
    route: route === BASELINE_PATH ? 'baseline (static page, no script)' : route,
    score: r.score,
    'LCP s': (r.lcpMs / 1000).toFixed(1),
    'TBT ms': Math.round(r.tbtMs),
    CLS: r.cls.toFixed(2),
    'JS kB': Math.round(r.scriptKb),
    'all kB': Math.round(r.totalKb),
    'meets targets': route === BASELINE_PATH ? '' : meetsTargets(route, r) ? 'yes' : 'no',
  }));
  console.log(`\nLighthouse 12.2.3, mobile (simulated mid-range phone, slow 4G), median of ${RUNS} run(s); app ${appRoot}`);
  console.log(`Targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, JS on / ≤ ${TARGETS.homeScriptKb} kB (compressed)`);
  console.table(rows);
  console.log(`load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; ${cpus().length} cores`);

  const file = path.join(repoRoot, `bench/results/web${args.label ? `-${args.label}` : ''}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), lighthouse: '12.2.3', runs: RUNS, app: appRoot, machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadAverage: { before: loadBefore, after: loadAfter } }, targets: TARGETS, results }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(repoRoot, file)}`);
}

function meetsTargets(route: string, r: Sample): boolean {
  return r.score >= TARGETS.score && r.lcpMs <= TARGETS.lcpMs && r.tbtMs <= TARGETS.tbtMs && r.cls <= TARGETS.cls && (route !== '/' || r.scriptKb <= TARGETS.homeScriptKb);
}

await main();
