import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { firstPaintRenderer, loopbackApiFetch, withFirstPaint } from './platform/first-paint.js';
import { routePageHtml } from './platform/route-preloads.js';
import { activityRoutes } from './features/activity/routes.js';
import { followRoutes } from './features/follows/routes.js';
import { apiDocsRoutes } from './features/api-docs/routes.js';
import { apiKeyRoutes } from './features/api-keys/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { googleRoutes, type GoogleSignInOptions } from './features/auth/google.js';
import { adminRoutes } from './features/admin/routes.js';
import { contactInboxRoutes, contactRoutes } from './features/contact/routes.js';
import { connectionRoutes } from './features/connections/routes.js';
import { profileRoutes } from './features/profiles/routes.js';
import { diaryRoutes, diaryUploadBody } from './features/diary/routes.js';
import { discoveryRoutes } from './features/discovery/routes.js';
import { entityRoutes } from './features/entities/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { statusRoutes, systemRoutes } from './features/status/routes.js';
import { metricsEndpoint } from './platform/metrics/endpoint.js';
import { METRICS_PATH } from './platform/metrics/index.js';
import { leaderboardRoutes } from './features/leaderboards/routes.js';
import { sharedLinkPage, sharePreviewRoutes } from './features/share/routes.js';
import type { GraphStatusSource } from './features/health/service.js';
import { badgeRoutes } from './features/badges/routes.js';
import { challengeRoutes } from './features/challenges/routes.js';
import { raceRoutes } from './features/challenges/races/routes.js';
import { pointsRoutes } from './features/points/routes.js';
import { reviewModerationRoutes, reviewRoutes } from './features/reviews/routes.js';
import { savedConnectionRoutes } from './features/saved-connections/routes.js';
import { watchlistRoutes } from './features/watchlist/routes.js';
import { unauthorized } from './platform/auth/guards.js';
import { hasSessionCookie } from './platform/auth/index.js';
import { createApiRoutes, recordApiRoutes } from './platform/auth/route-registry.js';
import { apiRateLimit } from './platform/rate-limit.js';
import { compileTrustProxy, type TrustProxySetting } from './platform/client-address.js';
import type { SharedState } from './platform/cache/types.js';
import type { Database } from './platform/db/database.js';
import { apiNotFound, errorHandler } from './platform/errors.js';
import { requestLogging, type Logger } from './platform/logging.js';
import type { Services } from './services.js';

/** The services (createServices builds them all; the app builds none) and the HTTP settings. */
export interface AppDeps extends Services {
  logger: Logger;
  database: Database;
  shared: SharedState;
  graph: GraphStatusSource;
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
  /** METRICS_TOKEN: GET /metrics (Prometheus) needs it as a Bearer token; unset answers 404. */
  metricsToken?: string;
}

/** API paths the API-wide rate limits never count: load balancers' health checks. */
const UNLIMITED_PATHS = ['/health'] as const;

