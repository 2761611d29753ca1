/**
 * IMDb import benchmark: generates IMDb-format gzipped TSV files (seeded; scale 1 = 1M titles, 3M
 * names, 10M principals, plus ratings for a quarter of the titles), then, each in its own Node process
 * (fresh heap, own peak RSS):
 * - the floor: gunzip + split every line of the three files on tabs, nothing else;
 * - importImdb into a temp DATA_DIR through the real SourceWriter (as `npm run data:imdb` does,
 *   without the database and snapshot steps that follow it).
 * Prints a table and writes bench/results/import.json. Rows/s = rows of the three files (title.basics,
 * title.principals, name.basics) / wall time; the ratings file is read but not counted.
 *
 *   npx tsx bench/import.ts
 *
 * Environment: BENCH_SCALE (default 1; 0.1 for a quick run), BENCH_MOVIE_SHARE (share of titles that
 * are movies, default 0.8: most rows take the full path), 
 * BENCH_SEED (default 42), BENCH_KEEP=1 (keep the generated files, e.g. to profile one run with
 * `node --cpu-prof --import tsx bench/import.ts --run source <input dir> <data dir>`).
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import { importImdb } from '../backend/src/ingest/imdb/importer.js';
import { silentProgress } from '../backend/src/ingest/importer.js';
import { SourceWriter, sourcesRoot } from '../backend/src/ingest/source-files.js';
import { createLogger } from '../backend/src/platform/logging.js';
import { prng } from './seeded-random.js';

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const COUNTED = ['title.basics.tsv.gz', 'title.principals.tsv.gz', 'name.basics.tsv.gz'] as const;

function env(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function log(message: string): void {
  process.stderr.write(`[bench:import] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------
// Generated input

/** Writes lines to a gzipped file in ~256 KB batches, honouring back-pressure. */
class GzipLines {
  private readonly gzip: Gzip;
  private readonly done: Promise<unknown>;
  private buffer = '';
  rows = 0;

  constructor(file: string) {
    this.gzip = createGzip(); // IMDb's own files use the default level
    const out = createWriteStream(file);
    this.gzip.pipe(out);
    this.done = once(out, 'close');
  }

  async line(text: string): Promise<void> {
    this.buffer += text;
    this.buffer += '\n';
    this.rows++;
    if (this.buffer.length >= 256 * 1024) {
      const ok = this.gzip.write(this.buffer);
      this.buffer = '';
      if (!ok) await once(this.gzip, 'drain');
    }
  }

  async close(): Promise<void> {
    this.gzip.end(this.buffer);
    await this.done;
  }
}

const GENRES = ['Drama', 'Comedy', 'Documentary', 'Action', 'Thriller', 'Horror', 'Romance', 'Crime', 'Adventure', 'Sci-Fi', 'Fantasy', 'Family', 'Animation', 'Mystery', 'History', 'Music', 'Biography', 'War', 'Western', 'Sport'];
const WORDS = ['Night', 'River', 'Last', 'Summer', 'Shadow', 'City', 'Love', 'Blood', 'Dream', 'Road', 'House', 'Silent', 'Golden', 'Storm', 'Heart', 'Winter', 'Lost', 'Secret', 'Fire', 'Glass'];
const FIRST = ['Anna', 'John', 'María', 'Wei', 'Olga', 'Ahmed', 'Chloé', 'Kenji', 'Lars', 'Priya', 'Diego', 'Fatima', 'Jean', 'Sofia', 'Ravi', 'Emma', 'Björn', 'Aiko', 'Luca', 'Zoë'];
const LAST = ['Smith', 'García', 'Chen', 'Ivanova', 'Haddad', 'Dubois', 'Tanaka', 'Berg', 'Sharma', 'López', 'Khan', 'Martin', 'Rossi', 'Müller', 'Kowalski', 'Silva', "O'Brien", 'Novak', 'Kim', 'Nguyen'];
const OTHER_TYPES = ['short', 'tvSeries', 'tvEpisode', 'tvMovie', 'video', 'tvMiniSeries'];
const PROFESSIONS = ['actor', 'actress', 'director', 'writer', 'producer', 'composer', 'cinematographer', 'editor', 'miscellaneous', 'soundtrack'];
/** Category mix of the real subset in ../shared/data/imdb (cumulative thresholds). */
const CATEGORIES: Array<[number, string]> = [
  [0.235, 'actor'],
  [0.417, 'actress'],
  [0.565, 'director'],
  [0.681, 'producer'],
  [0.775, 'writer'],
  [0.847, 'cinematographer'],
  [0.908, 'composer'],
  [0.95, 'self'],
  [0.99, 'editor'],
  [0.995, 'production_designer'],
  [1, 'archive_footage'],
];

