import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { apiDocsRoutes } from './features/api-docs/routes.js';
import { apiKeyRoutes } from './features/api-keys/routes.js';
import type { ApiKeyService } from './features/api-keys/service.js';
import { authRoutes } from './features/auth/routes.js';
import { googleRoutes, type GoogleSignInOptions } from './features/auth/google.js';
import { createEmailVerification } from './features/auth/email-verification.js';
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE, type LoginThrottleSettings } from './features/auth/login-throttle.js';
import { createLogMailer, type Mailer } from './features/auth/mailer.js';
import { contactRoutes } from './features/contact/routes.js';
import { createContactStore } from './features/contact/store.js';
import { connectionRoutes } from './features/connections/routes.js';
import type { ConnectionService } from './features/connections/service.js';
import { entityRoutes } from './features/entities/routes.js';
import type { EntityService } from './features/entities/service.js';
import { healthRoutes } from './features/health/routes.js';
import { sharedLinkPage, sharePreviewRoutes } from './features/share/routes.js';
import type { GraphStatusSource } from './features/health/service.js';
import { savedConnectionRoutes } from './features/saved-connections/routes.js';
import { createSavedConnectionService } from './features/saved-connections/service.js';
import type { UserService } from './features/users/service.js';
import type { PathVerifier } from './graph/index.js';
import { unauthorized } from './platform/auth/guards.js';
import type { AuthPlatform } from './platform/auth/index.js';
import { createApiRoutes, recordApiRoutes } from './platform/auth/route-registry.js';
import { apiRateLimit, createRateLimiter, type ApiRateLimiters, type RateLimiter } from './platform/rate-limit.js';
import { compileTrustProxy, type TrustProxySetting } from './platform/client-address.js';
import type { SharedState } from './platform/cache/types.js';
import type { Database } from './platform/db/database.js';
import { apiNotFound, errorHandler } from './platform/errors.js';
import { requestLogging, type Logger } from './platform/logging.js';

export interface AppDeps {
  logger: Logger;
  database: Database;
  shared: SharedState;
  graph: GraphStatusSource;
  entities: EntityService;
  connections: ConnectionService;
  /** The loaded graph's check of a claimed path (saved connections keep only real ones). */
  verifyPath: PathVerifier;
  findLimiter: RateLimiter;
  /** The API-wide public and authenticated tiers. */
  apiLimiters: ApiRateLimiters;
  /** Sessions, Passport and API keys (shared with the socket server). */
  auth: AuthPlatform;
  users: UserService;
  apiKeys: ApiKeyService;
  /** Delivers verification emails; default: logged without their links. */
  mailer?: Mailer;
  /** Failed password sign-ins allowed per account and per IP; default 10 and 50 per 15 minutes. */
  loginThrottle?: LoginThrottleSettings;
  /** Google sign-in; null answers its routes with "not configured". */
  google?: GoogleSignInOptions | null;
  /** Base URL for absolute links in shared-link previews; unset: taken from the request. */
  publicUrl?: string;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); default none. */
  trustProxy?: TrustProxySetting;
  /** Largest JSON body, e.g. "100kb". */
  bodyLimit?: string;
  /** The built frontend; the SPA is served from here when the folder exists. */
  staticDir?: string;
  startedAt?: number;
}

/** API paths the API-wide rate limits never count: load balancers' health checks. */
const UNLIMITED_PATHS = ['/health'] as const;

