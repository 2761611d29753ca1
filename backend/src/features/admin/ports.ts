import type { AdminEntityRef, SystemHealth, UserDeletion } from '@cinema-dna/shared-types';
import type { Db } from '../../platform/db/database.js';
import type { DbTransaction } from '../../platform/events/index.js';

/** What the admin feature needs of the rest of the app, wired in admin-ports.ts (it imports no other feature). */

/** Entities by key, named from the loaded graph (a key the graph does not hold is named by its key). */
export type EntityRefs = (key: string) => AdminEntityRef;

/** The database, the movie APIs and the machine, as the Overview's System Health shows them. */
export type SystemHealthSource = () => Promise<SystemHealth>;

/** The connections feature's cache and trending. */
export interface AdminConnectionCache {
  /** Deletes every cached search answer; answers how many entries went. */
  clearCache(): Promise<number>;
  /** Takes a pair off trending and drops its cached default answers. */
  forgetPair(from: string, to: string): Promise<void>;
}

/** The leaderboards, rebuilt from the ledger; answers how many players they hold. */
export type LeaderboardRebuild = () => Promise<number>;

export type UserRemovals = UserDeletion['removed'];

/**
 * A user's rows across the features: counted (the deletion dialog) and removed (the deletion, in its
 * transaction, answering how many rows of each kind went).
 */
export interface UserFootprint {
  count(executor: Db | DbTransaction, userId: number): Promise<UserRemovals>;
  remove(tx: DbTransaction, userId: number): Promise<UserRemovals>;
  /** Others' feed items that name the user (kept, without the name, when the user is deleted). */
  countNamingItems(executor: Db | DbTransaction, userId: number): Promise<number>;
  anonymiseNamingItems(tx: DbTransaction, userId: number): Promise<number>;
}
