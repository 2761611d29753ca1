import type { Badge, BadgeProgress, EarnedBadge } from '@cinema-dna/shared-types';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { BADGE_CATALOG, badgeById, publicBadge } from './definitions.js';
import { badgeCounters, earnedBadges } from './schema.js';

/** The catalog as the API shows it (built once: it never changes while running). */
const AVAILABLE: readonly Badge[] = BADGE_CATALOG.map(publicBadge);

/** Reading badges: the catalog, a user's earned badges and their progress towards each. */
export function createBadgeService(deps: { db: Db }) {
  const { db } = deps;
  return {
    available: (): readonly Badge[] => AVAILABLE,

    /** The user's badges, newest first (a badge since dropped from the catalog is left out). */
    async earned(userId: number): Promise<EarnedBadge[]> {
      const rows = await db.select().from(earnedBadges).where(eq(earnedBadges.userId, userId)).orderBy(desc(earnedBadges.earnedAt), desc(earnedBadges.id));
      return rows.flatMap((row) => {
        const badge = badgeById(row.badgeId);
        return badge ? [{ id: row.id, badgeId: row.badgeId, earnedAt: row.earnedAt.toISOString(), badge: publicBadge(badge) }] : [];
      });
    },

    /** Badge id → the user's current count on its counter (0 when nothing counted yet), for every badge. */
    async progress(userId: number): Promise<BadgeProgress> {
      const rows = await db.select({ counter: badgeCounters.counter, value: badgeCounters.value }).from(badgeCounters).where(eq(badgeCounters.userId, userId));
      const values = new Map(rows.map((row) => [row.counter, row.value]));
      return Object.fromEntries(BADGE_CATALOG.map((badge) => [badge.id, Math.max(0, values.get(badge.counter) ?? 0)]));
    },

    /** How many badges each user earned (the leaderboards' rows); users without any are absent. */
    async countEarned(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: earnedBadges.userId, earned: count() })
        .from(earnedBadges)
        .where(inArray(earnedBadges.userId, [...new Set(userIds)]))
        .groupBy(earnedBadges.userId);
      return new Map(rows.map((row) => [row.userId, row.earned]));
    },

    /** Each user's earned badges, newest first, in one query (user cards); users without any are absent. */
    async earnedBy(userIds: number[]): Promise<Map<number, Array<{ id: string; name: string; isRare: boolean }>>> {
      const byUser = new Map<number, Array<{ id: string; name: string; isRare: boolean }>>();
      if (userIds.length === 0) return byUser;
      const rows = await db
        .select({ userId: earnedBadges.userId, badgeId: earnedBadges.badgeId })
        .from(earnedBadges)
        .where(inArray(earnedBadges.userId, [...new Set(userIds)]))
        .orderBy(desc(earnedBadges.earnedAt), desc(earnedBadges.id));
      for (const row of rows) {
        const badge = badgeById(row.badgeId);
        if (!badge) continue;
        const list = byUser.get(row.userId) ?? [];
        list.push({ id: badge.id, name: badge.name, isRare: badge.isRare });
        byUser.set(row.userId, list);
      }
      return byUser;
    },
  };
}
export type BadgeService = ReturnType<typeof createBadgeService>;
