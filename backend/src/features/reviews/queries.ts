import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

/** A user's live reviews of films, with their ratings (their own taste: hidden ones still say what they think). */
export function movieRatingsOf(db: Db, userId: number) {
  return db
    .select({ movieId: reviews.entityId, rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.entityType, 'movie'), liveReview));
}

/** A user's visible reviews, counted (their profile). */
export async function countVisibleReviews(db: Db, userId: number): Promise<number> {
  return (await db.select({ value: count() }).from(reviews).where(and(eq(reviews.userId, userId), visibleReview)))[0]?.value ?? 0;
}

/** The reviews' votes for a film's community rating, as a query of `(movie_id, stars)` rows: one per visible review of a movie (discovery's port). */
export const reviewRatingVotes = (): SQL => sql`
  select ${reviews.entityId}, ${reviews.rating}
  from ${reviews}
  where ${reviews.entityType} = 'movie' and ${visibleReview}`;

/** The films users reviewed (live reviews of movies, not hidden by a moderator) as `(user_id, movie_id)` rows: a taste source for Discover. */
export const reviewedFilms = (): SQL =>
  sql`select ${reviews.userId} as user_id, ${reviews.entityId} as movie_id from ${reviews} where ${reviews.entityType} = 'movie' and ${reviews.deletedAt} is null and ${reviews.hiddenAt} is null`;
