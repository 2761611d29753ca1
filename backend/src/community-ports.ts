/**
 * Ports of the community features that read other features' rows (profiles' aggregates, the data
 * export): the composition root's code, like services.ts, so features never import each other.
 */
import type { EarnedBadge, EntitySummary } from '@cinema-dna/shared-types';
import { and, count, countDistinct, eq, isNull, or, sql } from 'drizzle-orm';
import type { BadgeService } from './features/badges/service.js';
import { challengeAttempts } from './features/challenges/schema.js';
import type { ConnectionService } from './features/connections/service.js';
import type { DiaryService } from './features/diary/service.js';
import { follows } from './features/follows/schema.js';
import { pointsLedger } from './features/points/schema.js';
import type { PointsService } from './features/points/service.js';
import type { ProfileAggregates, ProfileGraph } from './features/profiles/ports.js';
import { reviews as reviewRows } from './features/reviews/schema.js';
import type { ReviewService } from './features/reviews/service.js';
import { savedConnections as savedConnectionRows } from './features/saved-connections/schema.js';
import type { SavedConnectionService } from './features/saved-connections/service.js';
import { watchlistItems } from './features/watchlist/schema.js';
import type { WatchlistService } from './features/watchlist/service.js';
import type { MovieCatalog } from './catalog/movie-catalog.js';
import { users as userAccounts } from './platform/auth/schema.js';
import type { Database } from './platform/db/database.js';
import { AppError } from './platform/errors.js';
import { GraphError } from './graph/index.js';

type Db = Database['db'];

/** The profile's counts, one query each (never one per row). */
export function profileAggregates(db: Db, badges: BadgeService): ProfileAggregates {
  const countOf = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
  return {
    badges: (userId): Promise<EarnedBadge[]> => badges.earned(userId),
    // Public: reviews hidden by a moderator are not counted.
    reviewCount: (userId) => countOf(db.select({ value: count() }).from(reviewRows).where(and(eq(reviewRows.userId, userId), isNull(reviewRows.deletedAt), isNull(reviewRows.hiddenAt)))),
    connectionsFound: (userId) =>
      countOf(
        db
          .select({ value: count() })
          .from(pointsLedger)
          .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'discovery'))),
      ),
    savedConnections: (userId) => countOf(db.select({ value: count() }).from(savedConnectionRows).where(eq(savedConnectionRows.userId, userId))),
    // The watchlist alone: films to watch, not the films marked watched (an imported rating is no film to watch).
    watchlistCount: (userId) => countOf(db.select({ value: count() }).from(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.watched, false)))),
    async follows(userId, viewerId) {
      const [row] = await db
        .select({
          // Deactivated accounts on the other side are not counted (their traces are hidden until reactivated).
          followers: sql<number>`(count(*) filter (where ${follows.followeeId} = ${userId} and exists (select 1 from ${userAccounts} o where o.id = ${follows.followerId} and o.is_active)))::int`,
          following: sql<number>`(count(*) filter (where ${follows.followerId} = ${userId} and exists (select 1 from ${userAccounts} o where o.id = ${follows.followeeId} and o.is_active)))::int`,
          isFollowing: sql<boolean>`coalesce(bool_or(${follows.followerId} = ${viewerId ?? 0} and ${follows.followeeId} = ${userId}), false)`,
        })
        .from(follows)
        .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
      return { followers: row?.followers ?? 0, following: row?.following ?? 0, isFollowing: Boolean(row?.isFollowing) };
    },
    challengesCompleted: (userId) =>
      countOf(
        db
          .select({ value: countDistinct(challengeAttempts.challengeId) })
          .from(challengeAttempts)
          .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.status, 'solved'))),
      ),
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
 * service; the account without its password hash, the follows from their table (no service reads a
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
      id: userAccounts.id,
      username: userAccounts.username,
      email: userAccounts.email,
      emailVerifiedAt: userAccounts.emailVerifiedAt,
      googleLinked: sql<boolean>`${userAccounts.googleId} is not null`,
      displayName: userAccounts.displayName,
      bio: userAccounts.bio,
      role: userAccounts.role,
      level: userAccounts.level,
      points: userAccounts.points,
      createdAt: userAccounts.createdAt,
      lastActiveAt: userAccounts.lastActiveAt,
    })
    .from(userAccounts)
    .where(eq(userAccounts.id, userId));
  const followRows = await db
    .select({ followerId: follows.followerId, followeeId: follows.followeeId, createdAt: follows.createdAt, username: userAccounts.username })
    .from(follows)
    .innerJoin(userAccounts, sql`${userAccounts.id} = case when ${follows.followerId} = ${userId} then ${follows.followeeId} else ${follows.followerId} end`)
    .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
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
  const person = (row: (typeof followRows)[number]) => ({ userId: row.followerId === userId ? row.followeeId : row.followerId, username: row.username, since: row.createdAt.toISOString() });
  return {
    exportedAt: new Date().toISOString(),
    account,
    diary,
    watchlist,
    reviews,
    savedConnections,
    following: followRows.filter((row) => row.followerId === userId).map(person),
    followers: followRows.filter((row) => row.followeeId === userId).map(person),
    pointsLedger: ledger,
    badges,
  };
}
