import { z } from 'zod';
import { EntityKeySchema, EntitySummarySchema } from './entities.js';
import { PathRelationshipSchema, PathStepSchema } from './connections.js';
import { text } from './text.js';

/**
 * Challenges (spec §2 Daily challenge card and Challenges page, §3, §4, §7, §8, §9): the server knows
 * the true answer, the player builds the chain link by link, friends race in rooms.
 *
 * The rules of play, the same for the daily, the list, the weekly and races:
 * - A chain runs from the challenge's `from` entity to its `to` entity. Each link must be a link of the
 *   loaded graph of tier core or supporting between entities that are not hubs (genre, keyword, company,
 *   location): exactly the links the engine's strict pass uses, so `par` (the true shortest distance over
 *   those links, measured by the server) is reachable and cannot be beaten.
 * - A themed challenge adds a rule every entity of the chain must keep (`theme`), and its par is the
 *   shortest distance under that rule.
 * - A pick that is already in the chain, is not linked to the chain's current end, breaks the theme, or would
 *   fill the last of CHALLENGE_MAX_CHAIN_LINKS links without reaching `to`, is refused and costs a move.
 * - Undo removes the last link and costs a move; with nothing to undo it is refused and costs nothing (no error).
 * - One module applies these for every mode: backend/src/features/challenges/chain-rules.ts.
 * - The clock is the server's: an attempt starts when the server says so and ends at `endsAt`.
 */

/** Links a chain may hold at most (the product's maximum degrees). */
export const CHALLENGE_MAX_CHAIN_LINKS = 8;
/** The daily card's community goal (spec §9: community progress cap 1000). */
export const DAILY_COMMUNITY_GOAL = 1000;
/** The daily card polls this often (spec §9). */
export const DAILY_POLL_INTERVAL_MS = 60_000;
/** All Challenges › Featured shows the first 6 (spec §9). */
export const FEATURED_CHALLENGES = 6;
/** Points a hint takes off the attempt's reward (never below 0). */
export const HINT_COST_POINTS = 5;
/** Optimal chains shown in a reveal, at most. */
export const REVEAL_MAX_CHAINS = 10;
/** A daily pair is not used again within this many days. */
export const DAILY_NO_REPEAT_DAYS = 90;
/**
 * The human floor: a solve (link by link or a whole chain) faster than this many seconds per link of
 * its chain, by the server's clock from the attempt's start, is recorded as solved and pays 0 points.
 */
export const SOLVE_FLOOR_SECONDS_PER_LINK = 2;

export const CHALLENGE_TYPES = ['speed', 'efficiency', 'puzzle', 'themed', 'other'] as const;
export const ChallengeTypeSchema = z.enum(CHALLENGE_TYPES);
export type ChallengeType = z.infer<typeof ChallengeTypeSchema>;

export const CHALLENGE_DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export const ChallengeDifficultySchema = z.enum(CHALLENGE_DIFFICULTIES);
export type ChallengeDifficulty = z.infer<typeof ChallengeDifficultySchema>;

/** What kind of challenge an id names: `daily-2026-11-26`, `weekly-2026-W48`, `list-<slug>`. */
export const CHALLENGE_KINDS = ['daily', 'weekly', 'list'] as const;
export const ChallengeKindSchema = z.enum(CHALLENGE_KINDS);
export type ChallengeKind = z.infer<typeof ChallengeKindSchema>;

export const ChallengeIdSchema = text()
  .trim()
  .regex(/^(daily-\d{4}-\d{2}-\d{2}|weekly-\d{4}-W\d{2}|list-[a-z0-9-]{1,80})$/, 'not a challenge id');

/**
 * A rule every entity of a themed chain keeps: films released within a decade, or a chain that passes
 * through one given entity (a franchise's collection, an award).
 */
export const ChallengeThemeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('decade'), fromYear: z.number().int(), toYear: z.number().int(), label: z.string() }),
  z.object({ kind: z.literal('through'), entity: EntityKeySchema, label: z.string() }),
]);
export type ChallengeTheme = z.infer<typeof ChallengeThemeSchema>;

/** A challenge's end as cards show it. */
export const ChallengeEntitySchema = EntitySummarySchema;
export type ChallengeEntity = z.infer<typeof ChallengeEntitySchema>;

