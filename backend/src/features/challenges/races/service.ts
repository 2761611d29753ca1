import { randomInt } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  RACE_CODE_ALPHABET,
  RACE_CODE_LENGTH,
  RACE_MAX_PLAYERS,
  RACE_RECONNECT_GRACE_MS,
  REVEAL_MAX_CHAINS,
  type ChainStep,
  type ChallengeReveal,
  type EntitySummary,
  type RaceCreated,
  type RaceMoveOutcome,
  type RaceProgressed,
  type RaceState,
} from '@cinema-dna/shared-types';
import type { Graph } from '../../../graph/snapshot.js';
import type { VersionedStore } from '../../../platform/cache/types.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logging.js';
import type { Notifier } from '../../../platform/notifier.js';
import { RaceRules } from './pairs.js';
import * as rooms from './room.js';
import type { Participant, RacePair, Room, RoomPlayer, RoomSettings } from './room.js';

/** The Socket.IO room of a race: every member's sockets, on every process. */
export const raceRoom = (code: string) => `race:${code}`;
export const raceUrl = (code: string) => `/challenges/race/${code}`;

/** A room is forgotten this long after its last change. */
const ROOM_TTL_MS = 6 * 60 * 60_000;
/** Compare-and-set attempts before a change gives up (only under heavy contention across processes). */
const MAX_WRITE_ATTEMPTS = 25;
/** A deadline whose write failed is tried again this often, this many times (a minute). */
const DEADLINE_RETRY_MS = 1_000;
const DEADLINE_RETRIES = 60;

export interface RaceServiceDeps {
  /** The rooms by code, each changed by compare-and-set on its version: the database (store.ts) in the app, any VersionedStore in tests. */
  rooms: VersionedStore;
  /** The loaded graph (read at each use: it exists once loading has finished). */
  graph: () => Graph;
  /** Entities as lists show them, by node index. */
  summaries: (indices: number[]) => Promise<EntitySummary[]>;
  notifier: Notifier;
  logger: Logger;
  settings?: RoomSettings;
  /** Defaults: the wall clock, Math.random. */
  now?: () => number;
  random?: () => number;
}

/** A change's outcome: the room after it (at `version`), whether anything was written, and the state broadcast if so. */
interface Changed<T> {
  room: Room;
  version: number;
  changed: boolean;
  result: T;
  state?: RaceState;
}

/** Where a player's progress goes (the socket layer emits it, volatile). */
export type OnProgress = (progress: RaceProgressed) => void;

/** A race's view plus the caller's own chain. */
export interface RaceResync {
  state: RaceState;
  chain: RaceMoveOutcome | null;
}

/**
 * Live races: rooms kept in the database (store.ts; a Redis outage or restart loses none) and changed
 * only by compare-and-set on their version, so players on two processes share one room and the server
 * alone orders the moves. Each change is broadcast to the room as `race:state`. Deadlines (countdown end, race end, a player's grace) are
 * timers on every process that touched the room: whichever fires first writes the transition, the
 * others find nothing left to change.
 */
