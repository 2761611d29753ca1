import { z } from 'zod';
import { text } from './text.js';
import { UserIdSchema } from './users.js';

/** The activity feed's items (spec §3), apart from the follow lists: every page hears of a new item live. */

/** Spec §3 activity item types (anything else renders as a generic item). */
export const ACTIVITY_TYPES = ['connection', 'review', 'list', 'follow', 'badge', 'diary', 'challenge'] as const;
export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityTypeSchema>;

/**
 * Spec §3 activity content: connection (from, to), review (movieTitle), list (listName), follow (targetUser),
 * badge (badgeName); plus the keys a page needs to link them. Only the fields of the item's type are set.
 */
export const ActivityContentSchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  degrees: z.number().int().optional(),
  /** A review's or a diary entry's or a list change's film (or the reviewed entity's name). */
  movieTitle: z.string().optional(),
  /** `type:id` of the film or entity, for a link. */
  entityKey: z.string().optional(),
  /** Stars given (review 1–5; diary 0.5–5). */
  rating: z.number().optional(),
  rewatch: z.boolean().optional(),
  listName: z.string().optional(),
  /** The followed user's username and display name. */
  targetUser: z.string().optional(),
  targetDisplayName: z.string().optional(),
  badgeName: z.string().optional(),
  /** Challenge: its title and points. */
  challengeTitle: z.string().optional(),
  points: z.number().int().optional(),
});
export type ActivityContent = z.infer<typeof ActivityContentSchema>;

/** Spec §3 Activity item. `id` is a string (a 64-bit row id); `timestamp` is ISO. */
export const ActivityItemSchema = z.object({
  id: z.string(),
  type: ActivityTypeSchema,
  user: z.object({ id: UserIdSchema, username: z.string(), displayName: z.string() }),
  timestamp: z.string(),
  content: ActivityContentSchema,
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
/** GET /api/activity/feed?cursor=&limit= : the cursor is the previous page's `nextCursor`. */
export const ActivityFeedQuerySchema = z.object({
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
});
export const ActivityFeedSchema = z.object({ items: z.array(ActivityItemSchema), nextCursor: z.string().nullable() });
export type ActivityFeed = z.infer<typeof ActivityFeedSchema>;
