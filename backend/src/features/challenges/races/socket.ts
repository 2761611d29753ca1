import type { IncomingMessage } from 'node:http';
import { EVENTS, RaceCodeOnlySchema, RaceJoinSchema, RaceMoveSchema, RaceReadySchema, SOCKET_COMMANDS, type RaceProgressed } from '@cinema-dna/shared-types';
import type { AuthenticatedUser } from '../../../platform/auth/types.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logging.js';
import { clientIdentity, rateLimitedError, type RateLimiter } from '../../../platform/rate-limit.js';
import { command, type RealtimeServer, type RealtimeSocket } from '../../../platform/realtime.js';
import { isWrongCode, lookupIdentities, type RaceLimits } from './limits.js';
import type { Participant } from './room.js';
import { raceRoom, type RaceService } from './service.js';

/** A socket may be in a few race rooms at once (a player and a spectator elsewhere), not many. */
export const MAX_RACES_PER_SOCKET = 3;
const RACE_ROOM_PREFIX = 'race:';

const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Sign in to race');

/**
 * The race commands. Who may do what is checked on every event, by the room itself (room.ts):
 * players are signed in, spectators may be anonymous, only the host starts and rematches, only
 * players move. `race:state` reaches the room after every change (from the service); a move's
 * progress also goes out as a volatile `race:progressed`, links only.
 *
 * Limits (limits.ts), each checked before any room is read: moves and undos per player a minute;
 * every other room command per player (per address when signed out) every 10 s, so toggles cannot
 * flood a room with broadcasts; clock readings likewise. And every command naming a room the socket
 * is not in is a lookup (even a refusal such as FORBIDDEN would tell a guesser the code is live): a
 * code that finds no room counts against the socket, the user and the address, and past a handful
 * a minute lookups are refused, so rooms cannot be found by guessing codes.
 */
export function registerRaceEvents(deps: { races: RaceService; logger: Logger; limits: RaceLimits }) {
  const { races, logger, limits } = deps;
  return (io: RealtimeServer, socket: RealtimeSocket) => {
    const who = (): Participant => {
      const user = (socket.request as IncomingMessage & { user?: AuthenticatedUser }).user;
      return { socketId: socket.id, userId: socket.data.userId, displayName: user?.displayName ?? user?.username };
    };
    const signedIn = () => {
      if (socket.data.userId === undefined) throw unauthorized();
      return socket.data.userId;
    };
    const within = async (limiter: RateLimiter) => {
      const decision = await limiter.hit(clientIdentity({ userId: socket.data.userId, ip: socket.data.clientIp }));
      if (!decision.allowed) throw rateLimitedError(decision, limiter.rule);
    };
    /** A move or an undo: signed in, and within the player's moves per minute (counted on every node). */
    const moving = async () => {
      const userId = signedIn();
      await within(limits.move);
      return userId;
    };
    /** Any other room command: within the player's (or the address's) commands every 10 s. */
    const commanding = () => within(limits.command);
    /**
     * Reads room `code` through `work`. A socket already in the room knows its code: nothing to guess.
     * Any other lookup is within the wrong codes allowed to this socket, its user and its address.
     */
    const lookup = <T>(code: string, work: () => Promise<T>, known = socket.rooms.has(raceRoom(code))) => {
      if (known) return work();
      return limits.wrongCodes.attempt(lookupIdentities({ socketId: socket.id, userId: socket.data.userId, ip: socket.data.clientIp }), work, isWrongCode);
    };
    const enter = async (code: string) => {
      const joined = [...socket.rooms].filter((room) => room.startsWith(RACE_ROOM_PREFIX));
      if (!joined.includes(raceRoom(code)) && joined.length >= MAX_RACES_PER_SOCKET) {
        throw new AppError(409, 'CONFLICT', `You can be in at most ${MAX_RACES_PER_SOCKET} races at once`);
      }
    };
    /**
     * Into the room's broadcasts before reading the room: a player who joins between this socket's read and
     * its subscription would otherwise be announced to everyone but this socket (a host's lobby kept
     * showing one player). Refused, the socket leaves the room again unless it was already in it.
     */
    const inRoomFirst = async <T>(code: string, read: (known: boolean) => Promise<T>): Promise<T> => {
      const room = raceRoom(code);
      const wasIn = socket.rooms.has(room);
      await socket.join(room);
      try {
        // Known is whether it was in the room before: joining it now reveals no code.
        return await read(wasIn);
      } catch (error) {
        if (!wasIn) await socket.leave(room);
        throw error;
      }
    };
    const progressed = (progress: RaceProgressed) => void io.to(raceRoom(progress.code)).volatile.emit(EVENTS.raceProgressed, progress);

    socket.on(
      EVENTS.raceJoin,
      command(logger, RaceJoinSchema, async ({ code, as }) => {
        if (as === 'player') signedIn();
        await commanding();
        await enter(code);
        return inRoomFirst(code, (known) => lookup(code, () => races.join(code, who(), as), known));
      }),
    );
    socket.on(
      EVENTS.raceLeave,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        // Refused, the socket stays in the room as it was (its disconnect still takes it out).
        await commanding();
        const known = socket.rooms.has(raceRoom(code));
        await socket.leave(raceRoom(code));
        return lookup(code, () => races.leave(code, who()), known);
      }),
    );
    socket.on(
      EVENTS.raceReady,
      command(logger, RaceReadySchema, async ({ code, ready }) => {
        const userId = signedIn();
        await commanding();
        return lookup(code, () => races.ready(code, userId, ready));
      }),
    );
    socket.on(
      EVENTS.raceStart,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        const userId = signedIn();
        await commanding();
        return lookup(code, () => races.start(code, userId));
      }),
    );
    socket.on(
      EVENTS.raceRematch,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        const userId = signedIn();
        await commanding();
        return lookup(code, () => races.rematch(code, userId));
      }),
    );
    socket.on(
      EVENTS.raceMove,
      command(logger, RaceMoveSchema, async ({ code, entity }) => {
        const userId = await moving();
        return lookup(code, () => races.move(code, userId, entity, progressed));
      }),
    );
    socket.on(
      EVENTS.raceUndo,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        const userId = await moving();
        return lookup(code, () => races.undo(code, userId, progressed));
      }),
    );
    socket.on(
      EVENTS.raceGiveUp,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        const userId = signedIn();
        await commanding();
        return lookup(code, () => races.giveUp(code, userId, progressed));
      }),
    );
    socket.on(
      EVENTS.raceResync,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        await commanding();
        await enter(code);
        return inRoomFirst(code, (known) => lookup(code, () => races.resync(code, who()), known));
      }),
    );
    socket.on(
      EVENTS.raceClock,
      command(logger, SOCKET_COMMANDS['race:clock'].payload, async () => {
        await within(limits.clock);
        return { serverNow: Date.now() };
      }),
    );

    // Back through connection state recovery: the same socket id, its rooms restored; it is that
    // player (or spectator) again. Without recovery the client sends race:resync.
    if (socket.recovered) {
      for (const room of socket.rooms) {
        if (!room.startsWith(RACE_ROOM_PREFIX)) continue;
        races.resync(room.slice(RACE_ROOM_PREFIX.length), who()).catch((error: unknown) => logger.debug({ err: error }, 'race not resumed after recovery'));
      }
    }
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (!room.startsWith(RACE_ROOM_PREFIX)) continue;
        races.disconnect(room.slice(RACE_ROOM_PREFIX.length), socket.id).catch((error: unknown) => {
          if (!(error instanceof AppError)) logger.warn({ err: error }, 'race presence not updated after disconnect');
        });
      }
    });
  };
}
