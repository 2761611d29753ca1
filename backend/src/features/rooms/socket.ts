import { EVENTS, RoomJoinSchema, RoomLeaveSchema, type RoomState } from '@cinema-dna/shared-types';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { command, type RealtimeServer, type RealtimeSocket } from '../../platform/realtime.js';

/** A socket may sit in a few rooms at once, not hundreds. */
export const MAX_ROOMS_PER_SOCKET = 5;
const roomName = (code: string) => `room:${code.toLowerCase()}`;

/**
 * Who is in a room right now, across every node (the adapter answers for the others). While the
 * other nodes cannot be asked (Redis down), this node's members are the best honest answer.
 */
async function roomState(io: RealtimeServer, code: string): Promise<RoomState> {
  const sockets = await io
    .in(roomName(code))
    .fetchSockets()
    .catch(() => io.local.in(roomName(code)).fetchSockets());
  return {
    code: code.toLowerCase(),
    members: sockets.map((socket) => ({ socketId: socket.id, displayName: socket.data.displayName ?? 'Guest' })),
  };
}

/** Rooms where friends play together: join, leave, and everyone inside sees who is there. */
export function registerRoomEvents(logger: Logger) {
  return (io: RealtimeServer, socket: RealtimeSocket) => {
    socket.on(
      EVENTS.roomJoin,
      command(logger, RoomJoinSchema, async ({ code, displayName }) => {
        const joined = [...socket.rooms].filter((room) => room.startsWith('room:'));
        if (!joined.includes(roomName(code)) && joined.length >= MAX_ROOMS_PER_SOCKET) {
          throw new AppError(409, 'CONFLICT', `You can be in at most ${MAX_ROOMS_PER_SOCKET} rooms at once`);
        }
        socket.data.displayName = displayName;
        await socket.join(roomName(code));
        const state = await roomState(io, code);
        socket.to(roomName(code)).emit(EVENTS.roomChanged, state);
        return state;
      }),
    );
    socket.on(
      EVENTS.roomLeave,
      command(logger, RoomLeaveSchema, async ({ code }) => {
        await socket.leave(roomName(code));
        const state = await roomState(io, code);
        io.to(roomName(code)).emit(EVENTS.roomChanged, state);
        return state;
      }),
    );
    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((room) => room.startsWith('room:'));
      // After the socket has left, tell the others who remains.
      setImmediate(() => {
        for (const room of rooms) {
          const code = room.slice('room:'.length);
          roomState(io, code)
            .then((state) => io.to(room).emit(EVENTS.roomChanged, state))
            .catch((error: unknown) => logger.warn({ err: error }, 'room update after disconnect failed'));
        }
      });
    });
  };
}
