import { ConfigError, loadConfig } from './platform/config.js';
import { createLogger } from './platform/logging.js';
import type { Logger } from './platform/logging.js';
import { startServer, type RunningServer } from './server.js';

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
    }, 10_000 + config.SHUTDOWN_DRAIN_MS);
    force.unref();
    drain(server, config.SHUTDOWN_DRAIN_MS, logger).then(() => server.close()).then(
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

/**
 * Draining (SHUTDOWN_DRAIN_MS > 0): the sockets are handed over at once — closing their transports makes
 * the clients reconnect, through the proxy, to another replica — while requests that still arrive are
 * served until the grace ends; then close() stops the listener and finishes what is in flight.
 */
async function drain(server: RunningServer, ms: number, logger: Logger): Promise<void> {
  if (ms <= 0) return;
  const sockets = [...server.io.of('/').sockets.values()];
  logger.info({ sockets: sockets.length, ms }, 'draining: handing the sockets over');
  for (const socket of sockets) socket.conn.close();
  await new Promise((resolve) => setTimeout(resolve, ms));
}

main().catch((error: unknown) => {
  console.error(`Cinema DNA could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
