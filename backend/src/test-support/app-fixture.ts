import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../app.js';
import { createApiKeyService, type ApiKeyService } from '../features/api-keys/service.js';
import type { GoogleSignInOptions } from '../features/auth/google.js';
import type { LoginThrottleSettings } from '../features/auth/login-throttle.js';
import { createMemoryMailer } from '../features/auth/mailer.js';
import { createConnectionService, type ConnectionService } from '../features/connections/service.js';
import { createUserService, type UserService } from '../features/users/service.js';
import { createEntityService, type EntityService } from '../features/entities/service.js';
import { GraphService, type SearchBudget } from '../graph/index.js';
import { prepareGraph } from '../ingest/pipeline.js';
import type { SharedState } from '../platform/cache/types.js';
import type { Database } from '../platform/db/database.js';
import { createAuthPlatform, type AuthPlatform } from '../platform/auth/index.js';
import { createLogger, type Logger } from '../platform/logging.js';
import { createApiRateLimiters, createRateLimiter, type RateLimiter } from '../platform/rate-limit.js';
import type { TrustProxySetting } from '../platform/client-address.js';

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
  /** Every email the app sent (verification links). */
  mailer: ReturnType<typeof createMemoryMailer>;
  /** A fresh app (new memory, new session middleware) over the same database, as after a restart. */
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
}

/**
 * The real app on the real starter catalog (imported into a temp DATA_DIR and the given database),
 * searching on the calling thread. Everything but the listening socket is as in production.
 */
export async function openTestApp(options: TestAppOptions): Promise<TestApp> {
  const logger = options.logger ?? createLogger('silent');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-app-'));
  const graph = new GraphService({ workers: 0, budget: options.searchBudget });
  await graph.load(await prepareGraph({ dataDir, db: options.database.db, logger }));
  const entities = createEntityService({ graph, db: options.database.db });
  const connections = createConnectionService({ graph, entities, shared: options.shared, logger });
  const findLimiter = createRateLimiter(options.shared.counters, { name: 'find-connection', limit: options.findLimit ?? 1_000, windowMs: 60_000 });
  const users = createUserService({ db: options.database.db, logger });
  const apiKeys = createApiKeyService({ db: options.database.db });
  const mailer = createMemoryMailer();
  const loginThrottle = { failuresPerAccount: 0, failuresPerIp: 0, windowMs: 15 * 60_000, ...options.loginThrottle };
  const platforms: AuthPlatform[] = [];
  /** A new app over the same database and catalog: what a restart (or a second node) would serve. */
  const build = (): { app: Express; auth: AuthPlatform } => {
    const auth = createAuthPlatform({ db: options.database.db, users, apiKeys, sessionSecret: TEST_SESSION_SECRET, secureCookies: false, logger, pruneIntervalMs: 0 });
    platforms.push(auth);
    const apiLimiters = createApiRateLimiters(options.shared.counters, { publicPerMinute: options.publicLimit ?? 0, authenticatedPerMinute: options.authenticatedLimit ?? 0 });
    const app = createApp({
      logger,
      database: options.database,
      shared: options.shared,
      graph: { status: () => graph.status(), probe: async () => 0.01 },
      entities,
      connections,
      verifyPath: (steps) => graph.verifyPath(steps),
      findLimiter,
      apiLimiters,
      auth,
      users,
      apiKeys,
      google: options.google ?? null,
      mailer,
      loginThrottle,
      publicUrl: options.publicUrl,
      trustProxy: options.trustProxy,
      bodyLimit: options.bodyLimit,
      staticDir: options.staticDir,
    });
    return { app, auth };
  };
  const { app, auth } = build();
  return {
    app,
    graph,
    entities,
    connections,
    findLimiter,
    auth,
    users,
    apiKeys,
    mailer,
    restart: () => build().app,
    async close() {
      for (const platform of platforms) platform.close();
      await graph.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