/** Spec §3 daily challenge, plus what the card and the share text need. GET /api/challenges/daily. */
export const DailyChallengeSchema = z.object({
  /** `daily-YYYY-MM-DD`. */
  id: z.string(),
  /** The puzzle's number since the first daily (#1), for the share text. */
  number: z.number().int().positive(),
  /** The UTC date it is the daily of (YYYY-MM-DD). */
  date: z.string(),
  fromEntity: ChallengeEntitySchema,
  toEntity: ChallengeEntitySchema,
  /** The target: the true shortest distance (= par). */
  targetDegrees: z.number().int().positive(),
  par: z.number().int().positive(),
  /** How many distinct optimal chains exist. */
  optimalChains: z.number().int().positive(),
  difficulty: ChallengeDifficultySchema,
  /** Minutes (spec §3). */
  timeLimit: z.number().int().positive(),
  /** Wrong picks and undos allowed before the attempt fails. */
  moveLimit: z.number().int().positive(),
  pointReward: z.number().int().nonnegative(),
  /** The end of its UTC day (ISO). */
  expiresAt: z.string(),
  /** Distinct players who solved it (community progress, against DAILY_COMMUNITY_GOAL). */
  completedBy: z.number().int().nonnegative(),
  /** Signed in: the caller solved it today. */
  completedToday: z.boolean(),
  /** Signed in and solved: the points that solve earned. */
  pointsEarned: z.number().int().nonnegative().nullable(),
  /** Signed in: the caller's attempt in progress, to resume. */
  activeAttemptId: z.string().nullable(),
  /**
   * Signed in: the caller's finished attempt (solved, or the answer seen: gave up, timed out, out of
   * moves), with its result, share text and reveal; null while unplayed or in progress. Opening the
   * daily again answers this attempt: no new clock starts.
   */
  get finished() {
    return AttemptStateSchema.nullable();
  },
});
export type DailyChallenge = z.infer<typeof DailyChallengeSchema>;

/** A past daily in the archive (playable, no points). GET /api/challenges/daily/archive. */
export const ArchivedDailySchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  date: z.string(),
  fromEntity: ChallengeEntitySchema,
  toEntity: ChallengeEntitySchema,
  par: z.number().int().positive(),
  difficulty: ChallengeDifficultySchema,
  completedBy: z.number().int().nonnegative(),
  /** Signed in: the caller solved it (on its day or since). */
  completed: z.boolean(),
});
export type ArchivedDaily = z.infer<typeof ArchivedDailySchema>;
export const DailyArchiveSchema = z.object({ dailies: z.array(ArchivedDailySchema) });
export type DailyArchive = z.infer<typeof DailyArchiveSchema>;

