import { createActivityService, type ActivityService } from './features/activity/service.js';
import { registerActivitySubscribers } from './features/activity/subscribers.js';
import { createDocsExamples, type DocsExamplesSource } from './features/api-docs/catalog-examples.js';
import { challengeTitles } from './features/challenges/titles.js';
import { loggedFilms } from './features/diary/queries.js';
import { followeesQuery } from './features/follows/queries.js';
import { createFollowService, type FollowService } from './features/follows/service.js';
import { reviewedFilms } from './features/reviews/queries.js';
import { watchlistFilms } from './features/watchlist/queries.js';
import { createApiKeyService, type ApiKeyService } from './features/api-keys/service.js';
import { createEmailVerification, type EmailVerification } from './features/auth/email-verification.js';
import { createLoginThrottle, type LoginThrottle, type LoginThrottleSettings } from './features/auth/login-throttle.js';
import type { Mailer } from './features/auth/mailer.js';
import { createBadgeService, type BadgeService } from './features/badges/service.js';
import type { Clock } from './features/challenges/ports.js';
import { createChallengeService, type ChallengeService } from './features/challenges/service.js';
import { createRaceService, type RaceService } from './features/challenges/races/service.js';
import { createRaceRoomStore } from './features/challenges/races/store.js';
import { createRaceLimits, type RaceLimits } from './features/challenges/races/limits.js';
import { openChallengeEnds } from './features/challenges/open-attempts.js';
import type { RoomSettings as RaceSettings } from './features/challenges/races/room.js';
import { registerBadgeSubscribers } from './features/badges/subscribers.js';
import { createConnectionService, type ConnectionService } from './features/connections/service.js';
import { registerConnectionSubscribers } from './features/connections/subscribers.js';
import { createContactStore, type ContactStore } from './features/contact/store.js';
import { exportUserData, profileAggregates } from './community-ports.js';
import { discoveryCommunity } from './discovery-ports.js';
import { userFootprint } from './admin-ports.js';
import { recordAudit } from './features/admin/audit.js';
import { createAdminService, type AdminService } from './features/admin/service.js';
import { registerAdminSubscribers } from './features/admin/subscribers.js';
import { createDiscoveryService, type DiscoveryService } from './features/discovery/service.js';
import { registerDiscoverySubscribers } from './features/discovery/subscribers.js';
import { createProfileService, type ProfileService } from './features/profiles/service.js';
import { createDiaryImportService, type DiaryImportService } from './features/diary/import-service.js';
import type { UserDataExport } from './features/diary/ports.js';
import { createDiaryService, type DiaryService } from './features/diary/service.js';
import { createEntityService, type EntityService } from './features/entities/service.js';
import { createLedger } from './features/points/ledger.js';
import { createPointsService, type PointsService } from './features/points/service.js';
import { registerPointsSubscribers } from './features/points/subscribers.js';
import { createLeaderboards, type Leaderboards } from './features/leaderboards/service.js';
import { registerLeaderboardSubscribers } from './features/leaderboards/subscribers.js';
import { createLedgerTotals } from './features/points/ledger-totals.js';
import { createReviewService, type ReviewService } from './features/reviews/service.js';
import { createSavedConnectionService, type SavedConnectionService } from './features/saved-connections/service.js';
import { createUserService, type UserService } from './features/users/service.js';
import { createWatchlistService, type WatchlistService } from './features/watchlist/service.js';
import type { GraphService } from './graph/index.js';
import { graphEntityRefs, graphNames, movieTitles } from './graph/names.js';
import { movieChain } from './features/connections/movie-chain.js';
import type { DetailsEnricher } from './catalog/model.js';
import { createMovieCatalog } from './catalog/movie-catalog.js';
import { createAuthPlatform, type AuthPlatform } from './platform/auth/index.js';
import type { SharedState } from './platform/cache/types.js';
import type { Database } from './platform/db/database.js';
import { createDomainEvents, type DomainEvents } from './platform/events/index.js';
import type { Logger } from './platform/logging.js';
import type { Notifier } from './platform/notifier.js';
import { createSystemHealth, type SystemHealthService } from './features/health/dependencies.js';
import { createOperationsService, type OperationsService } from './features/status/operations.js';
import { graphProbes } from './features/status/probes.js';
import { createStatusService, type StatusService } from './features/status/service.js';
import { STATUS_REFRESH_PER_MINUTE } from './features/status/routes.js';
import { movieReleaseYears } from './catalog/entity-store.js';
import { countUndelivered } from './platform/metrics/outbox.js';
import { createMetrics, type Metrics } from './platform/metrics/index.js';
import { createReplicaHeartbeat, type ReplicaHeartbeat } from './platform/metrics/replicas.js';
import { createApiRateLimiters, createRateLimiter, perMinute, type ApiRateLimiters, type RateLimiter } from './platform/rate-limit.js';

