import { ConfigError, loadConfig } from './platform/config.js';
import { createLogger } from './platform/logging.js';
import { startServer } from './server.js';

/** Entry point: real dependencies from the environment, graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const server = await startServer(config, { logger });
  logger.info(
    { port: server.port, url: server.url, database: server.database.driver, cache: server.shared.driver, dataDir: config.DATA_DIR },
    'listening',
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Cinema DNA could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
