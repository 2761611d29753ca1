import { z } from 'zod';

/** Badges (spec §3): a catalog the server owns; each is earned once, at its requirement. */

export const BADGE_CATEGORIES = ['discovery', 'social', 'expertise', 'milestone', 'special'] as const;
export const BadgeCategorySchema = z.enum(BADGE_CATEGORIES);
export type BadgeCategory = z.infer<typeof BadgeCategorySchema>;

/** The spec's icon names; anything else shows the star. */
export const BADGE_ICONS = ['trophy', 'star', 'target', 'zap', 'award', 'users', 'film', 'search', 'heart', 'message', 'trending', 'clock', 'globe', 'sparkles'] as const;
export const BadgeIconSchema = z.enum(BADGE_ICONS);
export type BadgeIcon = z.infer<typeof BadgeIconSchema>;

export const BadgeSchema = z.object({
  /** A stable slug (`first-connection`). */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: BadgeCategorySchema,
  icon: BadgeIconSchema,
  isRare: z.boolean(),
  pointsReward: z.number().int().nonnegative(),
  /** The count at which it is earned, in `unit` (10,000 points for Cinema Legend, 7 days for Daily Devotee). */
  requirement: z.number().int().positive(),
  /** What the requirement and the progress towards it count: `{ one: 'point', other: 'points' }`. */
  unit: z.object({ one: z.string(), other: z.string() }),
});
export type Badge = z.infer<typeof BadgeSchema>;

export const EarnedBadgeSchema = z.object({
  id: z.number().int(),
  badgeId: z.string(),
  earnedAt: z.string(),
  badge: BadgeSchema,
});
export type EarnedBadge = z.infer<typeof EarnedBadgeSchema>;

/** GET /api/users/me/badge-progress: badge id → the user's current count towards it. */
export const BadgeProgressSchema = z.record(z.string(), z.number().int().nonnegative());
export type BadgeProgress = z.infer<typeof BadgeProgressSchema>;

/** Spec §4: an unearned badge shows count / requirement × 100, capped at 100 (whole percent), both in the badge's unit. */
export const badgeProgressPercent = (count: number, requirement: number) => Math.min(100, Math.floor((Math.max(0, count) * 100) / requirement));

/** Socket `badge:earned` (room `user:<id>`). */
export const BadgeEarnedNoticeSchema = z.object({ badge: BadgeSchema, earnedAt: z.string() });
export type BadgeEarnedNotice = z.infer<typeof BadgeEarnedNoticeSchema>;
