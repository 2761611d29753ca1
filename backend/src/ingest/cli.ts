/**
 * `npm run data:<source> -- [options]`: imports one source into DATA_DIR (files + entity details in
 * the configured database), then rebuilds the graph snapshot the server loads at start.
 * With the embedded database, the command uses the app's PostgreSQL when the app runs, else starts it for its own run.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../platform/config.js';
import { embeddedDatabaseDir, openDatabase } from '../platform/db/database.js';
import { createLogger } from '../platform/logging.js';
import { ImportInputError, type Importer } from './importer.js';
import { runImport, snapshotPath } from './pipeline.js';
import { catalogVersionOf } from '../graph/index.js';
import { openSharedState } from '../platform/cache/index.js';
import { announceCatalog } from '../platform/catalog-rollout.js';
import { terminalProgress } from './progress-bar.js';
import { createKeyResolver } from './key-resolver.js';
import { importImdb } from './imdb/importer.js';
import { importStarter } from './starter/importer.js';
import { importTmdb5000 } from './tmdb5000/importer.js';
import { importTmdb } from './tmdb/importer.js';
import { AWARD_BODIES } from './wikidata/award-statements.js';
import { importWikidataAwards } from './wikidata/importer.js';

interface SourceCommand {
  describe: string;
  options: Record<string, { type: 'string' | 'boolean'; description: string }>;
  /** Turns parsed flags into the importer's options, or throws a UsageError. */
  prepare(flags: Record<string, string | boolean | undefined>, config: Config): Promise<{ importer: Importer<never>; options: unknown }>;
}

class UsageError extends Error {}

const positiveInt = (value: string | boolean | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new UsageError(`--${flag} must be a positive whole number`);
  return number;
};

const COMMANDS: Record<string, SourceCommand> = {
  starter: {
    describe: 'the hand-curated starter catalog shipped in the repo',
    options: { dir: { type: 'string', description: 'catalog folder (default: the shipped one)' } },
    prepare: async (flags) => ({ importer: importStarter as Importer<never>, options: { dir: flags.dir as string | undefined } }),
  },
  imdb: {
    describe: "IMDb's TSV datasets (title.basics, title.principals, name.basics, title.ratings; gzipped); movies only by default",
    options: {
      dir: { type: 'string', description: 'folder holding the files (the download goes here too)' },
      download: { type: 'boolean', description: 'download the files from https://datasets.imdbws.com/ first' },
      'all-title-types': { type: 'boolean', description: 'import every title type, not only movies' },
    },
    prepare: async (flags, config) => {
      const dir = (flags.dir as string | undefined) ?? (flags.download ? path.join(config.DATA_DIR, 'downloads', 'imdb') : undefined);
      if (!dir) throw new UsageError('data:imdb needs --dir <folder> or --download');
      return { importer: importImdb as Importer<never>, options: { dir, download: Boolean(flags.download), includeAllTitleTypes: Boolean(flags['all-title-types']) } };
    },
  },
  tmdb5000: {
    describe: 'the public TMDB 5000 CSV pair (tmdb_5000_movies.csv, tmdb_5000_credits.csv; plain or gzipped)',
    options: { dir: { type: 'string', description: 'folder holding the two files' } },
    prepare: async (flags) => {
      if (!flags.dir) throw new UsageError('data:tmdb5000 needs --dir <folder>');
      return { importer: importTmdb5000 as Importer<never>, options: { dir: flags.dir as string } };
    },
  },
  tmdb: {
    describe: 'the TMDB API (needs TMDB_API_KEY): popular and top-rated movies with credits and people; resumable',
    options: {
      pages: { type: 'string', description: 'pages of each list to crawl, 20 movies a page (default 10)' },
      'state-file': { type: 'string', description: 'crawl checkpoint for resuming (default DATA_DIR/tmdb-crawl.json)' },
      'base-url': { type: 'string', description: 'API base URL (default https://api.themoviedb.org/3)' },
      rps: { type: 'string', description: 'requests per second (default 40, TMDB\'s limit)' },
    },
    prepare: async (flags, config) => {
      if (!config.TMDB_API_KEY) throw new UsageError('data:tmdb needs TMDB_API_KEY (a TMDB v3 API key or v4 read token) in the environment');
      return {
        importer: importTmdb as Importer<never>,
        options: {
          apiKey: config.TMDB_API_KEY,
          baseUrl: flags['base-url'] as string | undefined,
          pages: positiveInt(flags.pages, 'pages'),
          requestsPerSecond: positiveInt(flags.rps, 'rps'),
          stateFile: (flags['state-file'] as string | undefined) ?? path.join(config.DATA_DIR, 'tmdb-crawl.json'),
        },
      };
    },
  },
  wikidata: {
    describe: 'award winners and nominees from Wikidata, matched to imported movies and people by IMDb/TMDB id',
    options: {
      endpoint: { type: 'string', description: 'SPARQL endpoint (default https://query.wikidata.org/sparql)' },
      awards: { type: 'string', description: `comma-separated subset of ${AWARD_BODIES.map((body) => body.id).join(', ')}` },
    },
    prepare: async (flags, config) => {
      const known = new Set<string>(AWARD_BODIES.map((body) => body.id));
      const awards = typeof flags.awards === 'string' ? flags.awards.split(',').map((id) => id.trim()) : undefined;
      const unknown = awards?.filter((id) => !known.has(id)) ?? [];
      if (unknown.length > 0) throw new UsageError(`Unknown award ${unknown.join(', ')}`);
      return {
        importer: importWikidataAwards as Importer<never>,
        options: {
          endpoint: flags.endpoint as string | undefined,
          awards,
          resolveKey: await createKeyResolver(config.DATA_DIR, ['wikidata']),
          onSummary: ({ total }: { total: Record<string, number> }) =>
            console.log(`Wikidata: ${total.statements} award statements, ${total.matched} matched to imported entities, ${total.notInGraph} not in the graph, ${total.withoutIds} without ids.`),
        },
      };
    },
  },
};

