import {
  RACE_COUNTDOWN_MS,
  RACE_MAX_PLAYERS,
  RACE_RECONNECT_GRACE_MS,
  type AttemptStatus,
  type PathRelationship,
  type RaceStatus,
} from '@cinema-dna/shared-types';
import { AppError } from '../../../platform/errors.js';
import { stepRefusal, undoRefusal } from '../chain-rules.js';

/**
 * One race room as a pure state machine: lobby → countdown → racing → finished (→ countdown again on a
 * rematch). Every function takes the room and the time and returns the next room (the same object
 * when nothing changed) or throws an AppError in the spec's shape. No I/O, no clock, no randomness:
 * the service reads the room from shared state, applies one of these, and writes it back with a
 * compare-and-set, so two processes serving one room agree.
 */

/** Seconds a round lasts. */
export const RACE_TIME_LIMIT_SECONDS = 180;
/** Spectator sockets one room holds at most (they are counted, not listed). */
export const RACE_MAX_SPECTATORS = 100;

/** A pair to race: two entities at a true distance `par` over the game's links. */
export interface RacePair {
  from: string;
  to: string;
  par: number;
}

/** One step of a chain: the entity and the link from the previous step (null on the first). */
export interface RoomChainStep {
  key: string;
  via: PathRelationship | null;
}

export interface RoomPlayer {
  userId: number;
  displayName: string;
  joinedAt: number;
  ready: boolean;
  /** Their sockets in the room now, on any process; none while away. */
  sockets: string[];
  /** When their last socket left; they are dropped RACE_RECONNECT_GRACE_MS later. */
  awaySince: number | null;
  /** From the pair's `from` on; empty outside a round. */
  chain: RoomChainStep[];
  moves: number;
  status: AttemptStatus | null;
  /** Epoch ms of their solve. */
  solvedAt: number | null;
}

export interface Room {
  code: string;
  status: RaceStatus;
  round: number;
  hostId: number;
  /** In join order: the host passes to the first of them. */
  players: RoomPlayer[];
  /** Spectators' socket ids. */
  spectators: string[];
  pair: RacePair | null;
  startsAt: number | null;
  endsAt: number | null;
  /** Seconds per round. */
  timeLimit: number;
  countdownMs: number;
  /** Pairs this room has raced (`from>to`), so a rematch gets a new one. */
  usedPairs: string[];
  createdAt: number;
}

export interface RoomSettings {
  countdownMs?: number;
  timeLimitSeconds?: number;
}

/** A participant as the socket layer knows them: a signed-in player, or any socket as a spectator. */
export interface Participant {
  socketId: string;
  userId?: number;
  displayName?: string;
}

/** What the link checker says about a pick from the chain's end. */
export type LinkCheck = { linked: true; via: PathRelationship } | { linked: false; reason: string };
export type CheckLink = (fromKey: string, toKey: string) => LinkCheck;

/** The result of a move or an undo: the room after it, and whether the pick was accepted. */
export interface MoveResult {
  room: Room;
  accepted: boolean;
  reason: string | null;
}

const conflict = (message: string, details?: unknown) => new AppError(409, 'CONFLICT', message, details);
const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
const DONE: ReadonlySet<AttemptStatus | null> = new Set<AttemptStatus | null>(['solved', 'gave_up', 'timed_out', 'out_of_moves']);

export const pairId = (pair: RacePair) => `${pair.from}>${pair.to}`;

function newPlayer(userId: number, displayName: string, now: number, socketId: string | null): RoomPlayer {
  return { userId, displayName, joinedAt: now, ready: false, sockets: socketId ? [socketId] : [], awaySince: socketId ? null : now, chain: [], moves: 0, status: null, solvedAt: null };
}

/** A new room in the lobby; its creator is the host (away until a socket of theirs joins). */
export function createRoom(code: string, host: { userId: number; displayName: string }, now: number, settings: RoomSettings = {}): Room {
  return {
    code,
    status: 'lobby',
    round: 0,
    hostId: host.userId,
    players: [newPlayer(host.userId, host.displayName, now, null)],
    spectators: [],
    pair: null,
    startsAt: null,
    endsAt: null,
    timeLimit: settings.timeLimitSeconds ?? RACE_TIME_LIMIT_SECONDS,
    countdownMs: settings.countdownMs ?? RACE_COUNTDOWN_MS,
    usedPairs: [],
    createdAt: now,
  };
}

export const findPlayer = (room: Room, userId: number | undefined) => (userId === undefined ? undefined : room.players.find((p) => p.userId === userId));

function requirePlayer(room: Room, userId: number | undefined): RoomPlayer {
  const player = findPlayer(room, userId);
  if (!player) throw forbidden('Only players of this race can do that');
  return player;
}

function requireHost(room: Room, userId: number | undefined): void {
  requirePlayer(room, userId);
  if (room.hostId !== userId) throw forbidden('Only the host can do that');
}

const withPlayer = (room: Room, userId: number, change: (player: RoomPlayer) => RoomPlayer): Room => ({
  ...room,
  players: room.players.map((p) => (p.userId === userId ? change(p) : p)),
});

