import { z } from 'zod';
import type { ApiError } from './errors.js';
import { text } from './text.js';
import { ApiErrorSchema } from './errors.js';
import {
  SearchCancelSchema,
  SearchCompletedSchema,
  SearchFailedSchema,
  SearchProgressedSchema,
  SearchStartedSchema,
  SearchStartSchema,
  type FindConnectionRequest,
  type SearchCompleted,
  type SearchFailed,
  type SearchProgressed,
  type SearchStarted,
} from './connections.js';
import { BadgeEarnedNoticeSchema, type BadgeEarnedNotice } from './badges.js';
import { LeaderboardChangedSchema, LeaderboardWatchSchema, type LeaderboardChanged, type LeaderboardWatch } from './leaderboards.js';
import { PointsChangedSchema, type PointsChanged } from './progression.js';
import {
  RACE_CLOCK_READS_PER_10_SECONDS,
  RACE_COMMANDS_PER_10_SECONDS,
  RACE_MOVES_PER_MINUTE,
  RACE_WRONG_CODES_PER_MINUTE,
  RaceClockSchema,
  RaceCodeOnlySchema,
  RaceJoinSchema,
  RaceMoveOutcomeSchema,
  RaceMoveSchema,
  RaceProgressedSchema,
  RaceReadySchema,
  RaceStateSchema,
  type RaceClock,
  type RaceCodeOnly,
  type RaceJoin,
  type RaceMove,
  type RaceMoveOutcome,
  type RaceProgressed,
  type RaceReady,
  type RaceState,
} from './races.js';
import { ActivityItemSchema, type ActivityItem } from './activity.js';
import { AdminMetricsSchema, type AdminMetrics } from './admin.js';

/** admin:watch / admin:unwatch take no options; acknowledged with the metrics as they are now. */
export const AdminWatchSchema = z.object({});
export type AdminWatch = z.infer<typeof AdminWatchSchema>;

/** Socket event names, in one place so client and server never drift apart. */
export const EVENTS = {
  roomJoin: 'room:join',
  roomLeave: 'room:leave',
  roomChanged: 'room:changed',
  presenceChanged: 'presence:changed',
  searchStart: 'search:start',
  searchCancel: 'search:cancel',
  searchProgressed: 'search:progressed',
  searchCompleted: 'search:completed',
  searchFailed: 'search:failed',
  pointsChanged: 'points:changed',
  badgeEarned: 'badge:earned',
  leaderboardWatch: 'leaderboard:watch',
  leaderboardUnwatch: 'leaderboard:unwatch',
  leaderboardChanged: 'leaderboard:changed',
  raceJoin: 'race:join',
  raceLeave: 'race:leave',
  raceReady: 'race:ready',
  raceStart: 'race:start',
  raceMove: 'race:move',
  raceUndo: 'race:undo',
  raceGiveUp: 'race:give-up',
  raceRematch: 'race:rematch',
  raceResync: 'race:resync',
  raceClock: 'race:clock',
  raceState: 'race:state',
  raceProgressed: 'race:progressed',
  activityNew: 'activity:new',
  adminWatch: 'admin:watch',
  adminUnwatch: 'admin:unwatch',
  adminMetrics: 'admin:metrics',
} as const;

/** Acknowledgement of every client command. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: ApiError };
export type AckCallback<T> = (response: Ack<T>) => void;

/** A room where friends play together; codes are short and shareable. */
export const RoomCodeSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,32}$/, 'Room codes are 3 to 32 letters, digits or dashes');
export const RoomJoinSchema = z.object({ code: RoomCodeSchema, displayName: text().trim().min(1).max(40) });
export type RoomJoin = z.infer<typeof RoomJoinSchema>;
export const RoomLeaveSchema = z.object({ code: RoomCodeSchema });
export type RoomLeave = z.infer<typeof RoomLeaveSchema>;

export const RoomStateSchema = z.object({
  code: z.string(),
  members: z.array(z.object({ socketId: z.string(), displayName: z.string() })),
});
export type RoomState = z.infer<typeof RoomStateSchema>;

