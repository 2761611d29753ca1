import type { IncomingMessage } from 'node:http';
import { EVENTS, RaceCodeOnlySchema, RaceJoinSchema, RaceMoveSchema, RaceReadySchema, SOCKET_COMMANDS, type RaceProgressed } from '@cinema-dna/shared-types';
import type { AuthenticatedUser } from '../../../platform/auth/types.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logging.js';
import { clientIdentity, rateLimitedError, type RateLimiter } from '../../../platform/rate-limit.js';
import { command, type RealtimeServer, type RealtimeSocket } from '../../../platform/realtime.js';
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
 */
export function registerRaceEvents(deps: { races: RaceService; logger: Logger; moveLimiter: RateLimiter }) {
  const { races, logger, moveLimiter } = deps;
  return (io: RealtimeServer, socket: RealtimeSocket) => {
    const who = (): Participant => {
      const user = (socket.request as IncomingMessage & { user?: AuthenticatedUser }).user;
      return { socketId: socket.id, userId: socket.data.userId, displayName: user?.displayName ?? user?.username };
    };
    const signedIn = () => {
      if (socket.data.userId === undefined) throw unauthorized();
      return socket.data.userId;
    };
    /** A move or an undo: signed in, and within the player's moves per minute (counted on every node). */
    const moving = async () => {
      const userId = signedIn();
      const decision = await moveLimiter.hit(clientIdentity({ userId }));
      if (!decision.allowed) throw rateLimitedError(decision, moveLimiter.rule);
      return userId;
    };
    const enter = async (code: string) => {
      const joined = [...socket.rooms].filter((room) => room.startsWith(RACE_ROOM_PREFIX));
      if (!joined.includes(raceRoom(code)) && joined.length >= MAX_RACES_PER_SOCKET) {
        throw new AppError(409, 'CONFLICT', `You can be in at most ${MAX_RACES_PER_SOCKET} races at once`);
      }
    };
    const progressed = (progress: RaceProgressed) => void io.to(raceRoom(progress.code)).volatile.emit(EVENTS.raceProgressed, progress);

    socket.on(
      EVENTS.raceJoin,
      command(logger, RaceJoinSchema, async ({ code, as }) => {
        if (as === 'player') signedIn();
        await enter(code);
        const state = await races.join(code, who(), as);
        await socket.join(raceRoom(code));
        return state;
      }),
    );
    socket.on(
      EVENTS.raceLeave,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        await socket.leave(raceRoom(code));
        return races.leave(code, who());
      }),
    );
    socket.on(
      EVENTS.raceReady,
      command(logger, RaceReadySchema, ({ code, ready }) => races.ready(code, signedIn(), ready)),
    );
    socket.on(
      EVENTS.raceStart,
      command(logger, RaceCodeOnlySchema, ({ code }) => races.start(code, signedIn())),
    );
    socket.on(
      EVENTS.raceRematch,
      command(logger, RaceCodeOnlySchema, ({ code }) => races.rematch(code, signedIn())),
    );
    socket.on(
      EVENTS.raceMove,
      command(logger, RaceMoveSchema, async ({ code, entity }) => {
        return races.move(code, await moving(), entity, progressed);
      }),
    );
    socket.on(
      EVENTS.raceUndo,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        return races.undo(code, await moving(), progressed);
      }),
    );
    socket.on(
      EVENTS.raceGiveUp,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        return races.giveUp(code, signedIn(), progressed);
      }),
    );
    socket.on(
      EVENTS.raceResync,
      command(logger, RaceCodeOnlySchema, async ({ code }) => {
        await enter(code);
        const answer = await races.resync(code, who());
        await socket.join(raceRoom(code));
        return answer;
      }),
    );
    socket.on(
      EVENTS.raceClock,
      command(logger, SOCKET_COMMANDS['race:clock'].payload, () => ({ serverNow: Date.now() })),
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
