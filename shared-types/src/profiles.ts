import { z } from 'zod';
import { EarnedBadgeSchema } from './badges.js';
import { PathStepSchema } from './connections.js';
import { BIO_MAX, DISPLAY_NAME_MAX } from './profile-texts.js';
import { text } from './text.js';

/**
 * Profiles (spec §2 Profile page, §3 user profile stats, §7 /api/users/{id}/stats and the documented
 * /api/users/{id}/profile, §8 'Profile Not Found', §9 achievement targets).
 *
 * Rules:
 * - Anyone may read a profile of an active account; a deactivated or unknown one is a 404 'Profile Not Found'.
 * - Counts and stats never include another user's private diary entries (the owner sees their own).
 * - Achievement progress (spec §9): Connection Explorer out of 10, Review Master out of 10, Point Collector out of 1000.
 */

export * from './profile-texts.js';

/** Spec §3 user profile stats (+ the counts of the four stat cards and the follow state). */
export const UserProfileSchema = z.object({
  user: z.object({
    id: z.number().int().positive(),
    username: z.string(),
    displayName: z.string(),
    joinedAt: z.string(),
    bio: z.string().nullable(),
    level: z.number().int().positive(),
    levelName: z.string(),
    points: z.number().int(),
    lastActive: z.string(),
  }),
  badges: z.array(EarnedBadgeSchema),
  reviewCount: z.number().int().nonnegative(),
  /** Percent (0–100) of the way to the next level; points needed = nextLevelThreshold − points. */
  progressToNext: z.number().int().min(0).max(100),
  nextLevelThreshold: z.number().int().nullable(),
  stats: z.object({
    connectionsFound: z.number().int().nonnegative(),
    savedConnections: z.number().int().nonnegative(),
    filmsLogged: z.number().int().nonnegative(),
    /** Films on the watchlist, to watch: the films marked watched are not counted. */
    watchlistCount: z.number().int().nonnegative(),
    followersCount: z.number().int().nonnegative(),
    followingCount: z.number().int().nonnegative(),
    challengesCompleted: z.number().int().nonnegative(),
  }),
  /** Signed-in caller only: whether they follow this user; false for guests and oneself. */
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** PATCH /api/users/me/profile: display name and bio (an empty bio clears it). */
export const ProfileUpdateSchema = z
  .object({
    displayName: text().trim().min(1, 'is required').max(DISPLAY_NAME_MAX).optional(),
    bio: text()
      .trim()
      .max(BIO_MAX)
      .nullish()
      .transform((bio) => (bio === undefined ? undefined : bio ? bio : null)),
  })
  .refine((body) => body.displayName !== undefined || body.bio !== undefined, 'Send displayName or bio');
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** A person or genre counted by how many logged films it is linked to. */
export const CountedEntitySchema = z.object({ key: z.string(), name: z.string(), count: z.number().int().positive() });
export type CountedEntity = z.infer<typeof CountedEntitySchema>;

/** GET /api/users/:id/year-stats?year= : a year in films, from the diary (private entries only for their owner). */
export const YearStatsQuerySchema = z.object({ year: z.coerce.number().int().min(1870).max(3000).optional() });
export const YearStatsSchema = z.object({
  year: z.number().int(),
  /** Years the user has entries in, newest first (the year picker). */
  years: z.array(z.number().int()),
  filmsLogged: z.number().int().nonnegative(),
  rewatches: z.number().int().nonnegative(),
  /** Twelve counts, January first. */
  filmsByMonth: z.array(z.number().int().nonnegative()).length(12),
  /** Ten counts, for 0.5, 1, …, 5 stars. */
  ratingSpread: z.array(z.number().int().nonnegative()).length(10),
  averageRating: z.number().nullable(),
  /** Most-logged people (cast and crew of the logged films) and genres, at most 10 each. */
  topPeople: z.array(CountedEntitySchema),
  topGenres: z.array(CountedEntitySchema),
});
export type YearStats = z.infer<typeof YearStatsSchema>;

/** GET /api/users/compare?a=&b= : two profiles side by side. */
export const CompareQuerySchema = z.object({ a: z.coerce.number().int().positive(), b: z.coerce.number().int().positive() });
const ComparedUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  displayName: z.string(),
  filmsLogged: z.number().int().nonnegative(),
  /** Their favourite: the highest-rated logged film (most logged on a tie), null with no diary. */
  favourite: z.object({ movieId: z.string(), title: z.string(), posterPath: z.string().nullable() }).nullable(),
});
export const ProfileComparisonSchema = z.object({
  a: ComparedUserSchema,
  b: ComparedUserSchema,
  /** Films both logged (public entries), with each one's latest rating, at most 50. */
  filmsInCommon: z.array(z.object({ movieId: z.string(), title: z.string(), ratingA: z.number().nullable(), ratingB: z.number().nullable() })),
  commonCount: z.number().int().nonnegative(),
  /** 0–100: films in common over films either logged (Jaccard), in percent. */
  tasteOverlap: z.number().int().min(0).max(100),
  /** The shortest chain between the two favourites (the engine's default parameters); null when either has none or none within 6. */
  chain: z.object({ degrees: z.number().int().nonnegative(), path: z.array(PathStepSchema) }).nullable(),
});
export type ProfileComparison = z.infer<typeof ProfileComparisonSchema>;

/**
 * The HTTP calls (backend/src/features/profiles/routes.ts):
 * - GET   /api/users/:id/profile                 UserProfile (anyone; 404 'Profile Not Found')
 * - GET   /api/users/:id/stats                   UserProfile (the spec's name for the same)
 * - GET   /api/users/by-username/:username       UserProfile
 * - PATCH /api/users/me/profile                  UserProfile (signed in)
 * - GET   /api/users/:id/year-stats?year=        YearStats
 * - GET   /api/users/:id/badges                  { badges: EarnedBadge[] }
 * - GET   /api/users/compare?a=&b=               ProfileComparison
 */
