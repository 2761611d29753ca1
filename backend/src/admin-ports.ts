/**
 * The admin feature's ports into the rest of the app (every feature's rows of a user, the graph's
 * names, the machine's health): the composition root's code, like discovery-ports.ts, so the admin
 * feature imports no other feature.
 */
import { parseEntityKey, type AdminEntityRef } from '@cinema-dna/shared-types';
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { activityItems } from './features/activity/schema.js';
import type { EntityRefs, UserFootprint, UserRemovals } from './features/admin/ports.js';
import { apiKeys } from './features/api-keys/schema.js';
import { earnedBadges } from './features/badges/schema.js';
import { challengeAttempts } from './features/challenges/schema.js';
import { diaryEntries } from './features/diary/schema.js';
import { follows } from './features/follows/schema.js';
import { pointsLedger } from './features/points/schema.js';
import { reviews } from './features/reviews/schema.js';
import { savedConnections } from './features/saved-connections/schema.js';
import { watchlistItems } from './features/watchlist/schema.js';
import type { GraphService } from './graph/index.js';
import { sessions } from './platform/auth/schema.js';

/** How a feed item of someone else names a deleted member they followed. */
export const DELETED_MEMBER = 'a deleted member';

/** Entities named from the loaded graph; a key it does not hold (a reloaded catalog) is named by its key. */
export function graphEntityRefs(graph: GraphService): EntityRefs {
  return (key): AdminEntityRef => {
    const parts = parseEntityKey(key);
    const fallback: AdminEntityRef = { id: parts?.id ?? key, type: parts?.type ?? 'movie', name: key };
    try {
      const index = graph.resolve(key);
      if (index === null || index < 0) return fallback;
      const entity = graph.entityAt(index);
      return { id: parts?.id ?? key, type: entity.type, name: entity.name };
    } catch {
      return fallback;
    }
  };
}

type Kind = keyof UserRemovals;

/** Each kind of a user's rows: its table and which rows are theirs. */
function footprintTables(userId: number): Array<[Kind, PgTable, SQL]> {
  return [
    ['diaryEntries', diaryEntries, eq(diaryEntries.userId, userId)],
    ['reviews', reviews, eq(reviews.userId, userId)],
    ['follows', follows, or(eq(follows.followerId, userId), eq(follows.followeeId, userId))!],
    ['watchlistItems', watchlistItems, eq(watchlistItems.userId, userId)],
    ['savedConnections', savedConnections, eq(savedConnections.userId, userId)],
    ['ledgerRows', pointsLedger, eq(pointsLedger.userId, userId)],
    ['badges', earnedBadges, eq(earnedBadges.userId, userId)],
    ['sessions', sessions, eq(sessions.userId, userId)],
    ['apiKeys', apiKeys, eq(apiKeys.userId, userId)],
    ['activityItems', activityItems, eq(activityItems.userId, userId)],
    ['challengeAttempts', challengeAttempts, eq(challengeAttempts.userId, userId)],
  ];
}

/** Others' feed items that name the user: "X followed <them>". */
const namingThem = (userId: number) => and(eq(activityItems.type, 'follow'), eq(activityItems.subjectKey, `follow:${userId}`), sql`${activityItems.userId} <> ${userId}`)!;

/**
 * A user's rows in every feature. `remove` deletes each kind explicitly (its count is what went) and
 * anonymises others' items that named them, before the account's own delete cascades over what is left
 * (badge counters, email tokens, discovery views: nothing the dialog lists).
 */
export function userFootprint(): UserFootprint {
  return {
    async count(executor, userId) {
      const counts = await Promise.all(
        footprintTables(userId).map(async ([kind, table, where]) => [kind, (await executor.select({ value: count() }).from(table).where(where))[0]?.value ?? 0] as const),
      );
      return Object.fromEntries(counts) as UserRemovals;
    },
    async remove(tx, userId) {
      const removed = {} as UserRemovals;
      for (const [kind, table, where] of footprintTables(userId)) {
        removed[kind] = (await tx.delete(table).where(where).returning({ one: sql<number>`1` })).length;
      }
      return removed;
    },
    async countNamingItems(executor, userId) {
      return (await executor.select({ value: count() }).from(activityItems).where(namingThem(userId)))[0]?.value ?? 0;
    },
    async anonymiseNamingItems(tx, userId) {
      const rows = await tx
        .update(activityItems)
        .set({ content: sql`(${activityItems.content} - 'targetUser') || jsonb_build_object('targetDisplayName', ${DELETED_MEMBER}::text)`, subjectKey: null })
        .where(namingThem(userId))
        .returning({ id: activityItems.id });
      return rows.length;
    },
  };
}
