import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { reviews } from './schema.js';

/** A review that is not deleted. */
export const liveReview = isNull(reviews.deletedAt);

/**
 * A visible review — the one definition, for every read inside and outside the feature: live, not hidden
 * by a moderator, by an account that is active (a deactivated account's reviews are hidden from every
 * public read, counts and averages included, until it is reactivated).
 */
export const visibleReview = and(liveReview, isNull(reviews.hiddenAt), sql`exists (select 1 from ${users} author where author.id = ${reviews.userId} and author.is_active)`)!;

/** A user's visible reviews, counted (their profile). */
export async function countVisibleReviews(db: Db, userId: number): Promise<number> {
  return (await db.select({ value: count() }).from(reviews).where(and(eq(reviews.userId, userId), visibleReview)))[0]?.value ?? 0;
}
