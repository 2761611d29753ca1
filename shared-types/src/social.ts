import { z } from 'zod';
import { text } from './text.js';
import { UserIdSchema } from './users.js';

/**
 * Following and the activity feed (spec §2 Community, §3 social user and activity item, §4 follow,
 * §5 community search, §7 discovery and community calls, §8 follow toasts).
 *
 * Rules:
 * - Nobody follows themselves (400 CANNOT_FOLLOW_SELF); following twice is not an error (200, nothing changes);
 *   unfollowing someone not followed is a 404.
 * - User search needs a signed-in user and a query longer than 2 characters (3..100); it matches usernames
 *   and display names, case-insensitively, at most 20 results, active accounts only.
 * - Discover ('Discover New Users'): people followed by those you follow, then people with similar taste
 *   (films in common in diaries, watchlists and reviews), then the most recently active; never yourself or
 *   someone you follow; at most 12; each says why (`reason`).
 * - The feed is the people you follow, newest first, cursor-paginated (`nextCursor`); nothing private ever
 *   appears in it (a private diary entry writes no item). New items are pushed live to followers' open
 *   sockets as `activity:new`.
 */

/** The spec's follow toasts and errors (§8). */
export const FOLLOW_TEXTS = {
  followedTitle: 'Following User',
  followed: 'You are now following this user.',
  unfollowedTitle: 'Unfollowed User',
  unfollowed: 'You are no longer following this user.',
  errorTitle: 'Error',
  followFailed: 'Failed to follow user. Please try again.',
  unfollowFailed: 'Failed to unfollow user. Please try again.',
} as const;
export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself.';

/** Shortest user search query: "longer than 2 characters". */
export const USER_SEARCH_MIN = 3;
export const USER_SEARCH_LIMIT = 20;
export const DISCOVER_LIMIT = 12;
/** Badges a user card shows before '+N more'. */
export const USER_CARD_BADGES = 3;

/** A badge as a user card shows it. */
export const SocialBadgeSchema = z.object({ id: z.string(), name: z.string(), isRare: z.boolean() });
export type SocialBadge = z.infer<typeof SocialBadgeSchema>;

/** Why Discover suggests someone. */
export const DISCOVER_REASONS = ['followed-by-friends', 'similar-taste', 'active'] as const;
export const DiscoverReasonSchema = z.enum(DISCOVER_REASONS);
export type DiscoverReason = z.infer<typeof DiscoverReasonSchema>;

/** Spec §3 Social user. */
export const SocialUserSchema = z.object({
  id: UserIdSchema,
  username: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  level: z.number().int().positive(),
  levelName: z.string(),
  points: z.number().int(),
  connectionsFound: z.number().int().nonnegative(),
  reviewCount: z.number().int().nonnegative(),
  followersCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  /** ISO time of their last activity. */
  lastActive: z.string(),
  /** Whether the signed-in caller follows them. */
  isFollowing: z.boolean(),
  /** Every earned badge, newest first (a card shows 3, then '+N more'). */
  badges: z.array(SocialBadgeSchema),
  /** Discover only: why they are suggested, in words ("Followed by ada and 2 others"). */
  reason: z.string().nullable().optional(),
  reasonKind: DiscoverReasonSchema.nullable().optional(),
});
export type SocialUser = z.infer<typeof SocialUserSchema>;

export const SocialUserListSchema = z.object({ users: z.array(SocialUserSchema) });
export type SocialUserList = z.infer<typeof SocialUserListSchema>;

/** GET /api/users/search?q= */
export const UserSearchQuerySchema = z.object({
  q: text().trim().min(USER_SEARCH_MIN, `Type more than ${USER_SEARCH_MIN - 1} characters`).max(100),
});

/** POST /api/users/follow body (spec §7: {userId}). */
export const FollowRequestSchema = z.object({ userId: UserIdSchema });
export type FollowRequest = z.infer<typeof FollowRequestSchema>;

/** After a follow or unfollow: whether the caller follows them now, and both counts. */
export const FollowResultSchema = z.object({
  userId: UserIdSchema,
  isFollowing: z.boolean(),
  /** The followee's followers after the change. */
  followersCount: z.number().int().nonnegative(),
  /** The caller's following after the change. */
  followingCount: z.number().int().nonnegative(),
});
export type FollowResult = z.infer<typeof FollowResultSchema>;

/**
 * The HTTP calls (backend/src/features/follows/routes.ts and activity/routes.ts), all signed in:
 * - POST   /api/users/follow            {userId} → FollowResult; 400 CANNOT_FOLLOW_SELF, 404 no such active user
 * - DELETE /api/users/unfollow/:userId  FollowResult; 404 when not following
 * - GET    /api/users/following         SocialUserList ('Users You Follow', newest follow first)
 * - GET    /api/users/followers         SocialUserList (who follows you)
 * - GET    /api/users/discover          SocialUserList with reasons ('Discover New Users')
 * - GET    /api/users/search?q=         SocialUserList
 * - GET    /api/activity/feed           ActivityFeed (the people you follow)
 * - GET    /api/users/:id/activity      ActivityFeed (one user's public items; anyone)
 * Socket: `activity:new` (ActivityItem) to the sockets of everyone who follows its author.
 */
