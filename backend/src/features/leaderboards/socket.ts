import { EVENTS, LeaderboardWatchSchema } from '@cinema-dna/shared-types';
import type { Logger } from '../../platform/logging.js';
import { command, type RealtimeServer, type RealtimeSocket } from '../../platform/realtime.js';
import { leaderboardRoom } from './service.js';

/**
 * Watching a board: its room receives `leaderboard:changed` whenever a score on it moves. Boards are
 * public, so anonymous sockets may watch; there are few boards, so a socket's rooms stay bounded.
 */
export function registerLeaderboardEvents(logger: Logger) {
  return (_io: RealtimeServer, socket: RealtimeSocket) => {
    socket.on(
      EVENTS.leaderboardWatch,
      command(logger, LeaderboardWatchSchema, async ({ board }) => {
        await socket.join(leaderboardRoom(board));
        return { board };
      }),
    );
    socket.on(
      EVENTS.leaderboardUnwatch,
      command(logger, LeaderboardWatchSchema, async ({ board }) => {
        await socket.leave(leaderboardRoom(board));
        return { board };
      }),
    );
  };
}
