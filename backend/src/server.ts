import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import { createApp } from './app.js';
import { startPresence } from './features/rooms/presence.js';
import { registerRoomEvents } from './features/rooms/socket.js';
import { registerSearchEvents } from './features/connections/socket.js';
import { registerLeaderboardEvents } from './features/leaderboards/socket.js';
import { registerFeedRooms } from './features/activity/socket.js';
import { registerRaceEvents } from './features/challenges/races/socket.js';
import { registerAdminMetricsEvents, startAdminMetricsPush } from './features/status/socket.js';
import type { RoomSettings as RaceSettings } from './features/challenges/races/room.js';
import type { GoogleSignInOptions } from './features/auth/google.js';
import { createLogMailer } from './features/auth/mailer.js';
import { createTmdbEnricher } from './ingest/tmdb/enrichment.js';
import { graphLookupProbe } from './features/status/probes.js';
import { catalogVersionOf, GraphService } from './graph/index.js';
import { startCatalogRollout, type CatalogRollout } from './platform/catalog-rollout.js';
import { prepareGraph } from './ingest/pipeline.js';
import type { Config } from './platform/config.js';
import { openSharedState } from './platform/cache/index.js';
import type { SharedState } from './platform/cache/types.js';
import { embeddedDatabaseDir, openDatabase, type Database } from './platform/db/database.js';
import { answerParserErrors } from './platform/errors.js';
import { createLogger, type Logger } from './platform/logging.js';
import { createRealtime, createSocketNotifier, type RealtimeServer } from './platform/realtime.js';
import { createServices, type Services } from './services.js';
import { shortTurns } from './platform/short-turns.js';

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
  graph: GraphService;
  services: Services;
  /** Stops accepting, closes sockets, then storage. Safe to call twice. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Key prefix in Redis (tests isolate runs with it). */
  redisKeyPrefix?: string;
  /** Search worker threads (default: cores - 1; 0 searches on the main thread). */
  searchWorkers?: number;
  /** The search worker's module (tests substitute one that delays every search). */
  searchWorkerEntry?: URL;
  /** Race countdown and round length (tests shorten them). */
  races?: RaceSettings;
}

/** Google sign-in settings, or null when no client is configured. */
function googleOptions(config: Config): GoogleSignInOptions | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    authUrl: config.GOOGLE_AUTH_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    userInfoUrl: config.GOOGLE_USERINFO_URL,
  };
}