const tconst = (i: number) => `tt${String(i).padStart(7, '0')}`;
const nconst = (i: number) => `nm${String(i).padStart(7, '0')}`;

async function generate(dir: string, scale: number, movieShare: number, seed: number): Promise<Record<string, number>> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const titles = Math.round(1_000_000 * scale);
  const names = Math.round(3_000_000 * scale);
  const principalsTarget = Math.round(10_000_000 * scale);

  const basics = new GzipLines(join(dir, 'title.basics.tsv.gz'));
  const ratings = new GzipLines(join(dir, 'title.ratings.tsv.gz'));
  const principals = new GzipLines(join(dir, 'title.principals.tsv.gz'));
  await basics.line('tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres');
  await ratings.line('tconst\taverageRating\tnumVotes');
  await principals.line('tconst\tordering\tnconst\tcategory\tjob\tcharacters');
  let credits = 0;
  for (let t = 1; t <= titles; t++) {
    const id = tconst(t);
    const type = random() < movieShare ? 'movie' : pick(OTHER_TYPES);
    // Quotes appear unescaped in IMDb titles; one in 50 here.
    const title = random() < 0.02 ? `"${pick(WORDS)}" ${pick(WORDS)}` : `${pick(WORDS)} ${pick(WORDS)}${random() < 0.3 ? ` ${t}` : ''}`;
    const year = random() < 0.9 ? String(1900 + Math.floor(random() * 125)) : '\\N';
    const runtime = random() < 0.7 ? String(60 + Math.floor(random() * 120)) : '\\N';
    const genreCount = Math.floor(random() * 4);
    const genres = genreCount === 0 ? '\\N' : Array.from({ length: genreCount }, () => pick(GENRES)).join(',');
    await basics.line(`${id}\t${type}\t${title}\t${title}\t0\t${year}\t\\N\t${runtime}\t${genres}`);
    if (random() < 0.25) await ratings.line(`${id}\t${(1 + random() * 9).toFixed(1)}\t${Math.floor(5 + 100_000 * random() ** 6)}`);
    // 1..19 principals (mean 10), until the target is met; people skewed so some are in many titles.
    const remaining = principalsTarget - credits;
    const count = t === titles ? remaining : Math.min(remaining, 1 + Math.floor(random() * 19));
    for (let ordering = 1; ordering <= count; ordering++) {
      const person = nconst(1 + Math.floor(names * random() ** 2.5));
      const roll = random();
      const category = CATEGORIES.find(([limit]) => roll < limit)![1];
      let job = '\\N';
      let characters = '\\N';
      if (category === 'actor' || category === 'actress') {
        characters = random() < 0.05 ? `["${pick(FIRST)}","${pick(FIRST)} \\"${pick(WORDS)}\\" ${pick(LAST)}"]` : `["${pick(FIRST)} ${pick(LAST)}"]`;
      } else if (category === 'self' || category === 'archive_footage') characters = '["Self"]';
      else if (category === 'writer' && random() < 0.5) job = pick(['screenplay', 'novel', 'story', 'written by']);
      else if (category === 'producer') job = pick(['producer', 'executive producer', 'co-producer']);
      await principals.line(`${id}\t${ordering}\t${person}\t${category}\t${job}\t${characters}`);
    }
    credits += count;
  }
  await Promise.all([basics.close(), ratings.close(), principals.close()]);

  const people = new GzipLines(join(dir, 'name.basics.tsv.gz'));
  await people.line('nconst\tprimaryName\tbirthYear\tdeathYear\tprimaryProfession\tknownForTitles');
  for (let n = 1; n <= names; n++) {
    const born = random() < 0.4 ? 1900 + Math.floor(random() * 105) : 0;
    const died = born && random() < 0.2 ? String(born + 30 + Math.floor(random() * 60)) : '\\N';
    const professions = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(PROFESSIONS)).join(',');
    const known = Array.from({ length: 1 + Math.floor(random() * 4) }, () => tconst(1 + Math.floor(random() * titles))).join(',');
    await people.line(`${nconst(n)}\t${pick(FIRST)} ${pick(LAST)}\t${born || '\\N'}\t${died}\t${professions}\t${known}`);
  }
  await people.close();
  return { 'title.basics.tsv.gz': basics.rows - 1, 'title.principals.tsv.gz': principals.rows - 1, 'name.basics.tsv.gz': people.rows - 1, 'title.ratings.tsv.gz': ratings.rows - 1 };
}

