/**
 * Ports of the community features that read other features' rows (profiles' aggregates, the data
 * export): the composition root's code, like services.ts, so features never import each other. Each
 * feature's rows are read by that feature's own query or service.
 */
import type { EarnedBadge } from '@cinema-dna/shared-types';
import type { BadgeService } from './features/badges/service.js';
import { countChallengesCompleted } from './features/challenges/queries.js';
import type { DiaryService } from './features/diary/service.js';
import { followCounts, followsOf } from './features/follows/queries.js';
import { countDiscoveries } from './features/points/queries.js';
import type { PointsService } from './features/points/service.js';
import type { ProfileAggregates } from './features/profiles/ports.js';
import { countVisibleReviews } from './features/reviews/queries.js';
import type { ReviewService } from './features/reviews/service.js';
import { countSavedConnections } from './features/saved-connections/queries.js';
import { exportedAccount } from './features/users/queries.js';
import type { SavedConnectionService } from './features/saved-connections/service.js';
import { countToWatch } from './features/watchlist/queries.js';
import type { WatchlistService } from './features/watchlist/service.js';
import type { Database } from './platform/db/database.js';

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
  const [account, { following, followers }, ledger] = await Promise.all([exportedAccount(deps.db, userId), followsOf(deps.db, userId), deps.points.entireHistory(userId)]);
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
