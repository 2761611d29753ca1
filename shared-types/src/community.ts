import { z } from 'zod';
import { EntityTypeSchema } from './entities.js';
import { text } from './text.js';

/**
 * Community (spec §3 review, watchlist item; §4 watchlist states; §5 rules; §7 watchlist and review
 * calls; §8 texts): reviews of any entity, and a watchlist of movies with a watched mark.
 *
 * Rules:
 * - A review's rating is a whole number of stars from 1 to 5 (the help text; the docs example's 9 is a 400).
 *   Title and content are trimmed and required. One review per user and entity: a second is a 409; edit it instead.
 *   Only its author edits or deletes a review (403 otherwise).
 * - A watchlist add requires a movie id and title (spec §5); the movie must be in the catalog (404 otherwise).
 *   A movie is on a user's list once (409 'This movie is already in your watchlist.').
 *   Marking a movie watched puts it on the list when it is not there yet.
 */

/** Longest review title and content. */
export const REVIEW_TITLE_MAX = 200;
export const REVIEW_CONTENT_MAX = 5000;
/** The spec's duplicate watchlist answer. */
export const WATCHLIST_DUPLICATE = 'This movie is already in your watchlist.';
/** A second review of the same entity. */
export const REVIEW_DUPLICATE = 'You have already reviewed this. Edit your review instead.';

const trimmedText = (max: number) => text().trim().min(1, 'is required').max(max);

/** 1 to 5 whole stars. */
export const ReviewRatingSchema = z.number().int().min(1).max(5);

/** Who wrote a review. */
export const ReviewAuthorSchema = z.object({ id: z.number().int(), username: z.string(), displayName: z.string() });
export type ReviewAuthor = z.infer<typeof ReviewAuthorSchema>;

/** Spec §3 Review, with the entity it is about and its author. */
export const ReviewSchema = z.object({
  id: z.number().int(),
  entityId: z.string(),
  entityType: EntityTypeSchema,
  rating: ReviewRatingSchema,
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: ReviewAuthorSchema,
});
export type Review = z.infer<typeof ReviewSchema>;

/**
 * What a review can be about: films and the people who make them, the two entity pages with a body of work a
 * member has an opinion on (a review's feed item names a film, spec §3). A genre, keyword, company, collection,
 * award or location page lists films; it is not itself reviewed.
 */
export const REVIEWABLE_TYPES = ['movie', 'person'] as const;
export const ReviewableTypeSchema = z.enum(REVIEWABLE_TYPES).meta({ description: 'What is reviewed: a `movie` or a `person` (genres, keywords, companies and the other types are not reviewed).' });
export type ReviewableType = (typeof REVIEWABLE_TYPES)[number];
export const isReviewable = (type: string): type is ReviewableType => (REVIEWABLE_TYPES as readonly string[]).includes(type);

/** POST /api/reviews body (spec §5: entityId, entityType, rating, title, content). */
export const ReviewCreateSchema = z.object({
  entityId: trimmedText(200),
  entityType: ReviewableTypeSchema,
  rating: ReviewRatingSchema,
  title: trimmedText(REVIEW_TITLE_MAX),
  content: trimmedText(REVIEW_CONTENT_MAX),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;

/** PATCH /api/reviews/:id body: any of rating, title, content (at least one). */
export const ReviewUpdateSchema = z
  .object({ rating: ReviewRatingSchema.optional(), title: trimmedText(REVIEW_TITLE_MAX).optional(), content: trimmedText(REVIEW_CONTENT_MAX).optional() })
  .refine((body) => body.rating !== undefined || body.title !== undefined || body.content !== undefined, 'Send rating, title or content');
export type ReviewUpdate = z.infer<typeof ReviewUpdateSchema>;

/** An entity's reviews, newest first, with their count and average rating (null with none: 'No Reviews Yet'). */
export const EntityReviewsSchema = z.object({
  reviews: z.array(ReviewSchema),
  count: z.number().int().nonnegative(),
  averageRating: z.number().nullable(),
});
export type EntityReviews = z.infer<typeof EntityReviewsSchema>;

/** A user's reviews, newest first. */
export const UserReviewsSchema = z.object({ reviews: z.array(ReviewSchema) });
export type UserReviews = z.infer<typeof UserReviewsSchema>;

/** Spec §3 Watchlist item, with when it was watched and the rating given then. */
export const WatchlistItemSchema = z.object({
  id: z.number().int(),
  movieId: z.string(),
  movieTitle: z.string(),
  posterPath: z.string().nullable(),
  addedAt: z.string(),
  watched: z.boolean(),
  watchedAt: z.string().nullable(),
  /** Whole stars from the app; a Letterboxd import keeps its half stars (0.5 to 5). */
  rating: z.number().min(0.5).max(5).multipleOf(0.5).nullable(),
});
export type WatchlistItem = z.infer<typeof WatchlistItemSchema>;

/** A movie id as the catalog knows it: "mad-max-fury-road-2015" or "movie:mad-max-fury-road-2015". */
const MovieIdSchema = trimmedText(200).transform((id) => (id.startsWith('movie:') ? id.slice('movie:'.length) : id));

/** POST /api/watchlist body (spec §7: movieId, movieTitle, posterPath). */
export const WatchlistAddSchema = z.object({
  movieId: MovieIdSchema,
  movieTitle: trimmedText(500).meta({ description: 'Accepted for compatibility and ignored: the catalog’s title of movieId is stored and shown.' }),
  posterPath: text().trim().max(500).nullish(),
});
export type WatchlistAdd = z.input<typeof WatchlistAddSchema>;

/** POST /api/watched body (spec §7: movieId, movieTitle, posterPath, rating; rating optional, 0 means none). */
export const WatchedMarkSchema = WatchlistAddSchema.extend({
  rating: z.number().int().min(0).max(5).nullish(),
});
export type WatchedMark = z.input<typeof WatchedMarkSchema>;

/** A watchlist, newest addition first. */
export const WatchlistSchema = z.object({ items: z.array(WatchlistItemSchema) });
export type Watchlist = z.infer<typeof WatchlistSchema>;

/**
 * The HTTP calls (declared with their contracts in backend/src/features/reviews/routes.ts and watchlist/routes.ts):
 * - POST   /api/reviews                      Review (201); signed in; 404 unknown entity, 409 a second review
 * - PATCH  /api/reviews/:reviewId            Review; the author only (403 otherwise)
 * - DELETE /api/reviews/:reviewId            204; the author only (403 otherwise)
 * - GET    /api/entity/:type/:id/reviews     EntityReviews (count, averageRating)
 * - GET    /api/users/:id/reviews            UserReviews
 * - GET    /api/watchlist                    Watchlist (yours); signed in
 * - POST   /api/watchlist                    WatchlistItem (201); 409 WATCHLIST_DUPLICATE
 * - DELETE /api/watchlist/:movieId           204; 404 when not on your list
 * - POST   /api/watched                      WatchlistItem (marked watched; added when missing)
 * - GET    /api/users/:id/watchlist          Watchlist
 */