export const PresenceSchema = z.object({ online: z.number().int().nonnegative() });
export type Presence = z.infer<typeof PresenceSchema>;

export interface ClientToServerEvents {
  'room:join': (payload: RoomJoin, ack: AckCallback<RoomState>) => void;
  'room:leave': (payload: RoomLeave, ack: AckCallback<RoomState>) => void;
  /** Starts a live search; a new one (or a disconnect) cancels the socket's previous search. */
  'search:start': (payload: FindConnectionRequest, ack: AckCallback<SearchStarted>) => void;
  'search:cancel': (payload: { requestId: string }, ack: AckCallback<{ cancelled: boolean }>) => void;
  /** Joins room `leaderboard:<board>`: `leaderboard:changed` follows whenever a score on it moves. */
  'leaderboard:watch': (payload: LeaderboardWatch, ack: AckCallback<LeaderboardWatch>) => void;
  'leaderboard:unwatch': (payload: LeaderboardWatch, ack: AckCallback<LeaderboardWatch>) => void;
  /** Joins race room `race:<code>` as a player (signed in) or a spectator; answers the room as it is. */
  'race:join': (payload: RaceJoin, ack: AckCallback<RaceState>) => void;
  'race:leave': (payload: RaceCodeOnly, ack: AckCallback<RaceState>) => void;
  'race:ready': (payload: RaceReady, ack: AckCallback<RaceState>) => void;
  /** The host starts the countdown: every player gets the same pair and the same absolute start and end times. */
  'race:start': (payload: RaceCodeOnly, ack: AckCallback<RaceState>) => void;
  'race:move': (payload: RaceMove, ack: AckCallback<RaceMoveOutcome>) => void;
  'race:undo': (payload: RaceCodeOnly, ack: AckCallback<RaceMoveOutcome>) => void;
  'race:give-up': (payload: RaceCodeOnly, ack: AckCallback<RaceState>) => void;
  /** The host starts another round with a new pair, in the same room. */
  'race:rematch': (payload: RaceCodeOnly, ack: AckCallback<RaceState>) => void;
  /** The room as it is now (and, for a player, their own chain): for a client that may have missed events. */
  'race:resync': (payload: RaceCodeOnly, ack: AckCallback<{ state: RaceState; chain: RaceMoveOutcome | null }>) => void;
  /** The server's clock, for the client's offset estimate. */
  'race:clock': (payload: Record<string, never>, ack: AckCallback<RaceClock>) => void;
  /** Administrators only: joins room `admin:metrics` (admin:metrics every few seconds); acknowledged with the numbers now. */
  'admin:watch': (payload: AdminWatch, ack: AckCallback<AdminMetrics>) => void;
  'admin:unwatch': (payload: AdminWatch, ack: AckCallback<{ watching: boolean }>) => void;
}

/** Every command a client may send, for code that must cover them all (the hostile-input test). */
export const CLIENT_EVENTS = [
  EVENTS.roomJoin,
  EVENTS.roomLeave,
  EVENTS.searchStart,
  EVENTS.searchCancel,
  EVENTS.leaderboardWatch,
  EVENTS.leaderboardUnwatch,
  EVENTS.raceJoin,
  EVENTS.raceLeave,
  EVENTS.raceReady,
  EVENTS.raceStart,
  EVENTS.raceMove,
  EVENTS.raceUndo,
  EVENTS.raceGiveUp,
  EVENTS.raceRematch,
  EVENTS.raceResync,
  EVENTS.raceClock,
  EVENTS.adminWatch,
  EVENTS.adminUnwatch,
] as const satisfies ReadonlyArray<keyof ClientToServerEvents>;
export type ClientEvent = (typeof CLIENT_EVENTS)[number];
/** Compiles only while CLIENT_EVENTS lists every command of ClientToServerEvents. */
export const CLIENT_EVENTS_COMPLETE: [Exclude<keyof ClientToServerEvents, ClientEvent>] extends [never] ? true : never = true;

