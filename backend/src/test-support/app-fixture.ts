import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../app.js';
import type { ApiKeyService } from '../features/api-keys/service.js';
import type { GoogleSignInOptions } from '../features/auth/google.js';
import type { LoginThrottleSettings } from '../features/auth/login-throttle.js';
import { createMemoryMailer } from '../features/auth/mailer.js';
import type { ConnectionService } from '../features/connections/service.js';
import type { UserService } from '../features/users/service.js';
import type { EntityService } from '../features/entities/service.js';
import { GraphService, type SearchBudget } from '../graph/index.js';
import { prepareGraph, type PipelineContext } from '../ingest/pipeline.js';
import type { SharedState } from '../platform/cache/types.js';
import type { Database } from '../platform/db/database.js';
import type { AuthPlatform } from '../platform/auth/index.js';
import type { DomainEvents } from '../platform/events/index.js';
import { createLogger, type Logger } from '../platform/logging.js';
import type { RateLimiter } from '../platform/rate-limit.js';
import type { TrustProxySetting } from '../platform/client-address.js';
import { createServices, type Services } from '../services.js';
import { createRecordingNotifier, type RecordingNotifier } from './recording-notifier.js';
import { copyStarterData } from './starter-data-setup.js';

/** A fixed test secret (32+ characters). */
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-for-signing';

export interface TestApp {
  app: Express;
  graph: GraphService;
  entities: EntityService;
  connections: ConnectionService;
  findLimiter: RateLimiter;
  auth: AuthPlatform;
  users: UserService;
  apiKeys: ApiKeyService;
  /** Domain events; `await t.events.settled()` before asserting what a subscriber did (trending). */
  events: DomainEvents;
  /** Every socket event the services pushed (no socket server here). */
  notifier: RecordingNotifier;
  services: Services;
  /** Every email the app sent (verification links). */
  mailer: ReturnType<typeof createMemoryMailer>;
  /** The games' clock (challenge attempts): real time plus an offset the test moves. */
  clock: TestClock;
  /** A fresh app (new services, new session middleware) over the same database, as after a restart. */
  restart(): Express;
  close(): Promise<void>;
}

export interface TestAppOptions {
  database: Database;
  shared: SharedState;
  bodyLimit?: string;
  findLimit?: number;
  staticDir?: string;
  /** API-wide tiers; default 0 (off), so suites making many requests from 127.0.0.1 are not throttled. */
  publicLimit?: number;
  authenticatedLimit?: number;
  google?: GoogleSignInOptions | null;
  publicUrl?: string;
  /** Login throttle; default off (0), so suites signing in many times from 127.0.0.1 are not throttled. */
  loginThrottle?: Partial<LoginThrottleSettings>;
  /** Proxies whose X-Forwarded-For is believed; default none (as TRUST_PROXY unset). */
  trustProxy?: TrustProxySetting;
  /** Default: silent. */
  logger?: Logger;
  /** Limits of every search (default: none). */
  searchBudget?: SearchBudget;
  /** Imports the catalog to play on (e.g. TMDB 5000) into the app's DATA_DIR and database; default: the starter catalog. */
  catalog?: (context: PipelineContext) => Promise<unknown>;
  /** How often the discovery lists' job checks whether a recompute is due (default: the service's). */
  discoveryCheckIntervalMs?: number;
}

/** A clock a test can move: real time until `set`, then frozen at what it was set to, moved only by `advance`. */
export interface TestClock {
  now(): number;
  /** Moves the clock forward (or back, with a negative value). */
  advance(ms: number): void;
  /** Stops the clock at an instant. */
  set(at: number | Date): void;
}

export function createTestClock(): TestClock {
  let frozen: number | null = null;
  let offset = 0;
  return {
    now: () => frozen ?? Date.now() + offset,
    advance(ms) {
      if (frozen === null) offset += ms;
      else frozen += ms;
    },
    set(at) {
      frozen = new Date(at).getTime();
    },
  };
}

/**
 * The real app on the real starter catalog (imported into a temp DATA_DIR and the given database),
 * searching on the calling thread. Everything but the listening socket is as in production.
 */
export async function openTestApp(options: TestAppOptions): Promise<TestApp> {
  const logger = options.logger ?? createLogger('silent');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-app-'));
  const graph = new GraphService({ workers: 0, budget: options.searchBudget });
  // The starter catalog comes from the run's global setup (imported once, copied here); prepareGraph
  // then only loads it. Another catalog, or no global setup, is imported here as the app would.
  if (options.catalog) await options.catalog({ dataDir, db: options.database.db, logger });
  else await copyStarterData(dataDir, options.database.db);
  await graph.load(await prepareGraph({ dataDir, db: options.database.db, logger }));
  const mailer = createMemoryMailer();
  const notifier = createRecordingNotifier();
  const clock = createTestClock();
  const built: Services[] = [];
  /** New services and a new app over the same database and catalog: what a restart (or a second node) would serve. */
  const build = (): { app: Express; services: Services } => {
    const services = createServices({
      database: options.database,
      shared: options.shared,
      graph,
      logger,
      notifier,
      mailer,
      clock: clock.now,
      settings: {
        sessionSecret: TEST_SESSION_SECRET,
        secureCookies: false,
        findConnectionPerMinute: options.findLimit ?? 1_000,
        publicPerMinute: options.publicLimit ?? 0,
        authenticatedPerMinute: options.authenticatedLimit ?? 0,
        loginThrottle: { failuresPerAccount: 0, failuresPerIp: 0, windowMs: 15 * 60_000, ...options.loginThrottle },
        sessionPruneIntervalMs: 0,
        discoveryCheckIntervalMs: options.discoveryCheckIntervalMs,
      },
    });
    built.push(services);
    services.start();
    const app = createApp({
      ...services,
      logger,
      database: options.database,
      shared: options.shared,
      graph: { status: () => graph.status(), probe: async () => 0.01 },
      google: options.google ?? null,
      publicUrl: options.publicUrl,
      trustProxy: options.trustProxy,
      bodyLimit: options.bodyLimit,
      staticDir: options.staticDir,
    });
    return { app, services };
  };
  const { app, services } = build();
  return {
    app,
    graph,
    entities: services.entities,
    connections: services.connections,
    findLimiter: services.findLimiter,
    auth: services.auth,
    users: services.users,
    apiKeys: services.apiKeys,
    events: services.events,
    notifier,
    services,
    mailer,
    clock,
    restart: () => build().app,
    async close() {
      for (const each of built) await each.close();
      await graph.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
