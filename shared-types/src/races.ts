import { z } from 'zod';
import { AttemptStatusSchema, ChainStepSchema, ChallengeEntitySchema, ChallengeRevealSchema } from './challenges.js';
import { EntityKeySchema } from './entities.js';
import { text } from './text.js';

// ---------------------------------------------------------------------------------------------
// Live races with friends (rooms `race:<code>`). Commands over Socket.IO; see socket.ts.

/** Players in one race at most; spectators are not counted. */
export const RACE_MAX_PLAYERS = 8;
/** Moves and undos one player may send a minute (a human picks far slower; past it: RATE_LIMITED). */
export const RACE_MOVES_PER_MINUTE = 60;
/** The countdown between the host's start and the first move. */
export const RACE_COUNTDOWN_MS = 5_000;
/** A player who drops keeps their place this long. */
export const RACE_RECONNECT_GRACE_MS = 120_000;

/**
 * Race codes: 8 characters from 31 that cannot be mistaken for one another (no 0, 1, I, L or O), so
 * 31^8 ≈ 8.5 × 10^11 codes. With the wrong-code limit below, finding one of 1,000 open rooms by guessing
 * takes an address about 324 years (docs/rules/challenges-and-races.md, "Guessing race codes").
 */
export const RACE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RACE_CODE_LENGTH = 8;
/** Wrong race codes (a lookup that finds no room) allowed a minute per socket, per user and per address; past it: RATE_LIMITED. */
export const RACE_WRONG_CODES_PER_MINUTE = 5;
/** Other race commands (join, leave, ready, start, rematch, give-up, resync) per player, or per address when signed out, every 10 s. */
export const RACE_COMMANDS_PER_10_SECONDS = 10;
/** `race:clock` readings per player, or per address when signed out, every 10 s (a client takes 3 on each connect). */
export const RACE_CLOCK_READS_PER_10_SECONDS = 20;

export const RaceCodeSchema = text()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${RACE_CODE_ALPHABET}]{${RACE_CODE_LENGTH}}$`), `Race codes are ${RACE_CODE_LENGTH} letters and digits (no 0, 1, I, L or O)`);

export const RACE_STATUSES = ['lobby', 'countdown', 'racing', 'finished'] as const;
export const RaceStatusSchema = z.enum(RACE_STATUSES);
export type RaceStatus = z.infer<typeof RaceStatusSchema>;

export const RacePlayerSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  isHost: z.boolean(),
  ready: z.boolean(),
  /** A socket of theirs is in the room now (false while they are away, within the grace). */
  connected: z.boolean(),
  /** Links in their chain so far (never which entities, until the race ends). */
  links: z.number().int().nonnegative(),
  moves: z.number().int().nonnegative(),
  status: AttemptStatusSchema.nullable(),
  /** Their place once the race is over, or once they solved (1 = first valid chain). */
  rank: z.number().int().positive().nullable(),
  degrees: z.number().int().positive().nullable(),
  /** Seconds from the start to their solve. */
  timeTaken: z.number().nullable(),
  /** Revealed when the race has finished: their chain. */
  chain: z.array(ChainStepSchema).nullable(),
});
export type RacePlayer = z.infer<typeof RacePlayerSchema>;

/** The whole room as every member sees it; `race:state` carries it, and every command answers it. */
export const RaceStateSchema = z.object({
  code: z.string(),
  /** Increments with every change; clients drop an older state than the one they hold. */
  version: z.number().int().nonnegative(),
  status: RaceStatusSchema,
  /** Rounds played in this room (a rematch starts the next). */
  round: z.number().int().nonnegative(),
  hostId: z.number().int(),
  players: z.array(RacePlayerSchema),
  spectators: z.number().int().nonnegative(),
  maxPlayers: z.number().int().positive(),
  /** The pair, known from the countdown on. */
  fromEntity: ChallengeEntitySchema.nullable(),
  toEntity: ChallengeEntitySchema.nullable(),
  par: z.number().int().positive().nullable(),
  /** Seconds each round lasts. */
  timeLimit: z.number().int().positive(),
  /** Absolute epoch ms: moves are accepted from startsAt until endsAt. */
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  /** The server's clock when this state was sent (epoch ms). */
  serverNow: z.number(),
  /** When the race is over: every optimal chain. */
  reveal: ChallengeRevealSchema.nullable(),
});
export type RaceState = z.infer<typeof RaceStateSchema>;

/** POST /api/challenges/races: a new room, its code and link. */
export const RaceCreatedSchema = z.object({ code: z.string(), url: z.string() });
export type RaceCreated = z.infer<typeof RaceCreatedSchema>;

export const RaceJoinSchema = z.object({ code: RaceCodeSchema, as: z.enum(['player', 'spectator']).default('player') });
export type RaceJoin = z.input<typeof RaceJoinSchema>;
export const RaceCodeOnlySchema = z.object({ code: RaceCodeSchema });
export type RaceCodeOnly = z.infer<typeof RaceCodeOnlySchema>;
export const RaceReadySchema = z.object({ code: RaceCodeSchema, ready: z.boolean() });
export type RaceReady = z.infer<typeof RaceReadySchema>;
export const RaceMoveSchema = z.object({ code: RaceCodeSchema, entity: EntityKeySchema });
export type RaceMove = z.infer<typeof RaceMoveSchema>;

/** The answer to a race move: accepted or refused (it cost a move), and the mover's own chain. */
export const RaceMoveOutcomeSchema = z.object({
  accepted: z.boolean(),
  reason: z.string().nullable(),
  chain: z.array(ChainStepSchema),
  moves: z.number().int().nonnegative(),
  status: AttemptStatusSchema,
});
export type RaceMoveOutcome = z.infer<typeof RaceMoveOutcomeSchema>;

/** `race:progressed` (volatile): a player's progress, without the entities. */
export const RaceProgressedSchema = z.object({
  code: z.string(),
  userId: z.number().int(),
  links: z.number().int().nonnegative(),
  moves: z.number().int().nonnegative(),
  status: AttemptStatusSchema,
});
export type RaceProgressed = z.infer<typeof RaceProgressedSchema>;

/** `race:clock`: the server's clock, for the client's offset estimate (NTP-style, half the round trip). */
export const RaceClockSchema = z.object({ serverNow: z.number() });
export type RaceClock = z.infer<typeof RaceClockSchema>;