/** Removes players (and passes the host on to the first remaining player when the host went). */
function withoutPlayers(room: Room, gone: (player: RoomPlayer) => boolean): Room {
  const players = room.players.filter((p) => !gone(p));
  if (players.length === room.players.length) return room;
  const hostId = players.some((p) => p.userId === room.hostId) ? room.hostId : (players[0]?.userId ?? room.hostId);
  return { ...room, players, hostId };
}

/**
 * The room at `now`: players away past the grace are dropped, the countdown turns into the race at
 * `startsAt`, the race finishes at `endsAt` (players still playing time out) or once every player is
 * done. Every other operation applies this first; a timer applies it alone. Idempotent.
 */
export function settle(room: Room, now: number): Room {
  let next = withoutPlayers(room, (p) => p.awaySince !== null && now - p.awaySince >= RACE_RECONNECT_GRACE_MS);
  if (next.status === 'countdown' && next.startsAt !== null && now >= next.startsAt) next = { ...next, status: 'racing' };
  if (next.status === 'racing') {
    const timeUp = next.endsAt !== null && now >= next.endsAt;
    const allDone = next.players.every((p) => p.status === null || DONE.has(p.status));
    if (timeUp || allDone) {
      next = {
        ...next,
        status: 'finished',
        players: next.players.map((p) => (p.status === 'playing' ? { ...p, status: 'timed_out' } : p)),
      };
    }
  }
  return next;
}

/**
 * Joins a socket: as a player (signed in; the lobby only, unless they already play here, which is a
 * reconnection) or as a spectator (anyone, any time).
 */
export function join(room: Room, who: Participant, as: 'player' | 'spectator', now: number): Room {
  const current = settle(room, now);
  const existing = findPlayer(current, who.userId);
  if (existing) {
    // A player's socket comes (back): whichever way they asked, they are that player again.
    if (existing.sockets.includes(who.socketId)) return current;
    return withPlayer(current, existing.userId, (p) => ({ ...p, sockets: [...p.sockets, who.socketId], awaySince: null }));
  }
  if (as === 'spectator') {
    if (current.spectators.includes(who.socketId)) return current;
    if (current.spectators.length >= RACE_MAX_SPECTATORS) throw conflict('This race has as many spectators as it can take', { maxSpectators: RACE_MAX_SPECTATORS });
    return { ...current, spectators: [...current.spectators, who.socketId] };
  }
  if (who.userId === undefined) throw new AppError(401, 'UNAUTHORIZED', 'Sign in to race; anyone may watch as a spectator');
  if (current.status === 'finished') throw conflict('This race has finished; watch it as a spectator or start a new one', { status: current.status });
  if (current.status !== 'lobby') throw conflict('This race has already started; watch it as a spectator', { status: current.status });
  if (current.players.length >= RACE_MAX_PLAYERS) throw conflict('This race is full', { maxPlayers: RACE_MAX_PLAYERS });
  const spectators = current.spectators.filter((id) => id !== who.socketId);
  return { ...current, spectators, players: [...current.players, newPlayer(who.userId, who.displayName ?? 'Player', now, who.socketId)] };
}

/** Leaves on purpose: a player is removed at once (the host passes on), a spectator stops counting. */
export function leave(room: Room, who: Participant, now: number): Room {
  const current = settle(room, now);
  const spectators = current.spectators.filter((id) => id !== who.socketId);
  const next = spectators.length === current.spectators.length ? current : { ...current, spectators };
  return settle(withoutPlayers(next, (p) => p.userId === who.userId), now);
}

/** A socket dropped: its player stays, `connected: false`, for the grace; a spectator's socket goes. */
export function disconnect(room: Room, socketId: string, now: number): Room {
  const current = settle(room, now);
  let next = current;
  if (current.spectators.includes(socketId)) next = { ...next, spectators: next.spectators.filter((id) => id !== socketId) };
  const player = current.players.find((p) => p.sockets.includes(socketId));
  if (player) {
    next = withPlayer(next, player.userId, (p) => {
      const sockets = p.sockets.filter((id) => id !== socketId);
      return { ...p, sockets, awaySince: sockets.length === 0 ? now : p.awaySince };
    });
  }
  return next;
}

export function setReady(room: Room, userId: number | undefined, ready: boolean, now: number): Room {
  const current = settle(room, now);
  const player = requirePlayer(current, userId);
  if (current.status !== 'lobby') throw conflict('Ready is for the lobby', { status: current.status });
  if (player.ready === ready) return current;
  return withPlayer(current, player.userId, (p) => ({ ...p, ready }));
}

/** A new round for every player: the same pair, one absolute start and end for all. */
function beginRound(room: Room, pair: RacePair, now: number): Room {
  const startsAt = now + room.countdownMs;
  const id = pairId(pair);
  return {
    ...room,
    status: 'countdown',
    round: room.round + 1,
    pair,
    startsAt,
    endsAt: startsAt + room.timeLimit * 1000,
    usedPairs: room.usedPairs.includes(id) ? room.usedPairs : [...room.usedPairs, id].slice(-50),
    players: room.players.map((p) => ({ ...p, ready: false, chain: [{ key: pair.from, via: null }], moves: 0, status: 'playing', solvedAt: null })),
  };
}

