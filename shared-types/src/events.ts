import { z } from 'zod';
import { EntityKeySchema } from './entities.js';
import { SearchParametersSchema } from './search-parameters.js';
import { LedgerReasonSchema } from './progression.js';

/**
 * Domain events: what happened, named `entity.verb_past` and typed once (name → zod payload).
 * Services record them; subscribers in other features react (points, badges, activity, trending...).
 * A feature that adds a moment adds its name and payload here.
 */

const UserIdSchema = z.number().int().positive();

/** How an account signed in or was created. */
export const SignInMethodSchema = z.enum(['password', 'google']);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

/** A search answered (fresh or from the cache); a link preview is not one. Changes no data by itself. */
export const ConnectionFoundSchema = z.object({
  /** The signed-in user who searched; null for an anonymous search. */
  actor: UserIdSchema.nullable(),
  from: EntityKeySchema,
  to: EntityKeySchema,
  /** The search parameters with their defaults applied. */
  parameters: SearchParametersSchema,
  /** Links in the path; null when no path exists within maxDegrees. */
  degrees: z.number().int().nonnegative().nullable(),
  cached: z.boolean(),
  /** The answer needed obscure links or hubs. */
  usedObscure: z.boolean(),
  /**
   * The entities on the path found, ends included, in order (empty or absent when none was found):
   * discovery counts every film on it towards trending. Optional: cache entries written before it have none.
   */
  through: z.array(EntityKeySchema).optional(),
});

/**
 * An entity page was viewed (its details fetched). At most once per client (user, else address) and
 * entity per hour: a reload loop is one view. Changes no data; delivered in process.
 */
export const EntityViewedSchema = z.object({
  /** The signed-in viewer; null for an anonymous visit. */
  actor: UserIdSchema.nullable(),
  entity: EntityKeySchema,
});

/** A user kept a found path (POST /api/connections/save). */
export const ConnectionSavedSchema = z.object({
  userId: UserIdSchema,
  connectionId: z.number().int().positive(),
  /** `type:id` of the saved ends, as the client sent them (a saved path names entities the graph may not hold). */
  from: z.string().min(1),
  to: z.string().min(1),
  degrees: z.number().int().nonnegative(),
});

/** An account was created (password registration, a first Google sign-in, or the configured admin). */
export const UserRegisteredSchema = z.object({
  userId: UserIdSchema,
  username: z.string(),
  method: SignInMethodSchema,
});

/** A user signed in with a password or with Google (not an API key, not a session resumed). */
export const UserSignedInSchema = z.object({
  userId: UserIdSchema,
  method: SignInMethodSchema,
});

/** An account and everything it owns were deleted (its ledger rows with it): boards drop the user. */
export const UserDeletedSchema = z.object({ userId: UserIdSchema });

/**
 * An admin deactivated an account (or reactivated it): its public traces (reviews, watchlist, board
 * rows, feed items) are hidden while it is inactive and come back with it.
 */
export const UserDeactivatedSchema = z.object({ userId: UserIdSchema });
export const UserReactivatedSchema = z.object({ userId: UserIdSchema });

/** One ledger row was written: the award, the balance after it, and the level it reached. */
export const PointsAwardedSchema = z.object({
  userId: UserIdSchema,
  entryId: z.number().int().positive(),
  reason: LedgerReasonSchema,
  points: z.number().int(),
  /** The user's balance (ledger sum) after this row. */
  balance: z.number().int(),
  level: z.number().int().positive(),
  previousLevel: z.number().int().positive(),
  /** When the row was written (ISO): the boards' windows (week, month, year) follow it, not the delivery time. */
  awardedAt: z.string(),
  /** For a challenge reward: the challenge's par and the degrees used (the efficiency metric). */
  challenge: z.object({ par: z.number().int().positive(), degrees: z.number().int().positive() }).nullable(),
  /**
   * For a discovery: the pair (as searched) and its degrees, so badges count exactly the discoveries the
   * ledger paid. Optional: absent on every other reason.
   */
  discovery: z.object({ from: EntityKeySchema, to: EntityKeySchema, degrees: z.number().int().nonnegative() }).nullable().optional(),
});

/** A badge was earned (once per user and badge); its reward is paid by the points ledger. */
export const BadgeEarnedSchema = z.object({
  userId: UserIdSchema,
  badgeId: z.string(),
  /** The badge's name when earned, for the points history ("Badge: First Connection"). */
  name: z.string(),
  pointsReward: z.number().int().nonnegative(),
  earnedAt: z.string(),
});

/**
 * A challenge attempt reached its target (recorded by the challenges feature with its server-computed
 * score), for the user's first solve of the challenge and only when that solve counts: an attempt started
 * before the user saw the answer, on the challenge's day or week, no faster than the human floor. Replays
 * and solves that pay nothing for those reasons record no event (no points, badges or feed items).
 */
