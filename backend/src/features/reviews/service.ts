import { entityKey, REVIEW_DUPLICATE, type EntityReviews, type EntityType, type Review, type ReviewCreate, type ReviewUpdate } from '@cinema-dna/shared-types';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import { reviews } from './schema.js';

/** The catalog, through a port (this feature imports neither the graph nor the entities feature). */
export interface ReviewCatalog {
  /** The entity's name, or null when the catalog does not hold it. */
  nameOf(key: string): string | null;
}

const columns = {
  id: reviews.id,
  userId: reviews.userId,
  entityId: reviews.entityId,
  entityType: reviews.entityType,
  rating: reviews.rating,
  title: reviews.title,
  content: reviews.content,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  username: users.username,
  displayName: users.displayName,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function toReview(row: Row): Review {
  return {
    id: row.id,
    entityId: row.entityId,
    entityType: row.entityType,
    rating: row.rating,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: { id: row.userId, username: row.username, displayName: row.displayName },
  };
}

const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);

/**
 * Reviews of entities: one per user and entity, edited and deleted by their author only (the check sits
 * next to the query that loads the row). `review.created` is recorded in the write's transaction, for the
 * user's first review of the entity only: points and badges react to it.
 */
export function createReviewService(deps: { db: Db; events: EventRecorder; catalog: ReviewCatalog }) {
  const { db, events, catalog } = deps;
  const live = isNull(reviews.deletedAt);

  async function read(executor: Db | DbTransaction, id: number): Promise<Review> {
    const [row] = await executor.select(columns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, id));
    return toReview(row!);
  }

  /** The live review `id` if `userId` wrote it: 404 when there is none, 403 when it is another's. */
  async function owned(tx: DbTransaction, userId: number, id: number) {
    const [row] = await tx.select({ userId: reviews.userId }).from(reviews).where(and(eq(reviews.id, id), live)).for('update');
    if (!row) throw notFound('Review not found');
    if (row.userId !== userId) throw forbidden('You can only change your own reviews.');
  }

  return {
    /** Writes the user's review of an entity of the catalog (404 otherwise); 409 when they already have one. */
    async create(userId: number, input: ReviewCreate): Promise<Review> {
      const key = entityKey(input.entityType, input.entityId);
      if (catalog.nameOf(key) === null) throw notFound(`The requested ${input.entityType} could not be found.`);
      const id = await events.transaction(async (tx) => {
        const where = and(eq(reviews.userId, userId), eq(reviews.entityType, input.entityType), eq(reviews.entityId, input.entityId));
        const [existing] = await tx.select({ id: reviews.id, deletedAt: reviews.deletedAt }).from(reviews).where(where).for('update');
        if (existing && !existing.deletedAt) throw new AppError(409, 'CONFLICT', REVIEW_DUPLICATE, []);
        const values = { rating: input.rating, title: input.title, content: input.content };
        if (existing) {
          // Written again after a delete: the same row comes back, and it is not a first review.
          await tx
            .update(reviews)
            .set({ ...values, deletedAt: null, createdAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(reviews.id, existing.id));
          return existing.id;
        }
        const inserted = await tx
          .insert(reviews)
          .values({ userId, entityType: input.entityType, entityId: input.entityId, ...values })
          .onConflictDoNothing()
          .returning({ id: reviews.id });
        // A concurrent first write of the same review won the race.
        if (!inserted[0]) throw new AppError(409, 'CONFLICT', REVIEW_DUPLICATE, []);
        await events.record(tx, 'review.created', { userId, reviewId: inserted[0].id, entity: key, rating: input.rating }, userAggregate(userId));
        return inserted[0].id;
      });
      return read(db, id);
    },

    /** Changes the author's own review (403 for anyone else's). */
    async update(userId: number, id: number, input: ReviewUpdate): Promise<Review> {
      await db.transaction(async (tx) => {
        await owned(tx, userId, id);
        await tx
          .update(reviews)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(reviews.id, id));
      });
      return read(db, id);
    },

    /** Deletes the author's own review (403 for anyone else's); `review.deleted` takes it back from feeds. */
    async remove(userId: number, id: number): Promise<void> {
      await events.transaction(async (tx) => {
        await owned(tx, userId, id);
        await tx.update(reviews).set({ deletedAt: sql`now()` }).where(eq(reviews.id, id));
        await events.record(tx, 'review.deleted', { userId, reviewId: id }, userAggregate(userId));
      });
    },

    /** Each user's live reviews (user cards), in one query; users without any are absent. */
    async countFor(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: reviews.userId, value: sql<number>`count(*)::int` })
        .from(reviews)
        .where(and(inArray(reviews.userId, [...new Set(userIds)]), live))
        .groupBy(reviews.userId);
      return new Map(rows.map((row) => [row.userId, row.value]));
    },

    /**
     * Reviews of movies a Letterboxd import brings, in its transaction: a movie the user reviewed
     * before (even a deleted review) is left as it is. No `review.created`: imports pay no points.
     * Answers how many were added.
     */
    async importMovieReviews(tx: DbTransaction, userId: number, items: readonly { movieId: string; rating: number; title: string; content: string }[]): Promise<number> {
      let added = 0;
      for (let start = 0; start < items.length; start += 500) {
        const rows = await tx
          .insert(reviews)
          .values(items.slice(start, start + 500).map((item) => ({ userId, entityType: 'movie' as const, entityId: item.movieId, rating: item.rating, title: item.title, content: item.content })))
          .onConflictDoNothing()
          .returning({ id: reviews.id });
        added += rows.length;
      }
      return added;
    },

    /** A user's reviews, for their data export (every live one). */
    async allForUser(userId: number): Promise<Review[]> {
      const rows = await db
        .select(columns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.userId, userId), live))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReview);
    },

    /** An entity's reviews, newest first, with their count and average rating (over all of them). */
    async forEntity(entityType: EntityType, entityId: string, limit = 100): Promise<EntityReviews> {
      const where = and(eq(reviews.entityType, entityType), eq(reviews.entityId, entityId), live);
      const [rows, [totals]] = await Promise.all([
        db.select(columns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit),
        db.select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})` }).from(reviews).where(where),
      ]);
      const average = totals?.average == null ? null : Math.round(Number(totals.average) * 10) / 10;
      return { reviews: rows.map(toReview), count: totals?.count ?? 0, averageRating: average };
    },

    /** A user's reviews, newest first. */
    async forUser(userId: number, limit = 100): Promise<Review[]> {
      const rows = await db
        .select(columns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.userId, userId), live))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      return rows.map(toReview);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
