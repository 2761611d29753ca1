import {
  entityKey,
  parseEntityKey,
  REVIEW_DUPLICATE,
  reviewTextLength,
  type EntityReviews,
  type EntityType,
  type ReportedReview,
  type Review,
  type ReviewCreate,
  type ReviewReport,
  type ReviewUpdate,
} from '@cinema-dna/shared-types';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import { liveReview, visibleReview } from './queries.js';
import { reviewReports, reviews } from './schema.js';

/** Writes the moderation's audit row in its transaction (the admin feature's, through a port). */
export type ModerationAudit = (tx: DbTransaction, entry: { actorId: number; action: 'review.hidden' | 'review.restored'; targetType: 'review'; targetId: number; before: unknown; after: unknown }) => Promise<void>;

export const OWN_REVIEW_REPORT = 'You cannot report your own review.';

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
  const live = liveReview;
  /** What others see: a visible review, defined once in queries.ts (other features' ports use it too). */
  const visible = visibleReview;

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

  /**
   * The moderation queue: reported reviews (open: reported and not hidden; hidden: hidden, reported
   * or not; all: both), most recently reported first.
   */
  async function reported(state: 'open' | 'hidden' | 'all'): Promise<ReportedReview[]> {
    const reportsOf = db
      .select({
        reviewId: reviewReports.reviewId,
        reportCount: sql<number>`count(*)::int`.as('report_count'),
        lastReportedAt: sql<Date>`max(${reviewReports.createdAt})`.as('last_reported_at'),
      })
      .from(reviewReports)
      .groupBy(reviewReports.reviewId)
      .as('reports');
    const filter = state === 'open' ? and(live, isNull(reviews.hiddenAt), isNotNull(reportsOf.reviewId)) : state === 'hidden' ? and(live, isNotNull(reviews.hiddenAt)) : and(live, sql`(${reportsOf.reviewId} is not null or ${reviews.hiddenAt} is not null)`);
    const rows = await db
      .select({ ...columns, hiddenAt: reviews.hiddenAt, reportCount: reportsOf.reportCount, lastReportedAt: reportsOf.lastReportedAt })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .leftJoin(reportsOf, eq(reportsOf.reviewId, reviews.id))
      .where(filter)
      .orderBy(sql`${reportsOf.lastReportedAt} desc nulls last`, desc(reviews.id))
      .limit(200);
    const ids = rows.map((row) => row.id);
    const reports = ids.length
      ? await db.select().from(reviewReports).where(inArray(reviewReports.reviewId, ids)).orderBy(desc(reviewReports.createdAt))
      : [];
    return rows.map((row) => {
      const mine = reports.filter((report) => report.reviewId === row.id);
      const reasons = new Map<string, number>();
      for (const report of mine) reasons.set(report.reason, (reasons.get(report.reason) ?? 0) + 1);
      const key = entityKey(row.entityType, row.entityId);
      return {
        reviewId: row.id,
        title: row.title,
        content: row.content,
        rating: row.rating,
        entity: { id: row.entityId, type: parseEntityKey(key)?.type ?? row.entityType, name: catalog.nameOf(key) ?? key },
        author: { id: row.userId, username: row.username },
        createdAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
        reportCount: mine.length,
        reasons: [...reasons].map(([reason, count]) => ({ reason: reason as ReportedReview['reasons'][number]['reason'], count })),
        notes: mine.map((report) => report.note).filter((note): note is string => Boolean(note)),
        lastReportedAt: new Date(row.lastReportedAt ?? mine[0]?.createdAt ?? row.createdAt).toISOString(),
      };
    });
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
        // What the review is worth is the points feature's call (a rating and 40 characters, 5 a day): it gets the text's length as posted.
        await events.record(tx, 'review.created', { userId, reviewId: inserted[0].id, entity: key, rating: input.rating, textLength: reviewTextLength(input.content) }, userAggregate(userId));
        return inserted[0].id;
      });
      return read(db, id);
    },

    /** Changes the author's own review (403 for anyone else's); `review.edited` keeps its feed item true. */
    async update(userId: number, id: number, input: ReviewUpdate): Promise<Review> {
      await events.transaction(async (tx) => {
        await owned(tx, userId, id);
        const [updated] = await tx
          .update(reviews)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(reviews.id, id))
          .returning({ rating: reviews.rating });
        await events.record(tx, 'review.edited', { userId, reviewId: id, rating: updated!.rating }, userAggregate(userId));
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

    /** Each user's visible reviews (user cards), in one query; users without any are absent. */
    async countFor(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: reviews.userId, value: sql<number>`count(*)::int` })
        .from(reviews)
        .where(and(inArray(reviews.userId, [...new Set(userIds)]), visible))
        .groupBy(reviews.userId);
      return new Map(rows.map((row) => [row.userId, row.value]));
    },

    /**
     * Reviews of movies a Letterboxd import brings, in its transaction: a movie the user reviewed
     * before (even a deleted review) is left as it is. No `review.created`: imports pay no points.
     * Dated as written on Letterboxd (`createdAt`, else now). Answers the movie ids reviewed now.
     */
    async importMovieReviews(tx: DbTransaction, userId: number, items: readonly { movieId: string; rating: number; title: string; content: string; createdAt: Date | null }[]): Promise<string[]> {
      const added: string[] = [];
      for (let start = 0; start < items.length; start += 500) {
        const rows = await tx
          .insert(reviews)
          .values(
            items.slice(start, start + 500).map((item) => {
              const at = item.createdAt ?? new Date();
              return { userId, entityType: 'movie' as const, entityId: item.movieId, rating: item.rating, title: item.title, content: item.content, createdAt: at, updatedAt: at };
            }),
          )
          .onConflictDoNothing()
          .returning({ entityId: reviews.entityId });
        for (const row of rows) added.push(row.entityId);
      }
      return added;
    },

    /** A user's reviews, for their data export (every live one, hidden ones too: they are the author's). */
    async allForUser(userId: number): Promise<Review[]> {
      const rows = await db
        .select(columns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.userId, userId), live))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReview);
    },

    /** An entity's visible reviews, newest first, with their count and average rating (over all of them). */
    async forEntity(entityType: EntityType, entityId: string, limit = 100): Promise<EntityReviews> {
      const where = and(eq(reviews.entityType, entityType), eq(reviews.entityId, entityId), visible);
      const [rows, [totals]] = await Promise.all([
        db.select(columns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit),
        db.select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})` }).from(reviews).where(where),
      ]);
      const average = totals?.average == null ? null : Math.round(Number(totals.average) * 10) / 10;
      return { reviews: rows.map(toReview), count: totals?.count ?? 0, averageRating: average };
    },

    /** A user's reviews as everyone sees them (hidden ones left out), newest first. */
    async forUser(userId: number, limit = 100): Promise<Review[]> {
      const rows = await db
        .select(columns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.userId, userId), visible))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      return rows.map(toReview);
    },

    /**
     * A reader reports a visible review: `created` false when they had already reported it (the
     * first report stands, counted once). 404 for a missing, deleted or hidden review; 400 for one's own.
     */
    async report(userId: number, reviewId: number, input: ReviewReport): Promise<{ created: boolean }> {
      const [row] = await db.select({ userId: reviews.userId }).from(reviews).where(and(eq(reviews.id, reviewId), visible));
      if (!row) throw notFound('Review not found');
      if (row.userId === userId) throw new AppError(400, 'VALIDATION_FAILED', OWN_REVIEW_REPORT, []);
      const inserted = await db
        .insert(reviewReports)
        .values({ reviewId, reporterId: userId, reason: input.reason, note: input.note?.length ? input.note : null })
        .onConflictDoNothing()
        .returning({ reviewId: reviewReports.reviewId });
      return { created: inserted.length > 0 };
    },

    reported,

    /**
     * Hides (or restores) a review: gone from every public list while hidden (its feed item withdrawn),
     * kept for its author's data.
     * The audit row is written in the same transaction. 404 for a missing or deleted review.
     */
    async moderate(actorId: number, reviewId: number, hide: boolean, audit: ModerationAudit): Promise<ReportedReview> {
      await events.transaction(async (tx) => {
        const [row] = await tx
          .select({ userId: reviews.userId, hiddenAt: reviews.hiddenAt, entityType: reviews.entityType, entityId: reviews.entityId, rating: reviews.rating, createdAt: reviews.createdAt })
          .from(reviews)
          .where(and(eq(reviews.id, reviewId), live))
          .for('update');
        if (!row) throw notFound('Review not found');
        // Its feed item is taken back as for a deletion (the activity feature's reaction); a restore
        // brings it back, at the moment the review was written.
        if (hide && row.hiddenAt === null) await events.record(tx, 'review.deleted', { userId: row.userId, reviewId }, userAggregate(row.userId));
        if (!hide && row.hiddenAt !== null) {
          const entity = entityKey(row.entityType, row.entityId);
          await events.record(tx, 'review.restored', { userId: row.userId, reviewId, entity, rating: row.rating, writtenAt: row.createdAt.toISOString() }, userAggregate(row.userId));
        }
        await tx
          .update(reviews)
          .set({ hiddenAt: hide ? (row.hiddenAt ?? sql`now()`) : null })
          .where(eq(reviews.id, reviewId));
        await audit(tx, { actorId, action: hide ? 'review.hidden' : 'review.restored', targetType: 'review', targetId: reviewId, before: { hidden: row.hiddenAt !== null }, after: { hidden: hide } });
      });
      const [entry] = (await reported('all')).filter((review) => review.reviewId === reviewId);
      if (entry) return entry;
      // Restored and never reported: no longer in the queue; answered as it stands.
      const review = await read(db, reviewId);
      return {
        reviewId,
        title: review.title,
        content: review.content,
        rating: review.rating,
        entity: { id: review.entityId, type: review.entityType, name: catalog.nameOf(entityKey(review.entityType, review.entityId)) ?? review.entityId },
        author: { id: review.author.id, username: review.author.username },
        createdAt: review.createdAt,
        hidden: hide,
        reportCount: 0,
        reasons: [],
        notes: [],
        lastReportedAt: review.createdAt,
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