export const ChallengeSolvedSchema = z.object({
  userId: UserIdSchema,
  challengeId: z.string(),
  /** The day's daily challenge (not an archive replay). */
  daily: z.boolean(),
  par: z.number().int().positive(),
  degrees: z.number().int().positive(),
  timeMs: z.number().int().nonnegative(),
  /** The reward the server computed; 0 for a replay. */
  points: z.number().int().nonnegative(),
  /** The UTC date of the daily (YYYY-MM-DD), for streaks; null otherwise. */
  date: z.string().nullable(),
});

/** A review was written (first time for that user and entity). */
export const ReviewCreatedSchema = z.object({
  userId: UserIdSchema,
  reviewId: z.number().int().positive(),
  entity: EntityKeySchema,
  rating: z.number().int().min(1).max(5),
  /**
   * Characters of the review's text once trimmed (reviewTextLength): points pay, and badges count, only a
   * review with substance. Optional: an event recorded before it has none, and counts as no substance.
   */
  textLength: z.number().int().nonnegative().optional(),
});

/** A movie was added to a watchlist. */
export const WatchlistAddedSchema = z.object({ userId: UserIdSchema, movieId: z.string() });

/** One user followed another; `followersCount` is the followee's count after it. */
export const UserFollowedSchema = z.object({
  followerId: UserIdSchema,
  followeeId: UserIdSchema,
  followersCount: z.number().int().nonnegative(),
});

/** A film was logged in the diary (or imported). A private entry says so: it never reaches a feed. */
export const DiaryLoggedSchema = z.object({
  userId: UserIdSchema,
  entryId: z.number().int().positive(),
  movieId: z.string(),
  movieTitle: z.string(),
  watchedDate: z.string(),
  rating: z.number().nullable(),
  rewatch: z.boolean(),
  isPrivate: z.boolean(),
});

/** A diary entry was deleted or marked private: whatever it showed others is taken back. */
export const DiaryWithdrawnSchema = z.object({ userId: UserIdSchema, entryId: z.number().int().positive() });

/** A review was deleted by its author. */
export const ReviewDeletedSchema = z.object({ userId: UserIdSchema, reviewId: z.number().int().positive() });

/**
 * A diary entry was changed (film, date, rating, rewatch, privacy): what it shows others follows it.
 * Made private, `diary.withdrawn` is recorded beside it; made public again it is not a new log.
 */
export const DiaryEditedSchema = z.object({
  userId: UserIdSchema,
  entryId: z.number().int().positive(),
  movieId: z.string(),
  watchedDate: z.string(),
  rating: z.number().nullable(),
  rewatch: z.boolean(),
  isPrivate: z.boolean(),
});

/** A review was changed by its author (its rating, title or text). */
export const ReviewEditedSchema = z.object({
  userId: UserIdSchema,
  reviewId: z.number().int().positive(),
  rating: z.number().int().min(1).max(5),
});

/** A moderator restored a hidden review: it is public again, at the moment it was written. */
export const ReviewRestoredSchema = z.object({
  userId: UserIdSchema,
  reviewId: z.number().int().positive(),
  entity: EntityKeySchema,
  rating: z.number().int().min(1).max(5),
  /** When the review was written (ISO): its feed item goes back to that moment, not to now. */
  writtenAt: z.string(),
});

/** A movie was taken off a watchlist. */
export const WatchlistRemovedSchema = z.object({ userId: UserIdSchema, movieId: z.string() });

/** One user stopped following another; `followersCount` is the followee's count after it. */
export const UserUnfollowedSchema = z.object({
  followerId: UserIdSchema,
  followeeId: UserIdSchema,
  followersCount: z.number().int().nonnegative(),
});

/** Every domain event: name → payload schema. */
export const DOMAIN_EVENTS = {
  'connection.found': ConnectionFoundSchema,
  'entity.viewed': EntityViewedSchema,
  'connection.saved': ConnectionSavedSchema,
  'user.registered': UserRegisteredSchema,
  'user.signed_in': UserSignedInSchema,
  'user.deleted': UserDeletedSchema,
  'user.deactivated': UserDeactivatedSchema,
  'user.reactivated': UserReactivatedSchema,
  'points.awarded': PointsAwardedSchema,
  'badge.earned': BadgeEarnedSchema,
  'challenge.solved': ChallengeSolvedSchema,
  'review.created': ReviewCreatedSchema,
  'watchlist.added': WatchlistAddedSchema,
  'user.followed': UserFollowedSchema,
  'user.unfollowed': UserUnfollowedSchema,
  'diary.logged': DiaryLoggedSchema,
  'diary.withdrawn': DiaryWithdrawnSchema,
  'review.deleted': ReviewDeletedSchema,
  'diary.edited': DiaryEditedSchema,
  'review.edited': ReviewEditedSchema,
  'review.restored': ReviewRestoredSchema,
  'watchlist.removed': WatchlistRemovedSchema,
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName = DomainEventName> = z.output<(typeof DOMAIN_EVENTS)[N]>;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];

export const isDomainEventName = (name: string): name is DomainEventName => Object.hasOwn(DOMAIN_EVENTS, name);