/** The settings services are built with (from Config in server.ts; chosen per suite in tests). */
export interface ServiceSettings {
  sessionSecret: string;
  /** Secure cookies (the public URL is https). */
  secureCookies: boolean;
  /** Find-connection searches per client per minute; 0 off. */
  findConnectionPerMinute: number;
  /** The API-wide tiers per minute; 0 off. */
  publicPerMinute: number;
  authenticatedPerMinute: number;
  /** Failed password sign-ins allowed per account and per IP, and their window. */
  loginThrottle: LoginThrottleSettings;
  /** Expired-session pruning interval; 0 off (tests). Default: the session store's. */
  sessionPruneIntervalMs?: number;
  /** Outbox poll interval (EVENTS_POLL_INTERVAL_MS). */
  eventsPollIntervalMs?: number;
  /** Race countdown and round length (default: the contract's; tests shorten them). */
  races?: RaceSettings;
  /** How often the discovery lists' job checks whether its hourly recompute is due (default 60 s). */
  discoveryCheckIntervalMs?: number;
  /** Operations: dependency probes, live metrics and the status checker (defaults: nothing configured, the contract's intervals). */
  operations?: OperationsSettings;
}

/** What operations read from Config (TMDB_API_URL, WIKIDATA_SPARQL_URL...) or a test chooses. */
export interface OperationsSettings {
  tmdbApiKey?: string;
  /** Default: TMDB's public API. */
  tmdbApiUrl?: string;
  wikidataSparqlUrl?: string;
  /** This process in the replica list (default host:pid; tests running two apps in one process set it). */
  replicaId?: string;
  /** Heartbeat and admin:metrics push interval (default ADMIN_METRICS_INTERVAL_MS). */
  metricsIntervalMs?: number;
  /** Status check interval (default STATUS_CHECK_INTERVAL_MS). */
  statusCheckIntervalMs?: number;
}

export interface ServiceDeps {
  database: Database;
  shared: SharedState;
  /** The loaded movie graph. */
  graph: GraphService;
  logger: Logger;
  /** Pushes to browsers; services and subscribers emit through it, never through Socket.IO itself. */
  notifier: Notifier;
  /** Delivers verification emails. */
  mailer: Mailer;
  /** Lazy TMDB posters and biographies; null without TMDB_API_KEY. */
  enricher?: DetailsEnricher | null;
  settings: ServiceSettings;
  /** The server's clock for games (challenge attempts); default Date.now. Tests move it. */
  clock?: Clock;
}