// ---------------------------------------------------------------------------------------------------
// Measured runs (each in a child process)

interface RunResult {
  seconds: number;
  /** User + system CPU of the whole process (zlib threads included): comparable on a busy machine. */
  cpuSeconds: number;
  /** Highest RSS seen by sampling every 20 ms, and the kernel's peak for the whole process. */
  peakRssMB: number;
  maxRssMB: number;
  rows?: number;
  entities?: number;
  links?: number;
  outputBytes?: number;
}

/** Samples RSS while `work` runs. */
async function measure(work: () => Promise<Partial<RunResult>>): Promise<RunResult> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const extra = await work();
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, cpuSeconds: (user + system) / 1e6, peakRssMB: peak / MB, maxRssMB: process.resourceUsage().maxRSS / 1024, ...extra };
}

/** The floor: gunzip and split every line on tabs; no parsing, no output. */
async function floor(dir: string): Promise<Partial<RunResult>> {
  let rows = 0;
  let fields = 0;
  for (const name of COUNTED) {
    let carry = '';
    let first = true;
    const input = createReadStream(join(dir, name), { highWaterMark: MB }).pipe(createGunzip({ chunkSize: 1 << 17 }));
    input.setEncoding('utf8');
    for await (const chunk of input as AsyncIterable<string>) {
      const text = carry + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        const parts = text.slice(start, nl).split('\t');
        fields += parts.length;
        if (first) first = false;
        else rows++;
        start = nl + 1;
      }
      carry = text.slice(start);
    }
  }
  if (fields === 0) throw new Error('no fields read');
  return { rows };
}

async function importRun(dir: string, dataDir: string): Promise<Partial<RunResult>> {
  const logger = createLogger('warn');
  const writer = new SourceWriter(dataDir, 'imdb');
  await importImdb({ dir }, { writer, progress: silentProgress, logger });
  const manifest = await writer.commit();
  return { entities: manifest.entities, links: manifest.links, outputBytes: folderBytes(join(sourcesRoot(dataDir), 'imdb')) };
}

function folderBytes(dir: string): number {
  return ['entities.ndjson.gz', 'links.tsv.gz'].reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

function runChild(args: string[]): RunResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as RunResult;
}

// ---------------------------------------------------------------------------------------------------

