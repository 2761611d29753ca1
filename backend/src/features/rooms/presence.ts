import { EVENTS } from '@cinema-dna/shared-types';
import type { Logger } from '../../platform/logging.js';
import type { RealtimeServer } from '../../platform/realtime.js';

/** How often, at most, the online count is recounted and broadcast. */
export const PRESENCE_THROTTLE_MS = 1_000;

/**
 * Broadcasts `presence:changed { online }` to everyone when people come and go. Counting asks
 * every node (fetchSockets), so bursts of connections are coalesced into one count per second.
 */
export function startPresence(logger: Logger) {
  return (io: RealtimeServer) => {
    let timer: NodeJS.Timeout | undefined;
    const schedule = () => {
      if (timer) return;
      timer = setTimeout(async () => {
        timer = undefined;
        try {
          const online = (await io.fetchSockets().catch(() => io.local.fetchSockets())).length;
          io.emit(EVENTS.presenceChanged, { online });
        } catch (error) {
          logger.warn({ err: error }, 'presence count failed');
        }
      }, PRESENCE_THROTTLE_MS);
      timer.unref();
    };
    io.on('connection', (socket) => {
      schedule();
      socket.on('disconnect', schedule);
    });
  };
}