/** Every service of the app, built once: the server, the test fixture and the benches use the same wiring. */
export interface Services {
  /** The entities the API docs' examples name, chosen from the loaded catalog at start-up. */
  docsExamples: DocsExamplesSource;
  events: DomainEvents;
  notifier: Notifier;
  entities: EntityService;
  connections: ConnectionService;
  findLimiter: RateLimiter;
  /** Race limits: moves, other commands, clock readings, wrong codes (races/limits.ts). */
  raceLimits: RaceLimits;
  apiLimiters: ApiRateLimiters;
  users: UserService;
  apiKeys: ApiKeyService;
  /** Sessions, Passport and API keys (shared by the HTTP app and the socket handshake). */
  auth: AuthPlatform;
  savedConnections: SavedConnectionService;
  points: PointsService;
  badges: BadgeService;
  contact: ContactStore;
  emailVerification: EmailVerification;
  loginThrottle: LoginThrottle;
  /** Verification emails a user may ask for again. */
  resendLimiter: RateLimiter;
  /** Boards from the points ledger (rebuilt in the background by start()). */
  leaderboards: Leaderboards;
  /** The admin dashboard: stats, users, searched connections, operations, exports, the audit log. */
  admin: AdminService;
  /** The audit log's writer, for the moderation and inbox routes (in their changes' transactions). */
  audit: typeof recordAudit;
  /** The daily, the challenge list, attempts and challenge stats. */
  challenges: ChallengeService;
  /** Live race rooms (in the database; played over Socket.IO). */
  races: RaceService;
  /** Reviews of entities (community). */
  reviews: ReviewService;
  /** Watchlists and watched marks (community). */
  watchlist: WatchlistService;
  /** Following, user search and Discover (community). */
  follows: FollowService;
  /** The activity feed (community); its items are written by the activity subscribers. */
  activity: ActivityService;
  /** The film diary and its CSV export (community). */
  diary: DiaryService;
  /** Letterboxd imports: preview, then commit (community). */
  diaryImports: DiaryImportService;
  /** Everything of a user, for GET /api/users/me/export. */
  userData: UserDataExport;
  /** Profiles, year stats and comparisons (community). */
  profiles: ProfileService;
  /** The Discovery page: hourly lists, Surprise Me, moods, friends' films, recommendations. */
  discovery: DiscoveryService;
  /** Real probes of the database, the movie API and the knowledge-base API (admin stats' systemHealth, the System tab's rows). */
  systemHealth: SystemHealthService;
  /** This process's live metrics (the request middleware, Prometheus registry, rolling window). */
  metrics: Metrics;
  /** Publishes this process's metrics into shared state every few seconds; reads every replica's. */
  heartbeat: ReplicaHeartbeat;
  /** The System tab and the admin:metrics view. */
  operations: OperationsService;
  /** The status page's checker, its results and history. */
  status: StatusService;
  /** POST /api/status/refresh per client per minute. */
  statusRefreshLimiter: RateLimiter;
  /** Starts delivering domain events: call once the app and the socket server are wired. */
  start(): void;
  /** Delivers what is pending, stops the dispatcher and the session pruning. Storage stays open. */
  close(): Promise<void>;
}

