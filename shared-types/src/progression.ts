import { z } from 'zod';

/**
 * Points and levels (spec §9): every award is one ledger row; a balance is their sum and a level
 * follows from the balance through LEVELS. Shared so the server and the pages name the same levels.
 */

/** Why points were awarded (or, for a hint, spent): one ledger row each. */
export const LEDGER_REASONS = ['discovery', 'review', 'watchlist_add', 'daily_login', 'challenge', 'hint', 'badge'] as const;
export const LedgerReasonSchema = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof LedgerReasonSchema>;

/**
 * The rules of points (fair play): what each everyday action pays and how many of it pay per UTC day.
 * The points feature enforces exactly these numbers and the /help and /badges pages print them
 * (fair-play.ts), so the text and the enforcement cannot drift apart.
 * - discovery: a signed-in search that finds a chain for a pair (unordered) the user never found; once per pair.
 * - review: a review with a rating and at least `minTextLength` characters of text (trimmed); only the
 *   user's first review of an entity, as first posted (editing, deleting and writing again never pay).
 * - watchlist_add: once per movie ever (removing and re-adding never pays).
 * - daily_login: once per UTC day.
 */
export const POINT_RULES = {
  discovery: { points: 10, perDay: 10 },
  review: { points: 5, perDay: 5, minTextLength: 40 },
  watchlist_add: { points: 2, perDay: 10 },
  daily_login: { points: 1, perDay: 1 },
} as const satisfies Partial<Record<LedgerReason, { points: number; perDay: number; minTextLength?: number }>>;

/** The spec's help text: a connection discovery 10, a review 5, a watchlist add 2, a daily login 1. */
export const POINT_AWARDS = {
  discovery: POINT_RULES.discovery.points,
  review: POINT_RULES.review.points,
  watchlist_add: POINT_RULES.watchlist_add.points,
  daily_login: POINT_RULES.daily_login.points,
} as const satisfies Partial<Record<LedgerReason, number>>;

/** Discoveries paid per UTC day, at most. */
export const DISCOVERY_DAILY_CAP = POINT_RULES.discovery.perDay;

/** The length of a review's text as the rules count it: characters (code points) once trimmed. */
export const reviewTextLength = (content: string): number => [...content.trim()].length;

/** Whether a review has the substance a paid review needs: a rating and at least 40 characters of text. */
export const isSubstantialReview = (review: { rating: number | null | undefined; textLength: number }): boolean =>
  typeof review.rating === 'number' && review.rating >= 1 && review.textLength >= POINT_RULES.review.minTextLength;

/** A level: reached at `threshold` points. Ordered, the first at 0. */
export interface LevelDefinition {
  level: number;
  name: string;
  threshold: number;
}

/** Every level, from 'Movie Newbie' at 0 to 'Cinema Legend' at 10000+ (spec §9). */
export const LEVELS: readonly LevelDefinition[] = [
  { level: 1, name: 'Movie Newbie', threshold: 0 },
  { level: 2, name: 'Popcorn Regular', threshold: 100 },
  { level: 3, name: 'Film Buff', threshold: 300 },
  { level: 4, name: 'Cinephile', threshold: 700 },
  { level: 5, name: 'Scene Stealer', threshold: 1500 },
  { level: 6, name: 'Auteur Hunter', threshold: 3000 },
  { level: 7, name: 'Film Scholar', threshold: 5000 },
  { level: 8, name: 'Cinema Sage', threshold: 7500 },
  { level: 9, name: 'Cinema Legend', threshold: 10000 },
];

/** Where a balance stands: its level, the next threshold (null at the top) and percent of the way there. */
export const LevelProgressSchema = z.object({
  level: z.number().int().positive(),
  levelName: z.string(),
  points: z.number().int(),
  /** Points at which the next level starts; null at 'Cinema Legend'. */
  nextLevelThreshold: z.number().int().nullable(),
  /** Percent (0–100, whole) of the way from this level's threshold to the next; 100 at the top. */
  progressToNext: z.number().int().min(0).max(100),
});
export type LevelProgress = z.infer<typeof LevelProgressSchema>;

export function levelFor(points: number): LevelDefinition {
  let reached = LEVELS[0]!;
  for (const level of LEVELS) if (points >= level.threshold) reached = level;
  return reached;
}

export function levelProgress(points: number): LevelProgress {
  const current = levelFor(points);
  const next = LEVELS.find((level) => level.threshold > points) ?? null;
  const progressToNext = next ? Math.floor(((points - Math.max(0, current.threshold)) * 100) / (next.threshold - current.threshold)) : 100;
  return {
    level: current.level,
    levelName: current.name,
    points,
    nextLevelThreshold: next?.threshold ?? null,
    progressToNext: Math.min(100, Math.max(0, progressToNext)),
  };
}

/** One ledger row as its owner sees it (GET /api/users/me/points). */
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  reason: LedgerReasonSchema,
  points: z.number().int(),
  /** What the award was for, in words ("Tom Hanks → Kevin Bacon", "First Connection"). */
  description: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** GET /api/users/me/points: the ledger, newest first, a page at a time (`nextCursor` for the next page). */
export const LedgerHistorySchema = z.object({
  entries: z.array(LedgerEntrySchema),
  /** Pass as `cursor` for the older entries; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type LedgerHistory = z.infer<typeof LedgerHistorySchema>;

/** GET /api/users/me/points query: `limit` entries (1–100, default 20) older than `cursor` (an entry id). */
export const LedgerHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** GET /api/users/me/progress: the balance and level, and the latest awards. */
export const ProgressResponseSchema = LevelProgressSchema.extend({
  connectionsFound: z.number().int().nonnegative(),
  recent: z.array(LedgerEntrySchema),
});
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

/** Socket `points:changed` (room `user:<id>`): the new balance after an award, and whether a level was reached. */
export const PointsChangedSchema = LevelProgressSchema.extend({
  delta: z.number().int(),
  reason: LedgerReasonSchema,
  /** The level before this award, when this award reached a new one; null otherwise. */
  previousLevel: z.number().int().positive().nullable(),
});
export type PointsChanged = z.infer<typeof PointsChangedSchema>;