/** The host starts the countdown from the lobby. */
export function start(room: Room, userId: number | undefined, pair: RacePair, now: number): Room {
  const current = settle(room, now);
  requireHost(current, userId);
  if (current.status !== 'lobby') throw conflict('This race has already started', { status: current.status });
  return beginRound(current, pair, now);
}

/** The host starts the next round, with a new pair, once the race has finished. */
export function rematch(room: Room, userId: number | undefined, pair: RacePair, now: number): Room {
  const current = settle(room, now);
  requireHost(current, userId);
  if (current.status !== 'finished') throw conflict('A rematch starts once the race has finished', { status: current.status });
  return beginRound(current, pair, now);
}

/** The player's own attempt, accepting actions only between startsAt and endsAt. */
function racingPlayer(room: Room, userId: number | undefined, now: number): RoomPlayer {
  const player = requirePlayer(room, userId);
  if (room.status === 'lobby') throw conflict('The race has not started', { status: room.status });
  if (room.status === 'countdown' || (room.startsAt !== null && now < room.startsAt)) throw conflict('The countdown is still running', { startsAt: room.startsAt });
  if (room.status === 'finished' || (room.endsAt !== null && now >= room.endsAt)) throw conflict('The race is over', { endsAt: room.endsAt });
  if (player.status !== 'playing') throw conflict('You are not racing this round', { status: player.status });
  return player;
}

/**
 * The player's next entity, under the chain's rules (chain-rules.ts): a pick linked to the chain's end
 * (not already in it, and the target when it fills the last link) extends the chain, reaching the target
 * solves; any other pick is refused and still costs a move.
 */
export function move(room: Room, userId: number | undefined, entity: string, now: number, check: CheckLink): MoveResult {
  const current = settle(room, now);
  const player = racingPlayer(current, userId, now);
  const end = player.chain.at(-1)!.key;
  let via: PathRelationship | null = null;
  const refusal = stepRefusal({
    chain: player.chain.map((step) => step.key),
    node: entity,
    to: current.pair!.to,
    linkRefusal: () => {
      const checked = check(end, entity);
      if (!checked.linked) return checked.reason;
      via = checked.via;
      return null;
    },
  });
  const solved = refusal === null && entity === current.pair!.to;
  const next = withPlayer(current, player.userId, (p) => ({
    ...p,
    moves: p.moves + 1,
    chain: refusal === null ? [...p.chain, { key: entity, via }] : p.chain,
    status: solved ? 'solved' : p.status,
    solvedAt: solved ? now : p.solvedAt,
  }));
  return { room: settle(next, now), accepted: refusal === null, reason: refusal };
}

/** Removes the last link (costs a move); with nothing to undo it is a free refusal, as in a challenge (chain-rules.ts). */
export function undo(room: Room, userId: number | undefined, now: number): MoveResult {
  const current = settle(room, now);
  const player = racingPlayer(current, userId, now);
  const refusal = undoRefusal(player.chain.length);
  if (refusal !== null) return { room: current, accepted: false, reason: refusal };
  const next = withPlayer(current, player.userId, (p) => ({ ...p, moves: p.moves + 1, chain: p.chain.slice(0, -1) }));
  return { room: next, accepted: true, reason: null };
}

/** The player stops racing this round; when nobody is left racing, the race finishes. */
export function giveUp(room: Room, userId: number | undefined, now: number): Room {
  const current = settle(room, now);
  racingPlayer(current, userId, now);
  return settle(withPlayer(current, userId!, (p) => ({ ...p, status: 'gave_up' })), now);
}

export interface Standing {
  rank: number | null;
  degrees: number | null;
  /** Seconds from the start to the solve. */
  timeTaken: number | null;
}

/**
 * Places: the first valid chain wins; the other solvers follow by degrees, then time; once the
 * race has finished, everyone who did not solve shares the place after the last solver.
 */
export function standings(room: Room): Map<number, Standing> {
  const result = new Map<number, Standing>();
  const startsAt = room.startsAt ?? 0;
  const solvers = room.players.filter((p) => p.status === 'solved' && p.solvedAt !== null);
  const first = solvers.reduce<RoomPlayer | null>((best, p) => (!best || p.solvedAt! < best.solvedAt! ? p : best), null);
  const rest = solvers
    .filter((p) => p !== first)
    .sort((a, b) => a.chain.length - b.chain.length || a.solvedAt! - b.solvedAt! || a.joinedAt - b.joinedAt);
  const ordered = first ? [first, ...rest] : [];
  ordered.forEach((p, i) => result.set(p.userId, { rank: i + 1, degrees: p.chain.length - 1, timeTaken: Math.round(p.solvedAt! - startsAt) / 1000 }));
  for (const p of room.players) {
    if (result.has(p.userId)) continue;
    result.set(p.userId, { rank: room.status === 'finished' && p.status !== null ? ordered.length + 1 : null, degrees: null, timeTaken: null });
  }
  return result;
}