/** Builds every service, and registers every feature's subscribers. */
export function createServices(deps: ServiceDeps): Services {
  const { database, shared, graph, logger, notifier, settings } = deps;
  const db = database.db;
  const events = createDomainEvents({ database, logger, pollIntervalMs: settings.eventsPollIntervalMs });

  const entities = createEntityService({ graph, db, enricher: deps.enricher ?? null, views: { events, counters: shared.counters } });
  const ops = settings.operations ?? {};
  const outboxBacklog = () => countUndelivered(db);
  const metrics = createMetrics({ replica: ops.replicaId, outboxBacklog });
  const heartbeat = createReplicaHeartbeat({ metrics, shared, logger, outboxBacklog, intervalMs: ops.metricsIntervalMs });
  const systemHealth = createSystemHealth({ database, settings: { tmdbApiKey: ops.tmdbApiKey, tmdbApiUrl: ops.tmdbApiUrl, wikidataSparqlUrl: ops.wikidataSparqlUrl } });
  const operations = createOperationsService({ health: systemHealth, heartbeat });
  const status = createStatusService({
    db,
    shared,
    logger,
    replica: metrics.replica,
    replicas: heartbeat,
    intervalMs: ops.statusCheckIntervalMs,
    probes: {
      database,
      shared,
      ...graphProbes(graph, db, Boolean(deps.enricher)),
      wikidata: systemHealth.wikidata,
    },
  });
  const connections = createConnectionService({
    graph,
    entities,
    shared,
    events,
    logger,
    observer: metrics,
    // The challenges a searcher is playing, through a port: their ends are not searched for them (issue 25, rule 3).
    challenges: { openChallengeEnds: openChallengeEnds({ db, clock: deps.clock ?? Date.now }) },
  });
  const users = createUserService({ db, events, logger });
  const apiKeys = createApiKeyService({ db });
  const auth = createAuthPlatform({
    db,
    users,
    apiKeys,
    sessionSecret: settings.sessionSecret,
    secureCookies: settings.secureCookies,
    logger,
    pruneIntervalMs: settings.sessionPruneIntervalMs,
  });

  const badges = createBadgeService({ db });
  const movieCatalog = createMovieCatalog(graph, db);
  const leaderboards = createLeaderboards({
    shared,
    db,
    totals: createLedgerTotals(db),
    // The rows' badge counts, through a port: leaderboards never imports the badges feature.
    badgeCounts: (userIds) => badges.countEarned([...userIds]),
    notifier,
    logger,
  });

  // Features react to each other only through events: each registers its own subscribers.
  registerConnectionSubscribers(events, { shared, logger });
  registerPointsSubscribers({ events, ledger: createLedger({ events }), notifier, names: graphNames(graph), logger });
  registerLeaderboardSubscribers(events, { leaderboards });
  let stopDailySnapshots = () => {};
  let stopRestoreWatch = () => {};
  registerBadgeSubscribers(events, { notifier });
  const races = createRaceService({ rooms: createRaceRoomStore(database.liveDb, logger), graph: () => graph.graph, summaries: (indices) => entities.summaries(indices), notifier, logger, settings: settings.races });

  const challenges = createChallengeService({
    db,
    events,
    graph,
    clock: deps.clock ?? Date.now,
    ports: {
      summaries: (indices) => entities.summaries(indices),
      releaseYears: () => movieReleaseYears(db),
      // The Challenge Masters board, through a port: challenges never imports the leaderboards feature.
      challengeRank: (userId) => leaderboards.rankOn('challenges', userId),
    },
  });

  // The catalog through ports: community features never import the graph or the entities feature.
  const reviews = createReviewService({ db, events, catalog: graphNames(graph) });
  const watchlist = createWatchlistService({ db, events, catalog: movieTitles(graph) });
  const diary = createDiaryService({ db, events, catalog: movieCatalog });
  const savedConnections = createSavedConnectionService({
    db,
    events,
    verifyPath: (steps) => graph.verifyPath(steps),
    // A checked path as the catalog names it: the entities' summaries and the links' labels from the graph.
    catalogPath: (steps) => entities.namePath(steps),
  });
  const points = createPointsService({ db });
  // User cards through ports: the follows feature never imports badges, points, reviews, diary or watchlist.
  const follows = createFollowService({
    db,
    events,
    notifier,
    ports: {
      badges: (userIds) => badges.earnedBy(userIds),
      connectionsFound: (userIds) => points.discoveryCounts(userIds),
      reviewCounts: (userIds) => reviews.countFor(userIds),
      filmSources: [loggedFilms(), watchlistFilms(), reviewedFilms()],
    },
  });
  registerActivitySubscribers({ events, db, names: graphNames(graph), challengeTitles, notifier, logger });
  registerDiscoverySubscribers(events, { db });
  registerAdminSubscribers(events, { db, logger });
  // Other features' rows, the graph's names, the cache and the boards through ports: admin imports no feature.
  const admin = createAdminService({
    db,
    events,
    entityRefs: graphEntityRefs(graph),
    // The admin Overview's System Health: the same real probes as the System tab's rows.
    systemHealth: () => systemHealth.systemHealth(),
    cache: { clearCache: () => connections.clearCache(), forgetPair: (from, to) => connections.forgetPair(from, to) },
    rebuildLeaderboards: async () => (await leaderboards.rebuild()).players,
    footprint: userFootprint(),
    sockets: notifier,
  });
  // The community's rows through a port: discovery imports neither the diary, reviews, watchlist nor follows.
  const discovery = createDiscoveryService({
    db,
    graph,
    clock: deps.clock ?? Date.now,
    community: discoveryCommunity(db),
    // The engine's random walks with restart, in the search workers.
    recommend: (seeds, options) => graph.recommend(seeds, options),
    logger,
    checkIntervalMs: settings.discoveryCheckIntervalMs,
  });

  const docsExamples = createDocsExamples(graph, (chosen, ms) =>
    logger.info({ from: chosen.from.key, to: chosen.to.key, degrees: chosen.degrees, movie: chosen.movie.key, genre: chosen.genre.key, ms }, 'docs examples chosen from the catalog'),
  );

  return {
    docsExamples,
    events,
    notifier,
    entities,
    connections,
    // What each limit does while Redis cannot answer: docs/storage.md, "Losing Redis".
    findLimiter: createRateLimiter(shared.counters, perMinute('find-connection', settings.findConnectionPerMinute, 'local'), logger),
    raceLimits: createRaceLimits(shared.counters, logger),
    apiLimiters: createApiRateLimiters(shared.counters, { publicPerMinute: settings.publicPerMinute, authenticatedPerMinute: settings.authenticatedPerMinute }, logger),
    users,
    apiKeys,
    auth,
    savedConnections,
    points,
    badges,
    contact: createContactStore(db),
    emailVerification: createEmailVerification({ db, users, mailer: deps.mailer, logger }),
    loginThrottle: createLoginThrottle(shared.counters, settings.loginThrottle, logger),
    resendLimiter: createRateLimiter(shared.counters, { name: 'verify-email-resend', limit: 5, windowMs: 60 * 60_000, whenUnavailable: 'closed' }, logger),
    leaderboards,
    admin,
    audit: recordAudit,
    challenges,
    races,
    reviews,
    watchlist,
    diary,
    diaryImports: createDiaryImportService({
      db,
      catalog: movieCatalog,
      // Other features' rows an import writes, through ports in the import's transaction.
      writers: {
        watchlist: (tx, userId, items) => watchlist.importItems(tx, userId, items),
        reviews: (tx, userId, items) => reviews.importMovieReviews(tx, userId, items),
      },
    }),
    userData: (userId) => exportUserData(userId, { db, diary, watchlist, reviews, savedConnections, points, badges }),
    // Other features' counts, the diary and the graph through ports: profiles imports none of them.
    profiles: createProfileService({
      db,
      aggregates: profileAggregates(db, badges),
      diary: { count: (userId, includePrivate) => diary.count(userId, includePrivate), entries: (userId, includePrivate) => diary.logged(userId, includePrivate) },
      graph: { links: (movieIds) => movieCatalog.links(movieIds), chain: movieChain(connections, (movieId) => entities.movieSummary(movieId)) },
    }),
    follows,
    discovery,
    systemHealth,
    metrics,
    heartbeat,
    operations,
    status,
    statusRefreshLimiter: createRateLimiter(shared.counters, perMinute('status-refresh', STATUS_REFRESH_PER_MINUTE, 'local'), logger),
    // The follows feature's table through a port: the feed stays one query.
    activity: createActivityService({ db, followees: followeesQuery, names: graphNames(graph) }),
    start() {
      events.start();
      // Live metrics into shared state every few seconds; the status checker once this process listens.
      heartbeat.start();
      status.start();
      // The race pairs' pool and the challenges' list and daily, off the first start's path and off the
      // first visitor's (the list alone took 1.6–3.5 s on the TMDB 5000 import).
      setImmediate(() => {
        races.warm();
        docsExamples.get().catch((error: unknown) => logger.warn({ err: error }, 'docs examples not chosen at start'));
        challenges
          .warm()
          .then((ms) => logger.info(ms, 'challenges prepared'))
          .catch((error: unknown) => logger.warn({ err: error }, 'challenges not prepared at start'));
      });
      stopDailySnapshots = leaderboards.startDailySnapshots();
      // Boards lost with Redis's data (a restart without persistence) are rebuilt, once across processes.
      stopRestoreWatch = leaderboards.startRestoreWatch();
      // The discovery lists: computed now when none are fresh, then hourly (one process per hour).
      discovery.start();
      // Boards derive from the ledger: rebuilt at every start (in the background; reads answer meanwhile).
      leaderboards.rebuild().catch((error: unknown) => logger.error({ err: error }, 'leaderboards not rebuilt at start'));
    },
    async close() {
      await status.close();
      await heartbeat.stop();
      metrics.close();
      races.close();
      stopDailySnapshots();
      stopRestoreWatch();
      await discovery.close();
      await leaderboards.idle();
      await events.close();
      auth.close();
    },
  };
}