function usage(): string {
  const lines = ['Usage: npm run data:<source> -- [options]', '', 'Sources:'];
  for (const [name, command] of Object.entries(COMMANDS)) {
    lines.push(`  ${name.padEnd(10)} ${command.describe}`);
    for (const [flag, option] of Object.entries(command.options)) lines.push(`      --${flag}${option.type === 'string' ? ' <value>' : ''}  ${option.description}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [source, ...rest] = argv;
  const command = source ? COMMANDS[source] : undefined;
  if (!command) {
    console.error(source ? `Unknown source "${source}".\n\n${usage()}` : usage());
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  let prepared: Awaited<ReturnType<SourceCommand['prepare']>>;
  try {
    prepared = await command.prepare(parseArgs({ args: rest, options: command.options, strict: true }).values, config);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage()}`);
    return 2;
  }

  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, schemaName: config.DATABASE_SCHEMA, embeddedDir: embeddedDatabaseDir(config.DATA_DIR), stopEmbedded: 'if-started' });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const started = performance.now();
  try {
    const outcome = await runImport(source!, prepared.importer, prepared.options as never, {
      dataDir: config.DATA_DIR,
      db: database.db,
      logger,
      progress: terminalProgress(),
      signal: controller.signal,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const version = catalogVersionOf(snapshotPath(config.DATA_DIR));
    const announced = await announce(config, version);
    console.log(
      `Imported ${source}: ${outcome.manifest.entities.toLocaleString('en')} entities, ${outcome.manifest.links.toLocaleString('en')} links in ${seconds} s.\n` +
        `Graph snapshot ${version}: ${outcome.snapshot.entities.toLocaleString('en')} entities, ${outcome.snapshot.links.toLocaleString('en')} links from every imported source. ` +
        (announced ? 'Announced through Redis: every running replica on this data folder loads it and switches to it.' : 'Restart the app to serve it (no REDIS_URL: running apps are not told).'),
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportInputError) {
      console.error(`Import failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** Tells the running replicas (through Redis) that a new snapshot is on disk; false without Redis. */
async function announce(config: Config, version: string): Promise<boolean> {
  if (!config.REDIS_URL) return false;
  const shared = await openSharedState({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, commandTimeoutMs: 5_000 });
  try {
    await announceCatalog(shared.pubsub, version);
    return true;
  } catch (error) {
    console.error(`The new snapshot was not announced (${error instanceof Error ? error.message : String(error)}): restart the replicas to serve it.`);
    return false;
  } finally {
    await shared.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
