/**
 * `npm run data:<source> -- [options]`: imports one source into DATA_DIR (files + entity details in
 * the configured database), then rebuilds the graph snapshot the server loads at start.
 * With the embedded database, stop the app first: PGlite allows one process at a time.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { createLogger } from '../platform/logging.js';
import { ImportInputError, type Importer } from './importer.js';
import { runImport } from './pipeline.js';
import { terminalProgress } from './progress-bar.js';
import { importStarter } from './starter/importer.js';

interface SourceCommand {
  describe: string;
  options: Record<string, { type: 'string' | 'boolean'; description: string }>;
  /** Turns parsed flags into the importer's options, or throws a usage error. */
  run(flags: Record<string, string | boolean | undefined>, env: ReturnType<typeof loadConfig>): { importer: Importer<never>; options: unknown };
}

class UsageError extends Error {}

const COMMANDS: Record<string, SourceCommand> = {
  starter: {
    describe: 'the hand-curated starter catalog shipped in the repo',
    options: { dir: { type: 'string', description: 'catalog folder (default: the shipped one)' } },
    run: (flags) => ({ importer: importStarter as Importer<never>, options: { dir: flags.dir as string | undefined } }),
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
  let prepared: ReturnType<SourceCommand['run']>;
  try {
    prepared = command.run(parseArgs({ args: rest, options: command.options, strict: true }).values, config);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage()}`);
    return 2;
  }

  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, schemaName: config.DATABASE_SCHEMA, pgliteDir: `${config.DATA_DIR}/pg` });
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
    console.log(
      `Imported ${source}: ${outcome.manifest.entities.toLocaleString('en')} entities, ${outcome.manifest.links.toLocaleString('en')} links in ${seconds} s.\n` +
        `Graph snapshot: ${outcome.snapshot.entities.toLocaleString('en')} entities, ${outcome.snapshot.links.toLocaleString('en')} links from every imported source. Restart the app to serve it.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportInputError || error instanceof UsageError) {
      console.error(`Import failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