export interface ServerToClientEvents {
  'room:changed': (state: RoomState) => void;
  'presence:changed': (presence: Presence) => void;
  'search:progressed': (progress: SearchProgressed) => void;
  'search:completed': (completed: SearchCompleted) => void;
  'search:failed': (failed: SearchFailed) => void;
  'points:changed': (changed: PointsChanged) => void;
  'badge:earned': (earned: BadgeEarnedNotice) => void;
  'leaderboard:changed': (changed: LeaderboardChanged) => void;
  'race:state': (state: RaceState) => void;
  'race:progressed': (progressed: RaceProgressed) => void;
  'activity:new': (item: ActivityItem) => void;
  'admin:metrics': (metrics: AdminMetrics) => void;
}

export type InterServerEvents = Record<string, never>;

/** Per-socket data set by the server on connect. */
export interface SocketData {
  displayName?: string;
  /** The signed-in user, from the session cookie at connect; such a socket is in room `user:<id>`. */
  userId?: number;
  /** The client's address at connect, through trusted proxies only (as the HTTP app's `req.ip`). */
  clientIp?: string;
}

/** A command a client emits: its payload and the data of a successful acknowledgement. */
export interface SocketCommandContract {
  summary: string;
  payload: z.ZodType;
  ack: z.ZodType;
}
/** An event the server emits. */
export interface SocketBroadcastContract {
  summary: string;
  payload: z.ZodType;
}

export const SearchCancelledSchema = z.object({ cancelled: z.boolean() });

/** Every command's schemas, the ones the server parses with; the AsyncAPI document is generated from here. */
/** The race commands' limits, as the server enforces them (docs/rules/challenges-and-races.md, "Guessing race codes"). */
const WRONG_CODES = `A code that names no room counts as a wrong code: ${RACE_WRONG_CODES_PER_MINUTE} a minute per socket, per user and per address (the same count as GET /api/challenges/races/{code}), then RATE_LIMITED for every code.`;
const COMMANDS = `At most ${RACE_COMMANDS_PER_10_SECONDS} of join, leave, ready, start, rematch, give-up and resync every 10 s per player (per address when signed out), then RATE_LIMITED.`;