/** Builds the HTTP application without listening, so tests and index.ts wire it the same way. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the configured proxies; otherwise req.ip is the peer.
  app.set('trust proxy', compileTrustProxy(deps.trustProxy ?? false));

  // Every request timed (by route template) for the live metrics and Prometheus; /metrics itself is not.
  app.use(deps.metrics.middleware);
  // Prometheus, outside /api (not an API route: neither documented nor rate limited; its own token).
  const metricsHandler = metricsEndpoint(deps.metrics.registry, deps.metricsToken);
  app.use((req, res, next) => (req.method === 'GET' && req.path === METRICS_PATH ? metricsHandler(req, res, next) : next()));
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
  // A Letterboxd upload is a raw file of up to 50 MB: this route alone reads such a body (signed-in callers only).
  api.use('/diary/import', diaryUploadBody());

  // Every API route is declared with its access through `routes`, which also lists it for the authorization tests.
  const routes = createApiRoutes(api, '/api');
  healthRoutes(routes, { database: deps.database, shared: deps.shared, graph: deps.graph, startedAt: deps.startedAt ?? Date.now(), replica: deps.metrics.replica });
  entityRoutes(routes, deps.entities);
  connectionRoutes(routes, deps.connections, deps.findLimiter);
  sharePreviewRoutes(routes, { entities: deps.entities, connections: deps.connections, findLimiter: deps.findLimiter, publicUrl: deps.publicUrl });
  contactRoutes(routes, deps.contact);
  authRoutes(routes, {
    users: deps.users,
    passport: deps.auth.passport,
    loginThrottle: deps.loginThrottle,
    emailVerification: deps.emailVerification,
    resendLimiter: deps.resendLimiter,
    publicUrl: deps.publicUrl,
    googleSignIn: Boolean(deps.google),
    logger: deps.logger,
  });
  googleRoutes(routes, { passport: deps.auth.passport, users: deps.users, options: deps.google ?? null, publicUrl: deps.publicUrl, logger: deps.logger });
  apiKeyRoutes(routes, deps.apiKeys);
  savedConnectionRoutes(routes, { service: deps.savedConnections, users: deps.users });
  pointsRoutes(routes, deps.points);
  leaderboardRoutes(routes, deps.leaderboards);
  badgeRoutes(routes, deps.badges);
  challengeRoutes(routes, deps.challenges);
  raceRoutes(routes, deps.races, deps.raceLimits);
  reviewRoutes(routes, { service: deps.reviews, users: deps.users });
  watchlistRoutes(routes, { service: deps.watchlist, users: deps.users });
  followRoutes(routes, deps.follows);
  activityRoutes(routes, { service: deps.activity, users: deps.users });
  diaryRoutes(routes, { service: deps.diary, imports: deps.diaryImports, userData: deps.userData });
  profileRoutes(routes, { service: deps.profiles });
  discoveryRoutes(routes, deps.discovery);
  adminRoutes(routes, { service: deps.admin, logger: deps.logger });
  reviewModerationRoutes(routes, { service: deps.reviews, audit: deps.audit });
  contactInboxRoutes(routes, { store: deps.contact, audit: deps.audit });
  statusRoutes(routes, { status: deps.status, refreshLimiter: deps.statusRefreshLimiter });
  systemRoutes(routes, deps.operations);
  apiDocsRoutes(routes, { apiLimiters: deps.apiLimiters, unlimitedPaths: UNLIMITED_PATHS.map((path) => `/api${path}`), examples: deps.docsExamples });
  recordApiRoutes(app, routes);
  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.staticDir && existsSync(path.join(deps.staticDir, 'index.html'))) {
    serveAssets(app, deps.staticDir);
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
    // The pages compress well (Brotli where the browser takes it; the assets above are compressed at
    // build time); API answers are small JSON (a proxy may compress them).
    app.use(compression());
    // Shared connection links unfurl with their own title and image.
    app.get('/connection', sharedLinkPage({ entities: deps.entities, connections: deps.connections, findLimiter: deps.findLimiter, publicUrl: deps.publicUrl }, deps.staticDir));
    serveFrontend(app, deps.staticDir, deps.logger, () => deps.graph.status().version);
  }

  app.use(errorHandler(deps.logger));
  return app;
}

/**
 * The build's hashed assets: cached for a year as immutable (a new build has new names), sent as the
 * Brotli or gzip file the build wrote beside each one (the best the browser accepts; no compression
 * work per request), with only the headers a script, style or font needs — the page's CSP and
 * friends ride on the HTML, not on each of a page's dozens of chunks.
 */
function serveAssets(app: Express, staticDir: string): void {
  app.use(
    '/assets',
    (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      next();
    },
    expressStaticGzip(path.join(staticDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
    }),
  );
}

/**
 * The other static files (favicon...), and index.html — never cached, so a new build is seen at once —
 * for every client route, naming the route's own page scripts so the browser fetches them beside the app's,
 * with the page's first paint already in #root: a phone draws the page from the HTML, before any script.
 */
function serveFrontend(app: Express, staticDir: string, logger: Logger, catalogVersion: () => string | null | undefined): void {
  const pageHtml = routePageHtml(staticDir);
  const firstPaint = firstPaintRenderer(staticDir, (url, error) => logger.error({ err: error, url }, 'first paint: the page could not be rendered; serving it empty'), { catalogVersion });
  // Dot paths (the first-paint renderer in .ssr/) are not served: "ignore" falls through to the page.
  app.use(express.static(staticDir, { index: false, dotfiles: 'ignore' }));
  app.get('/{*clientRoute}', async (req, res) => {
    // The page's public data comes from this app's own API, asked cookie-less on the address the request came in on.
    // Without a session cookie the visitor is surely signed out: the page is drawn that way (a sign-in prompt, the
    // Login button) rather than with the session-check placeholders a signed-in visitor's copy needs.
    const visitor = { signedOut: !hasSessionCookie(req.headers.cookie) };
    const html = withFirstPaint(pageHtml(req.path), await firstPaint(req.originalUrl, loopbackApiFetch(req.socket.localAddress, req.socket.localPort), visitor), visitor);
    res.set('Cache-Control', 'no-cache').type('html').send(html);
  });
}