export function createRaceService(deps: RaceServiceDeps) {
  const { rooms: store, notifier, logger } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const rulesByGraph = new WeakMap<Graph, RaceRules>();
  const rules = () => {
    const graph = deps.graph();
    let found = rulesByGraph.get(graph);
    if (!found) rulesByGraph.set(graph, (found = new RaceRules(graph)));
    return found;
  };
  // One change at a time per room on this process (boardgame.io queues per match): no lost
  // compare-and-set between this process's own players; other processes still race through the CAS.
  const queues = new Map<string, Promise<unknown>>();
  // The rooms this process wrote last, as written: the next change starts from them (see change()).
  const lastWritten = new LRUCache<string, { room: Room; version: number }>({ max: 5_000, ttl: 10 * 60_000 });
  const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  let closed = false;

  function serialized<T>(code: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(code) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => {});
    queues.set(code, tail);
    void tail.then(() => {
      if (queues.get(code) === tail) queues.delete(code);
    });
    return run;
  }

  async function load(code: string): Promise<{ room: Room; version: number }> {
    const stored = await store.get(code);
    const room = stored ? (JSON.parse(stored.value) as Room) : null;
    if (!stored || !room || room.players.length === 0) throw new AppError(404, 'NOT_FOUND', 'Race not found', { code });
    return { room, version: stored.version };
  }

  /**
   * Applies a pure change with compare-and-set, retrying on a concurrent write, and broadcasts the
   * new state, all inside the room's queue so this process sends its states in version order.
   * The room this process last wrote is tried first without reading it back: the compare-and-set
   * refuses it if another process has written since (then the room is read and the change applied
   * again). A change that changes nothing, or is refused, is only answered from a room just read.
   */
  async function change<T>(code: string, apply: (room: Room, at: number) => { room: Room; result: T }, beforeBroadcast?: (room: Room) => void): Promise<Changed<T>> {
    const outcome: Changed<T> = await serialized(code, async () => {
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
        const remembered = attempt === 0 ? lastWritten.get(code) : undefined;
        const { room, version } = remembered ?? (await load(code));
        let applied: { room: Room; result: T };
        try {
          applied = apply(room, now());
        } catch (error) {
          // A refusal is only answered from a room just read: the remembered one may be behind.
          if (remembered) continue;
          throw error;
        }
        const { room: next, result } = applied;
        if (next === room) {
          if (remembered) continue;
          return { room, version, changed: false, result };
        }
        // A room nobody plays in any more lingers briefly, answering NOT_FOUND.
        const ttl = next.players.length === 0 ? 60_000 : ROOM_TTL_MS;
        if (!(await store.compareAndSet(code, version, JSON.stringify(next), ttl))) {
          lastWritten.delete(code);
          continue;
        }
        if (next.players.length === 0) lastWritten.delete(code);
        else lastWritten.set(code, { room: next, version: version + 1 });
        const written: Changed<T> = { room: next, version: version + 1, changed: true, result };
        if (next.players.length === 0) return written;
        // The volatile progress goes first: right behind the state it would find the sockets busy and be dropped.
        beforeBroadcast?.(next);
        const state = await view(next, written.version);
        notifier.toRoom(raceRoom(code), 'race:state', state);
        return { ...written, state };
      }
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The race is busy; try again');
    });
    if (outcome.room.players.length > 0) scheduleDeadline(outcome.room);
    return outcome;
  }

  /** The room's next deadline: the countdown's end, the race's end, a player's grace running out. */
  function nextDeadline(room: Room): number | null {
    const times: number[] = [];
    if (room.status === 'countdown' && room.startsAt !== null) times.push(room.startsAt);
    if ((room.status === 'countdown' || room.status === 'racing') && room.endsAt !== null) times.push(room.endsAt);
    for (const p of room.players) if (p.awaySince !== null) times.push(p.awaySince + RACE_RECONNECT_GRACE_MS);
    return times.length > 0 ? Math.min(...times) : null;
  }

  function scheduleDeadline(room: Room): void {
    if (closed) return;
    const at = nextDeadline(room);
    const existing = timers.get(room.code);
    if (at === null || (existing && existing.at <= at)) return;
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      timers.delete(room.code);
      applyDeadline(room.code, DEADLINE_RETRIES);
    }, Math.max(1, at - now()));
    timer.unref();
    timers.set(room.code, { at, timer });
  }

  /** Writes what is due; a failed write (the database unreachable a moment) is tried again, so the race still ends. */
  function applyDeadline(code: string, retriesLeft: number): void {
    change(code, (current, t) => ({ room: rooms.settle(current, t), result: null })).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return;
      logger.warn({ err: error, code, retriesLeft }, 'race deadline not applied');
      if (closed || retriesLeft <= 0) return;
      setTimeout(() => applyDeadline(code, retriesLeft - 1), DEADLINE_RETRY_MS).unref();
    });
  }

  async function entitySummaries(keys: readonly string[]): Promise<Map<string, EntitySummary>> {
    const graph = deps.graph();
    const known = [...new Set(keys)].map((key) => [key, graph.resolve(key)] as const).filter(([, index]) => index >= 0);
    const found = await deps.summaries(known.map(([, index]) => index));
    return new Map(known.map(([key], i) => [key, found[i]!]));
  }

  function chainSteps(chain: rooms.RoomChainStep[], names: Map<string, EntitySummary>): ChainStep[] {
    return chain.filter((step) => names.has(step.key)).map((step) => ({ entity: names.get(step.key)!, via: step.via }));
  }

  /** Every optimal chain of the pair, with the share of solvers who found each. */
  function reveal(room: Room, names: Map<string, EntitySummary>): ChallengeReveal | null {
    if (room.status !== 'finished' || !room.pair) return null;
    const r = rules();
    const { count, chains } = r.optimal(room.pair, REVEAL_MAX_CHAINS);
    if (count === 0) return null;
    const solved = room.players.filter((p) => p.status === 'solved').map((p) => p.chain.map((s) => s.key).join('>'));
    return {
      par: room.pair.par,
      optimalChains: Math.max(1, Math.round(count)),
      chains: chains.map((chain) => ({
        path: chain.map((key, i) => ({ entity: names.get(key)!, relationship: i < chain.length - 1 ? r.linkBetween(key, chain[i + 1]!) : null })),
        foundByPercent: solved.length === 0 ? 0 : Math.round((100 * solved.filter((found) => found === chain.join('>')).length) / solved.length),
      })),
    };
  }

  /** The room as every member sees it: progress as counts, chains only once the race has finished. */
  async function view(room: Room, version: number): Promise<RaceState> {
    const finished = room.status === 'finished';
    const optimal = finished && room.pair ? rules().optimal(room.pair, REVEAL_MAX_CHAINS).chains.flat() : [];
    const keys = [...(room.pair ? [room.pair.from, room.pair.to] : []), ...(finished ? room.players.flatMap((p) => p.chain.map((s) => s.key)) : []), ...optimal];
    const names = await entitySummaries(keys);
    const places = rooms.standings(room);
    return {
      code: room.code,
      version,
      status: room.status,
      round: room.round,
      hostId: room.hostId,
      players: room.players.map((p) => ({
        userId: p.userId,
        displayName: p.displayName,
        isHost: p.userId === room.hostId,
        ready: p.ready,
        connected: p.sockets.length > 0,
        links: Math.max(0, p.chain.length - 1),
        moves: p.moves,
        status: p.status,
        ...places.get(p.userId)!,
        chain: finished && p.status !== null ? chainSteps(p.chain, names) : null,
      })),
      spectators: room.spectators.length,
      maxPlayers: RACE_MAX_PLAYERS,
      fromEntity: room.pair ? (names.get(room.pair.from) ?? null) : null,
      toEntity: room.pair ? (names.get(room.pair.to) ?? null) : null,
      par: room.pair?.par ?? null,
      timeLimit: room.timeLimit,
      startsAt: room.startsAt,
      endsAt: room.endsAt,
      serverNow: now(),
      reveal: reveal(room, names),
    };
  }

  async function ownChain(player: RoomPlayer, accepted: boolean, reason: string | null): Promise<RaceMoveOutcome> {
    const names = await entitySummaries(player.chain.map((s) => s.key));
    return { accepted, reason, chain: chainSteps(player.chain, names), moves: player.moves, status: player.status ?? 'playing' };
  }

  /** The state a change broadcast, or the room's view when nothing changed. */
  const stateOf = async (outcome: Changed<unknown>) => outcome.state ?? view(outcome.room, outcome.version);
  const progressOf = (code: string, player: RoomPlayer): RaceProgressed => ({
    code,
    userId: player.userId,
    links: Math.max(0, player.chain.length - 1),
    moves: player.moves,
    status: player.status ?? 'playing',
  });

  function pickPair(room: Room): RacePair {
    const pair = rules().pick(random, room.usedPairs);
    if (!pair) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The catalog has no pair to race');
    return pair;
  }

  const playerAfter = (room: Room, userId: number | undefined) => {
    const player = rooms.findPlayer(room, userId);
    if (!player) throw new AppError(403, 'FORBIDDEN', 'Only players of this race can do that');
    return player;
  };
  /** Tells `onProgress` the mover's progress once their change is written. */
  const reportProgress = (code: string, userId: number | undefined, onProgress?: OnProgress) => (room: Room) => {
    const player = rooms.findPlayer(room, userId);
    if (player && onProgress) onProgress(progressOf(code, player));
  };

  return {
    /** A new room hosted by `host`: its code and link. */
    async create(host: { userId: number; displayName: string }): Promise<RaceCreated> {
      for (let attempt = 0; attempt < 10; attempt++) {
        const code = Array.from({ length: RACE_CODE_LENGTH }, () => RACE_CODE_ALPHABET[randomInt(RACE_CODE_ALPHABET.length)]).join('');
        const room = rooms.createRoom(code, host, now(), deps.settings);
        if (await store.compareAndSet(code, 0, JSON.stringify(room), ROOM_TTL_MS)) {
          scheduleDeadline(room);
          return { code, url: raceUrl(code) };
        }
      }
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'No free race code; try again');
    },

    /** The room as it is now (a deadline that has passed is written first, so versions stay one-to-one with states). */
    async get(code: string): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.settle(room, t), result: null })));
    },

    async join(code: string, who: Participant, as: 'player' | 'spectator'): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.join(room, who, as, t), result: null })));
    },

    /** After leaving; the last player out closes the room (it answers NOT_FOUND from then on). */
    async leave(code: string, who: Participant): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.leave(room, who, t), result: null })));
    },

    async disconnect(code: string, socketId: string): Promise<void> {
      await change(code, (room, t) => ({ room: rooms.disconnect(room, socketId, t), result: null }));
    },

    async ready(code: string, userId: number | undefined, ready: boolean): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.setReady(room, userId, ready, t), result: null })));
    },

    async start(code: string, userId: number | undefined): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.start(room, userId, pickPair(room), t), result: null })));
    },

    async rematch(code: string, userId: number | undefined): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.rematch(room, userId, pickPair(room), t), result: null })));
    },

    /** A pick: the mover's own chain (accepted or refused), and the progress the others see. */
    async move(code: string, userId: number | undefined, entity: string, onProgress?: OnProgress): Promise<RaceMoveOutcome> {
      const check = rules();
      const changed = await change(
        code,
        (room, t) => {
          const moved = rooms.move(room, userId, entity, t, (from, to) => check.check(from, to));
          return { room: moved.room, result: moved };
        },
        reportProgress(code, userId, onProgress),
      );
      return ownChain(playerAfter(changed.room, userId), changed.result.accepted, changed.result.reason);
    },

    async undo(code: string, userId: number | undefined, onProgress?: OnProgress): Promise<RaceMoveOutcome> {
      const changed = await change(code, (room, t) => {
        const result = rooms.undo(room, userId, t);
        return { room: result.room, result };
      }, reportProgress(code, userId, onProgress));
      return ownChain(playerAfter(changed.room, userId), changed.result.accepted, changed.result.reason);
    },

    async giveUp(code: string, userId: number | undefined, onProgress?: OnProgress): Promise<RaceState> {
      return stateOf(await change(code, (room, t) => ({ room: rooms.giveUp(room, userId, t), result: null }), reportProgress(code, userId, onProgress)));
    },

    /**
     * The room as it is and the caller's own chain, after (re)joining: a player's socket counts as
     * connected again; any other socket watches.
     */
    async resync(code: string, who: Participant): Promise<RaceResync> {
      const { room } = await load(code);
      const as = rooms.findPlayer(room, who.userId) ? 'player' : 'spectator';
      const changed = await change(code, (current, t) => ({ room: rooms.join(current, who, as, t), result: null }));
      const player = rooms.findPlayer(changed.room, who.userId);
      const chain = player && player.status !== null ? await ownChain(player, true, null) : null;
      return { state: await stateOf(changed), chain };
    },

    /**
     * Builds the pool of pairs now (tens of breadth-first searches: noticeable on a large catalog), so
     * the first race's start does not wait for it. Does nothing while the graph is not loaded.
     */
    warm(): void {
      try {
        rules().pairs();
      } catch (error) {
        logger.debug({ err: error }, 'race pairs not prepared yet');
      }
    },

    /** Stops the deadline timers (rooms stay in the database for the other processes). */
    close(): void {
      closed = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type RaceService = ReturnType<typeof createRaceService>;