export const SOCKET_COMMANDS = {
  'room:join': { summary: 'Join a room of friends under a display name; acknowledged with the room as it is now.', payload: RoomJoinSchema, ack: RoomStateSchema },
  'room:leave': { summary: 'Leave a room; acknowledged with the room as it is now.', payload: RoomLeaveSchema, ack: RoomStateSchema },
  'search:start': {
    summary: 'Start a live search (the find-connection body). A new search or a disconnect cancels the previous one; then one search:progressed per layer and search:completed or search:failed.',
    payload: SearchStartSchema,
    ack: SearchStartedSchema,
  },
  'search:cancel': { summary: 'Stop a running search.', payload: SearchCancelSchema, ack: SearchCancelledSchema },
  'leaderboard:watch': { summary: 'Watch a board (room `leaderboard:<board>`): leaderboard:changed follows each time a score on it moves.', payload: LeaderboardWatchSchema, ack: LeaderboardWatchSchema },
  'leaderboard:unwatch': { summary: 'Stop watching a board.', payload: LeaderboardWatchSchema, ack: LeaderboardWatchSchema },
  'race:join': { summary: `Join a race room (\`race:<code>\`) as a player (signed in) or a spectator; acknowledged with the room as it is now. ${WRONG_CODES} ${COMMANDS}`, payload: RaceJoinSchema, ack: RaceStateSchema },
  'race:leave': { summary: `Leave a race room. ${COMMANDS}`, payload: RaceCodeOnlySchema, ack: RaceStateSchema },
  'race:ready': { summary: `A player says they are ready (or not) in the lobby. ${COMMANDS}`, payload: RaceReadySchema, ack: RaceStateSchema },
  'race:start': { summary: `The host starts the countdown: one pair and one absolute start and end time for everyone. ${COMMANDS}`, payload: RaceCodeOnlySchema, ack: RaceStateSchema },
  'race:move': { summary: `The player's next entity; the server checks the link at once (a refused pick costs a move). Moves and undos: ${RACE_MOVES_PER_MINUTE} a minute per player, then RATE_LIMITED.`, payload: RaceMoveSchema, ack: RaceMoveOutcomeSchema },
  'race:undo': { summary: 'Remove the last link of the chain (costs a move); with nothing to undo, a refusal that costs nothing.', payload: RaceCodeOnlySchema, ack: RaceMoveOutcomeSchema },
  'race:give-up': { summary: `Stop racing this round. ${COMMANDS}`, payload: RaceCodeOnlySchema, ack: RaceStateSchema },
  'race:rematch': { summary: `The host starts another round in the same room with a new pair. ${COMMANDS}`, payload: RaceCodeOnlySchema, ack: RaceStateSchema },
  'race:resync': { summary: `The room as it is now and the caller’s own chain, for a client that may have missed events. ${COMMANDS}`, payload: RaceCodeOnlySchema, ack: z.object({ state: RaceStateSchema, chain: RaceMoveOutcomeSchema.nullable() }) },
  'race:clock': { summary: `The server's clock (epoch ms), for the client's offset estimate. At most ${RACE_CLOCK_READS_PER_10_SECONDS} readings every 10 s per player (per address when signed out), then RATE_LIMITED.`, payload: z.object({}), ack: RaceClockSchema },
  'admin:watch': { summary: 'Administrators only: join room `admin:metrics` (admin:metrics every few seconds); acknowledged with the metrics now.', payload: AdminWatchSchema, ack: AdminMetricsSchema },
  'admin:unwatch': { summary: 'Stop receiving admin:metrics.', payload: AdminWatchSchema, ack: z.object({ watching: z.boolean() }) },
} as const satisfies Record<keyof ClientToServerEvents, SocketCommandContract>;

/** Every event the server emits, with its payload schema. */
export const SOCKET_BROADCASTS = {
  'room:changed': { summary: 'Someone joined or left a room the socket is in.', payload: RoomStateSchema },
  'presence:changed': { summary: 'How many people are online.', payload: PresenceSchema },
  'search:progressed': { summary: 'One layer of a live search: frontier size, visited entities, a sample of the most popular frontier entities.', payload: SearchProgressedSchema },
  'search:completed': { summary: 'The answer of a live search (`cached: true` when from the cache, after the cached layers).', payload: SearchCompletedSchema },
  'search:failed': { summary: 'A live search failed, in the error shape (`CHALLENGE_IN_PROGRESS` when a signed-in socket searches between the ends of a challenge its user is playing).', payload: SearchFailedSchema },
  'points:changed': { summary: "To the user's own sockets: their new balance and level after an award; `previousLevel` set when a level was reached.", payload: PointsChangedSchema },
  'badge:earned': { summary: "To the user's own sockets: a badge they just earned.", payload: BadgeEarnedNoticeSchema },
  'leaderboard:changed': { summary: 'To the watchers of a board: players whose score moved, with their new rank.', payload: LeaderboardChangedSchema },
  'race:state': { summary: 'To a race room: the whole room after any change (presence, ready, countdown, a finish, the results).', payload: RaceStateSchema },
  'race:progressed': { summary: "To a race room (volatile): one player's links so far, never which entities.", payload: RaceProgressedSchema },
  'activity:new': { summary: 'To the sockets of everyone who follows its author: a new public activity item (the feed slides it in at the top).', payload: ActivityItemSchema },
  'admin:metrics': { summary: 'To administrators watching: every live replica’s requests per second, latency percentiles, error rate, event-loop delay, sockets, searches, cache hit rate, and the outbox backlog.', payload: AdminMetricsSchema },
} as const satisfies Record<keyof ServerToClientEvents, SocketBroadcastContract>;

/** The acknowledgement of a command whose successful data is `data`. */
export const ackSchema = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: ApiErrorSchema })]);