async function child(mode: string, dir: string, dataDir: string): Promise<void> {
  const result = await measure(() => (mode === 'floor' ? floor(dir) : importRun(dir, dataDir)));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function main(): Promise<void> {
  const scale = env('BENCH_SCALE', 1);
  const movieShare = Math.min(1, env('BENCH_MOVIE_SHARE', 0.8));
  const seed = Math.round(env('BENCH_SEED', 42));
  const writers = ['source'];
  const work = mkdtempSync(join(tmpdir(), 'cinema-dna-bench-import-'));
  try {
    log(`generating IMDb-format files (scale ${scale}, movie share ${movieShare}, seed ${seed}) in ${work}`);
    const started = performance.now();
    const input = join(work, 'input');
    mkdirSync(input);
    const rows = await generate(input, scale, movieShare, seed);
    const counted = COUNTED.reduce((sum, name) => sum + rows[name]!, 0);
    const inputBytes = Object.keys(rows).reduce((sum, name) => sum + statSync(join(input, name)).size, 0);
    log(`generated ${counted.toLocaleString('en')} rows (+${rows['title.ratings.tsv.gz']!.toLocaleString('en')} ratings), ${(inputBytes / MB).toFixed(0)} MB gzipped, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    log('floor: gunzip + split on tabs');
    const floorRun = runChild(['--run', 'floor', input, work]);
    const runs: Record<string, RunResult> = {};
    for (const writer of writers) {
      log('importImdb with SourceWriter');
      const dataDir = join(work, `data-${writer}`);
      runs[writer] = runChild(['--run', writer, input, dataDir]);
      rmSync(dataDir, { recursive: true, force: true });
    }

    const rate = (run: RunResult) => counted / run.seconds;
    const table = [
      ['run', 'wall s', 'CPU s', 'rows/s', 'vs floor', 'peak RSS MB', 'entities', 'links', 'output MB'],
      ['floor: gunzip + split', floorRun.seconds.toFixed(2), floorRun.cpuSeconds.toFixed(2), Math.round(rate(floorRun)).toLocaleString('en'), '1.00×', floorRun.maxRssMB.toFixed(0), '', '', ''],
      ...Object.values(runs).map((run) => [
        'importImdb (SourceWriter)',
        run.seconds.toFixed(2),
        run.cpuSeconds.toFixed(2),
        Math.round(rate(run)).toLocaleString('en'),
        `${(run.seconds / floorRun.seconds).toFixed(2)}×`,
        run.maxRssMB.toFixed(0),
        (run.entities ?? 0).toLocaleString('en'),
        (run.links ?? 0).toLocaleString('en'),
        ((run.outputBytes ?? 0) / MB).toFixed(1),
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const print = (row: string[]) => console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
    console.log(`\nIMDb import: ${counted.toLocaleString('en')} rows (basics ${rows['title.basics.tsv.gz']!.toLocaleString('en')}, principals ${rows['title.principals.tsv.gz']!.toLocaleString('en')}, names ${rows['name.basics.tsv.gz']!.toLocaleString('en')}), ${(inputBytes / MB).toFixed(0)} MB gzipped; target ≥ 500,000 rows/s\n`);
    print(table[0]!);
    for (const row of table.slice(1)) print(row);

    const results = {
      generatedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, parallelism: availableParallelism(), cpu: cpus()[0]?.model, totalMemoryMB: Math.round(totalmem() / MB), node: process.version },
      parameters: { scale, movieShare, seed },
      input: { rows, countedRows: counted, gzippedMB: inputBytes / MB },
      target: { rowsPerSecond: 500_000 },
      floor: { ...floorRun, rowsPerSecond: rate(floorRun) },
      imports: Object.fromEntries(
        Object.entries(runs).map(([writer, run]) => [writer, { ...run, rowsPerSecond: rate(run), ratioToFloor: run.seconds / floorRun.seconds, meetsTarget: rate(run) >= 500_000 }]),
      ),
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    const file = join(here, 'results', 'import.json');
    writeFileSync(`${file}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
    log(`wrote ${file}`);
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

const runAt = process.argv.indexOf('--run');
if (runAt !== -1) await child(process.argv[runAt + 1]!, process.argv[runAt + 2]!, process.argv[runAt + 3]!);
else await main();
