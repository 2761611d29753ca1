import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import { createApp } from './app.js';
import { startPresence } from './features/rooms/presence.js';
import { registerRoomEvents } from './features/rooms/events.js';
import type { GraphStatusSource } from './features/health/service.js';
import type { Config } from './platform/config.js';
import { openSharedState } from './platform/cache/index.js';
import type { SharedState } from './platform/cache/types.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { createLogger, type Logger } from './platform/logging.js';
import { createRealtime, type RealtimeServer } from './platform/realtime.js';

/** The built frontend beside the backend: backend/{src,dist}/ → frontend/dist. */
const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  app: Express;
  io: RealtimeServer;
  http: HttpServer;
  database: Database;
  shared: SharedState;
  logger: Logger;
  /** Stops accepting, closes sockets, then storage. Safe to call twice. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  graph?: GraphStatusSource;
  /** Key prefix in Redis (tests isolate runs with it). */
  redisKeyPrefix?: string;
}

/** No graph engine is wired in this build yet: health says so rather than pretending. */
const NO_GRAPH: GraphStatusSource = {
  status: () => ({ status: 'down', entities: 0, links: 0, error: 'No movie graph loaded' }),
};

/** Opens storage, builds the app and the realtime server on one HTTP server, and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    schemaName: config.DATABASE_SCHEMA,
    pgliteDir: path.join(config.DATA_DIR, 'pg'),
  });
  let shared: SharedState;
  try {
    shared = await openSharedState({ url: config.REDIS_URL, keyPrefix: options.redisKeyPrefix, logger });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = createApp({
    logger,
    database,
    shared,
    graph: options.graph ?? NO_GRAPH,
    bodyLimit: config.BODY_LIMIT,
    staticDir: config.STATIC_DIR ?? DEFAULT_STATIC_DIR,
  });
  const http = createServer(app);
  const io = await createRealtime(http, {
    logger,
    shared,
    features: [registerRoomEvents(logger)],
    onServer: [startPresence(logger)],
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // io.close() also closes the HTTP server; keep-alive connections are cut after in-flight requests.
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
        http.closeIdleConnections();
      });
      await shared.close();
      await database.close();
    })());

  return { url, port, app, io, http, database, shared, logger, close };
}
