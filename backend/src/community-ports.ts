/**
 * Ports of the community features that read other features' rows (profiles' aggregates, the data
 * export): the composition root's code, like services.ts, so features never import each other.
 */
import type { EarnedBadge, EntitySummary } from '@cinema-dna/shared-types';
import { eq, sql } from 'drizzle-orm';
import type { BadgeService } from './features/badges/service.js';
import { countChallengesCompleted } from './features/challenges/queries.js';
import type { ConnectionService } from './features/connections/service.js';
import type { DiaryService } from './features/diary/service.js';
import { followCounts, followsOf } from './features/follows/queries.js';
import { countDiscoveries } from './features/points/queries.js';
import type { PointsService } from './features/points/service.js';
import type { ProfileAggregates, ProfileGraph } from './features/profiles/ports.js';
import { countVisibleReviews } from './features/reviews/queries.js';
import type { ReviewService } from './features/reviews/service.js';
import { countSavedConnections } from './features/saved-connections/queries.js';
import type { SavedConnectionService } from './features/saved-connections/service.js';
import { countToWatch } from './features/watchlist/queries.js';
import type { WatchlistService } from './features/watchlist/service.js';
import type { MovieCatalog } from './catalog/movie-catalog.js';
import { accountColumns } from './platform/auth/columns.js';
import { users as userAccounts } from './platform/auth/schema.js';
import type { Database } from './platform/db/database.js';
import { AppError } from './platform/errors.js';
import { GraphError } from './graph/index.js';

type Db = Database['db'];

/** The profile's counts, one query each (never one per row), each the owning feature's own query. */
export function profileAggregates(db: Db, badges: BadgeService): ProfileAggregates {
  return {
    badges: (userId): Promise<EarnedBadge[]> => badges.earned(userId),
    // Public: visible reviews only (reviews/queries.ts).
    reviewCount: (userId) => countVisibleReviews(db, userId),
    connectionsFound: (userId) => countDiscoveries(db, userId),
    savedConnections: (userId) => countSavedConnections(db, userId),
    watchlistCount: (userId) => countToWatch(db, userId),
    follows: (userId, viewerId) => followCounts(db, userId, viewerId),
    challengesCompleted: (userId) => countChallengesCompleted(db, userId),
  };
}

/** The graph for profiles: movies' people and genres, and the engine's chain between two movies. */
export function profileGraph(catalog: MovieCatalog, connections: ConnectionService, summaryOf: (movieId: string) => Promise<EntitySummary | null>): ProfileGraph {
  return {
    links: (movieIds) => catalog.links(movieIds),
    async chain(fromMovieId, toMovieId) {
      if (fromMovieId === toMovieId) {
        const summary = await summaryOf(fromMovieId);
        return summary ? { degrees: 0, path: [{ entity: summary, relationship: null }] } : null;
      }
      try {
        // A preview: neither counted as a search (no points, no trending) nor written to the cache.
        const result = await connections.find({ fromEntity: { type: 'movie', id: fromMovieId }, toEntity: { type: 'movie', id: toMovieId } }, { actor: null, preview: true });
        return result.found && result.degrees !== null ? { degrees: result.degrees, path: result.path } : null;
      } catch (error) {
        // A film gone from a reloaded catalog, or a search over its budget: the comparison stands without a chain.
        if (error instanceof AppError && (error.status < 500 || error.code === 'SEARCH_BUDGET_EXCEEDED')) return null;
        if (error instanceof GraphError && error.code !== 'SERVICE_UNAVAILABLE') return null;
        throw error;
      }
    },
  };
}

/**
 * Everything of a user that the features keep (GET /api/users/me/export): read through each feature's
 * service; the account without its password hash, the follows by follows' own query (no service reads a
 * user's whole list).
 */
export async function exportUserData(
  userId: number,
  deps: {
    db: Db;
    diary: DiaryService;
    watchlist: WatchlistService;
    reviews: ReviewService;
    savedConnections: SavedConnectionService;
    points: PointsService;
    badges: BadgeService;
  },
): Promise<Record<string, unknown>> {
  const { db } = deps;
  const [account] = await db
    .select({
      ...accountColumns('id', 'username', 'email', 'emailVerifiedAt'),
      googleLinked: sql<boolean>`${userAccounts.googleId} is not null`,
      ...accountColumns('displayName', 'bio', 'role', 'level', 'points', 'createdAt', 'lastActiveAt'),
    })
    .from(userAccounts)
    .where(eq(userAccounts.id, userId));
  const { following, followers } = await followsOf(db, userId);
  const ledger = [];
  for (let cursor: number | undefined; ; ) {
    const page = await deps.points.history(userId, { limit: 1000, cursor });
    ledger.push(...page.entries);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  const [diary, watchlist, reviews, savedConnections, badges] = await Promise.all([
    deps.diary.list(userId),
    deps.watchlist.list(userId, Number.MAX_SAFE_INTEGER),
    deps.reviews.allForUser(userId),
    deps.savedConnections.list(userId, Number.MAX_SAFE_INTEGER),
    deps.badges.earned(userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    diary,
    watchlist,
    reviews,
    savedConnections,
    following,
    followers,
    pointsLedger: ledger,
    badges,
  };
}