/** Opens storage, builds the app and the realtime server on one HTTP server, and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    schemaName: config.DATABASE_SCHEMA,
    embeddedDir: config.DATABASE_URL ? undefined : embeddedDatabaseDir(config.DATA_DIR),
    log: (message) => logger.info(message),
  });
  let shared: SharedState;
  try {
    shared = await openSharedState({
      url: config.REDIS_URL,
      keyPrefix: options.redisKeyPrefix ?? config.REDIS_KEY_PREFIX,
      logger,
      memoryMaxEntries: config.MEMORY_CACHE_MAX_ENTRIES,
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const graph = new GraphService({
    workers: options.searchWorkers,
    workerEntry: options.searchWorkerEntry,
    budget: { timeMs: config.SEARCH_TIME_BUDGET_MS, maxVisited: config.SEARCH_MAX_VISITED },
    onWorkerLost: ({ reason, error }) => logger.warn({ reason, err: error.message }, 'search worker replaced'),
  });
  let snapshotFile: string;
  try {
    snapshotFile = await prepareGraph({ dataDir: config.DATA_DIR, db: database.db, logger });
    await graph.load(snapshotFile);
  } catch (error) {
    await Promise.all([graph.close(), shared.close(), database.close()]);
    throw error;
  }

  // The socket server needs the services for its handlers, and services get the notifier at
  // construction: the notifier is bound to the socket server once it exists (before anything emits).
  const notifier = createSocketNotifier();
  const services = createServices({
    database,
    shared,
    graph,
    logger,
    notifier,
    // No mail transport yet: verification links go to the log, outside production only.
    mailer: createLogMailer(logger, { showLinks: config.NODE_ENV !== 'production' }),
    enricher: config.TMDB_API_KEY ? createTmdbEnricher({ apiKey: config.TMDB_API_KEY, baseUrl: config.TMDB_API_URL, cache: shared.kv, logger }) : null,
    settings: {
      sessionSecret: config.SESSION_SECRET,
      secureCookies: config.PUBLIC_URL?.startsWith('https:') ?? false,
      findConnectionPerMinute: config.FIND_CONNECTION_RATE_LIMIT,
      publicPerMinute: config.RATE_LIMIT_PUBLIC_PER_MINUTE,
      authenticatedPerMinute: config.RATE_LIMIT_AUTHENTICATED_PER_MINUTE,
      loginThrottle: {
        failuresPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
        failuresPerIp: config.LOGIN_FAILURES_PER_IP,
        windowMs: config.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000,
      },
      eventsPollIntervalMs: config.EVENTS_POLL_INTERVAL_MS,
      races: options.races,
      operations: { replicaId: config.REPLICA_ID, tmdbApiKey: config.TMDB_API_KEY, tmdbApiUrl: config.TMDB_API_URL, wikidataSparqlUrl: config.WIKIDATA_SPARQL_URL, statusCheckIntervalMs: config.STATUS_CHECK_INTERVAL_MS },
    },
  });
  const { connections, findLimiter, users, auth } = services;
  try {
    const warmStarted = performance.now();
    const warmed = await services.entities.warmDetails();
    logger.info({ entities: warmed, ms: Math.round(performance.now() - warmStarted) }, 'entity details cached');
  } catch (error) {
    await services.close();
    await Promise.all([graph.close(), shared.close(), database.close()]);
    throw error;
  }
  try {
    if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
      const { user, created } = await users.ensureAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
      logger.info({ userId: user.id, username: user.username }, created ? 'admin account created' : 'admin account ensured (existing password kept)');
    }
  } catch (error) {
    await services.close();
    await Promise.all([graph.close(), shared.close(), database.close()]);
    throw error;
  }

  const app = createApp({
    ...services,
    logger,
    database,
    shared,
    graph: graphLookupProbe(graph),
    google: googleOptions(config),
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    staticDir: config.STATIC_DIR ?? DEFAULT_STATIC_DIR,
    metricsToken: config.METRICS_TOKEN,
  });
  // Short event-loop turns under load, so new connections are accepted promptly (see short-turns.ts).
  const http = createServer(shortTurns(app));
  answerParserErrors(http);
  const io = await createRealtime(http, {
    logger,
    shared,
    features: [registerRoomEvents(logger), registerSearchEvents({ service: connections, logger, findLimiter }), registerLeaderboardEvents(logger), registerRaceEvents({ races: services.races, logger, limits: services.raceLimits }),
      // The follows feature's port: a socket joins the feed rooms of everyone its user follows.
      registerFeedRooms({ followees: (userId) => services.follows.followeeIds(userId), logger }),
      // Live metrics for administrators (their role read from the database at every watch).
      registerAdminMetricsEvents({ operations: services.operations, users: services.users, logger }),
    ],
    onServer: [startPresence(logger), startAdminMetricsPush({ operations: services.operations, heartbeat: services.heartbeat, logger })],
    // express-session and Passport run on the raw handshake request as they do on Express ones.
    handshake: auth.handshake as never,
    trustProxy: config.TRUST_PROXY,
  });
  notifier.attach(io);
  services.metrics.setCatalogVersion(() => graph.status().version);
  // A new import announced through Redis: loaded beside the served graph, then switched to.
  let rollout: CatalogRollout | null = null;
  try {
    rollout = await startCatalogRollout({ pubsub: shared.pubsub, graph, snapshotFile, versionOnDisk: catalogVersionOf, logger });
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'catalog announcements not subscribed: restart to serve a new import');
  }
  services.metrics.setRealtime({
    sockets: () => io.of('/').sockets.size,
    // Rooms besides each socket's own (Socket.IO puts every socket in a room named by its id).
    rooms: () => {
      const { rooms, sids } = io.of('/').adapter;
      let count = 0;
      for (const room of rooms.keys()) if (!sids.has(room)) count += 1;
      return count;
    },
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST}:${port}`;
  // The status checker measures the website through this address.
  services.status.setSelfUrl(url);
  services.start();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // io.close() also closes the HTTP server; keep-alive connections are cut after in-flight requests.
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
        http.closeIdleConnections();
      });
      await rollout?.close();
      // Pending domain events are delivered while the cache and the database are still open.
      await services.close();
      await graph.close();
      await shared.close();
      await database.close();
    })());

  return { url, port, app, io, http, database, shared, logger, graph, services, close };
}