/** Spec §3 challenge (list). GET /api/challenges, GET /api/challenges/weekly. */
export const ChallengeSchema = z.object({
  id: z.string(),
  kind: ChallengeKindSchema,
  title: z.string(),
  description: z.string(),
  type: ChallengeTypeSchema,
  difficulty: ChallengeDifficultySchema,
  pointReward: z.number().int().nonnegative(),
  fromEntity: ChallengeEntitySchema,
  toEntity: ChallengeEntitySchema,
  /** = par: the true shortest distance under the challenge's rules. */
  targetDegrees: z.number().int().positive(),
  theme: ChallengeThemeSchema.nullable(),
  /** Seconds (spec §3: the list's time limit is in seconds). */
  timeLimit: z.number().int().positive(),
  moveLimit: z.number().int().positive(),
  /** Distinct players who attempted it. */
  participants: z.number().int().nonnegative(),
  /** Percent of attempts that succeeded (0–100, integer). */
  completionRate: z.number().int().min(0).max(100),
  /** Seconds, best successful attempt by anyone; null when none. */
  bestTime: z.number().nullable(),
  bestDegrees: z.number().int().nullable(),
  /** Signed in: the caller's best. */
  userBestTime: z.number().nullable(),
  userBestDegrees: z.number().int().nullable(),
  isCompleted: z.boolean(),
  /** Signed in: the caller's attempt in progress ('Solving'). */
  activeAttemptId: z.string().nullable(),
  /**
   * Signed in: how the challenge ended for the caller (solved, or the answer seen: gave_up, timed_out,
   * out_of_moves); null while unplayed or in progress. A finished challenge pays no more points, and
   * starting it again answers the finished attempt.
   */
  get finishedStatus() {
    return AttemptStatusSchema.nullable();
  },
  /** The weekly challenge's window ends (ISO); null for others. */
  expiresAt: z.string().nullable(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;
export const ChallengeListSchema = z.object({ challenges: z.array(ChallengeSchema) });
export type ChallengeList = z.infer<typeof ChallengeListSchema>;

/** Spec §3 challenge stats, plus streaks. GET /api/users/me/challenge-stats. Times in seconds. */
export const ChallengeStatsSchema = z.object({
  /** Distinct challenges solved. */
  completed: z.number().int().nonnegative(),
  /** Mean time of successful attempts; null without one. */
  averageTime: z.number().nullable(),
  /** Percent of finished attempts that succeeded (0–100). */
  successRate: z.number().int().min(0).max(100),
  /** Rank on the Challenge Masters board; null while off it. */
  rank: z.number().int().positive().nullable(),
  successfulAttempts: z.number().int().nonnegative(),
  bestTime: z.number().nullable(),
  totalPointsEarned: z.number().int().nonnegative(),
  /** Consecutive UTC days with the daily solved, ending today or yesterday. */
  currentStreak: z.number().int().nonnegative(),
  longestStreak: z.number().int().nonnegative(),
  /** Present (true) only while the live boards cannot be read: `rank` is then the last this server read (null if none). */
  degraded: z.literal(true).optional(),
});
export type ChallengeStats = z.infer<typeof ChallengeStatsSchema>;

export const ATTEMPT_STATUSES = ['playing', 'solved', 'gave_up', 'timed_out', 'out_of_moves'] as const;
export const AttemptStatusSchema = z.enum(ATTEMPT_STATUSES);
export type AttemptStatus = z.infer<typeof AttemptStatusSchema>;

/** One optimal chain in a reveal, with the share of successful players whose chain was this one. */
export const RevealedChainSchema = z.object({
  path: z.array(PathStepSchema),
  /** 0–100, integer: percent of successful attempts that found exactly this chain. */
  foundByPercent: z.number().int().min(0).max(100),
  /** True on the optimal chain the caller's own solve found (absent in races). */
  yours: z.boolean().optional(),
});
export const ChallengeRevealSchema = z.object({
  par: z.number().int().positive(),
  /** All optimal chains that exist (the list holds at most REVEAL_MAX_CHAINS). */
  optimalChains: z.number().int().positive(),
  chains: z.array(RevealedChainSchema),
});
export type ChallengeReveal = z.infer<typeof ChallengeRevealSchema>;

/** The score of a finished attempt (spec §3 attempt result: success, degrees, message, timeTaken). */
export const AttemptResultSchema = z.object({
  success: z.boolean(),
  /** Links of the player's chain when solved; null otherwise. */
  degrees: z.number().int().positive().nullable(),
  par: z.number().int().positive(),
  /** Seconds by the server's clock. */
  timeTaken: z.number().nonnegative(),
  moves: z.number().int().nonnegative(),
  hintsUsed: z.number().int().nonnegative(),
  /** Points this attempt earns: 0 unless solved; 0 for a replay or a challenge already rewarded. */
  points: z.number().int().nonnegative(),
  /** Spec §8: 'You earned {points} points! Connection found in {n} degrees.' or why it ended. */
  message: z.string(),
  /**
   * Why a solve paid no points (the answer was seen before, a replay, faster than the human floor, no
   * attempt on the clock); null when it paid or was not solved.
   */
  noPointsReason: z.string().nullable(),
  /** The spoiler-free share text ("Cinema DNA #142 · 4 links (par 4) · 1:23" and an emoji chain). */
  shareText: z.string(),
  reveal: ChallengeRevealSchema,
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

/** One link the player made: the entity reached and the relationship from the previous step. */
export const ChainStepSchema = z.object({
  entity: ChallengeEntitySchema,
  /** Link from the previous step to this one; null on the first step. */
  via: PathRelationshipSchema.nullable(),
});
export type ChainStep = z.infer<typeof ChainStepSchema>;

/** An attempt as the server holds it. Every answer of the play calls is this. */
export const AttemptStateSchema = z.object({
  attemptId: z.string(),
  challengeId: z.string(),
  fromEntity: ChallengeEntitySchema,
  toEntity: ChallengeEntitySchema,
  theme: ChallengeThemeSchema.nullable(),
  par: z.number().int().positive(),
  status: AttemptStatusSchema,
  /** The chain so far, starting at fromEntity. */
  chain: z.array(ChainStepSchema),
  moves: z.number().int().nonnegative(),
  moveLimit: z.number().int().positive(),
  hintsUsed: z.number().int().nonnegative(),
  /** Entities revealed by hints (popular neighbours on an optimal chain). */
  hints: z.array(ChallengeEntitySchema),
  startedAt: z.string(),
  /** The server's deadline (ISO): the clock is the server's. */
  endsAt: z.string(),
  /** The server's clock when it answered (epoch ms), so the client can correct for its own clock's offset. */
  serverNow: z.number(),
  /** Points are paid for this attempt when solved (false for archive replays, challenges already rewarded or whose answer was seen, and solves under the human floor). */
  rewarded: z.boolean(),
  /** Set once the attempt has ended. */
  result: AttemptResultSchema.nullable(),
  /** Increments with every accepted action; a stale or repeated action is refused. */
  version: z.number().int().nonnegative(),
});
export type AttemptState = z.infer<typeof AttemptStateSchema>;

/** POST /api/challenges/:id/attempts: starts (or resumes) the caller's attempt. */
export const AttemptStartSchema = z.object({}).strict();

/** POST /api/challenges/attempts/:attemptId/moves: the next entity of the chain. */
export const AttemptMoveSchema = z.object({
  entity: EntityKeySchema,
  /** The attempt's version the client saw; a different one is 409 CONFLICT (a stale or repeated move). */
  version: z.number().int().nonnegative(),
});
export type AttemptMove = z.infer<typeof AttemptMoveSchema>;
/** Undo, hint and give-up carry the version only. */
export const AttemptActionSchema = z.object({ version: z.number().int().nonnegative() });
export type AttemptAction = z.infer<typeof AttemptActionSchema>;

/** The answer to a move: accepted (the link and its relationship) or refused (why; it cost a move). */
export const MoveOutcomeSchema = z.object({
  accepted: z.boolean(),
  /** Why a pick was refused ('Not linked to Heat', 'Released outside the 1970s'); null when accepted. */
  reason: z.string().nullable(),
  attempt: AttemptStateSchema,
});
export type MoveOutcome = z.infer<typeof MoveOutcomeSchema>;

/**
 * POST /api/challenges/attempt (spec §7): a whole chain at once, validated link by link with the same
 * rules and scoring: each link counts as a move (a chain longer than the moves left is refused and does
 * not solve), time counts from the caller's open attempt on that challenge, and a solve faster than
 * SOLVE_FLOOR_SECONDS_PER_LINK a link pays 0. Without an open attempt the server has no clock for it:
 * the chain is recorded as solved and pays 0. A challenge the caller has finished is refused. A
 * client's `timeSpent` / `timeTaken` / `userId` are accepted for compatibility and ignored.
 */
export const WholeChainAttemptSchema = z.object({
  challengeId: ChallengeIdSchema,
  /** Entity keys from the challenge's from entity to its to entity. */
  chain: z.array(EntityKeySchema).min(2).max(CHALLENGE_MAX_CHAIN_LINKS + 1),
  timeSpent: z.number().optional(),
  timeTaken: z.number().optional(),
  userId: z.unknown().optional(),
});
export type WholeChainAttempt = z.infer<typeof WholeChainAttemptSchema>;

/**
 * The HTTP calls (declared with their contracts in backend/src/features/challenges/routes.ts):
 * - GET  /api/challenges/daily                      DailyChallenge (404 NOT_FOUND 'No challenge available')
 * - GET  /api/challenges/daily/archive              DailyArchive (past dailies, newest first)
 * - GET  /api/challenges                            ChallengeList (the All Challenges list)
 * - GET  /api/challenges/weekly                     Challenge (this ISO week's)
 * - POST /api/challenges/:id/attempts               AttemptState (starts, or resumes the open one); signed in
 * - GET  /api/challenges/attempts/:attemptId        AttemptState (the caller's own)
 * - POST /api/challenges/attempts/:attemptId/moves  MoveOutcome   { entity, version }
 * - POST /api/challenges/attempts/:attemptId/undo   MoveOutcome   { version }
 * - POST /api/challenges/attempts/:attemptId/hint   AttemptState  { version }
 * - POST /api/challenges/attempts/:attemptId/give-up AttemptState { version }
 * - POST /api/challenges/attempt                    AttemptResult (a whole chain; spec §7)
 * - GET  /api/users/me/challenge-stats              ChallengeStats
 * - POST /api/challenges/races                      RaceCreated (signed in)
 * - GET  /api/challenges/races/:code                RaceState (404 NOT_FOUND 'Race not found')
 */