/** Builds the HTTP application without listening, so tests and index.ts wire it the same way. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the configured proxies; otherwise req.ip is the peer.
  app.set('trust proxy', compileTrustProxy(deps.trustProxy ?? false));

  app.use(requestLogging(deps.logger));
  // JSON answers need only a few protective headers; the full set (CSP...) is for the HTML app below.
  app.use('/api', (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });

  const api = express.Router();
  // Credentials are small: sign-in and registration bodies stop at 10 kB.
  api.use('/auth', express.json({ limit: '10kb' }));
  api.use(express.json({ limit: deps.bodyLimit ?? '100kb' }));
  // Who is calling (session cookie or API key), then how often they may; each route then checks CSRF (its declared policy).
  api.use(deps.auth.authenticate);
  api.use(apiRateLimit(deps.apiLimiters, { exempt: [...UNLIMITED_PATHS] }));
  api.use((req, _res, next) => next(req.authFailure ? unauthorized('Invalid or revoked API key.') : undefined));

  // Every API route is declared with its access through `routes`, which also lists it for the authorization tests.
  const routes = createApiRoutes(api, '/api');
  healthRoutes(routes, { database: deps.database, shared: deps.shared, graph: deps.graph, startedAt: deps.startedAt ?? Date.now() });
  entityRoutes(routes, deps.entities);
  connectionRoutes(routes, deps.connections, deps.findLimiter);
  sharePreviewRoutes(routes, { entities: deps.entities, connections: deps.connections, findLimiter: deps.findLimiter, publicUrl: deps.publicUrl });
  contactRoutes(routes, createContactStore(deps.database.db));
  authRoutes(routes, {
    users: deps.users,
    passport: deps.auth.passport,
    loginThrottle: createLoginThrottle(deps.shared.counters, deps.loginThrottle ?? DEFAULT_LOGIN_THROTTLE, deps.logger),
    emailVerification: createEmailVerification({ db: deps.database.db, users: deps.users, mailer: deps.mailer ?? createLogMailer(deps.logger, { showLinks: false }), logger: deps.logger }),
    resendLimiter: createRateLimiter(deps.shared.counters, { name: 'verify-email-resend', limit: 5, windowMs: 60 * 60_000 }, deps.logger),
    publicUrl: deps.publicUrl,
    googleSignIn: Boolean(deps.google),
    logger: deps.logger,
  });
  googleRoutes(routes, { passport: deps.auth.passport, users: deps.users, options: deps.google ?? null, publicUrl: deps.publicUrl, logger: deps.logger });
  apiKeyRoutes(routes, deps.apiKeys);
  savedConnectionRoutes(routes, { service: createSavedConnectionService({ db: deps.database.db, verifyPath: deps.verifyPath }), users: deps.users });
  apiDocsRoutes(routes, { apiLimiters: deps.apiLimiters, unlimitedPaths: UNLIMITED_PATHS.map((path) => `/api${path}`) });
  recordApiRoutes(app, routes);
  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.staticDir && existsSync(path.join(deps.staticDir, 'index.html'))) {
    app.use(
      helmet({
        contentSecurityPolicy: {
          directives: {
            'img-src': ["'self'", 'data:', 'blob:', 'https://image.tmdb.org'],
            'connect-src': ["'self'", 'ws:', 'wss:'],
            'style-src': ["'self'", "'unsafe-inline'"],
            // Served over plain HTTP on a LAN too; upgrading would break every asset there.
            'upgrade-insecure-requests': null,
          },
        },
        crossOriginEmbedderPolicy: false,
      }),
    );
    // The app's bundles and pages compress well; API answers are small JSON (a proxy may compress them).
    app.use(compression());
    // Shared connection links unfurl with their own title and image.
    app.get('/connection', sharedLinkPage({ entities: deps.entities, connections: deps.connections, findLimiter: deps.findLimiter, publicUrl: deps.publicUrl }, deps.staticDir));
    serveFrontend(app, deps.staticDir);
  }

  app.use(errorHandler(deps.logger));
  return app;
}

/** Static assets with long caching (their names carry hashes), and index.html for every client route. */
function serveFrontend(app: Express, staticDir: string): void {
  const indexHtml = path.join(staticDir, 'index.html');
  app.use('/assets', express.static(path.join(staticDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(staticDir, { index: false }));
  app.get('/{*clientRoute}', (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
  });
}
