import type { Logger } from '../../platform/logging.js';
import { feedRoom } from '../../platform/notifier.js';
import type { RealtimeServer, RealtimeSocket } from '../../platform/realtime.js';

/**
 * A signed-in socket joins the feed room of everyone its user follows, at connect (one query through
 * the follows feature's port), so each new item reaches it with the author's single emit. Later follows
 * and unfollows move the user's sockets in and out through the notifier, on every node. Anonymous
 * sockets join no feed room: they receive no activity.
 */
export function registerFeedRooms(deps: { followees(userId: number): Promise<number[]>; logger: Logger }) {
  return (_io: RealtimeServer, socket: RealtimeSocket) => {
    const userId = socket.data.userId;
    // A recovered connection got its rooms back with its state.
    if (userId === undefined || socket.recovered) return;
    deps
      .followees(userId)
      .then((ids) => {
        if (ids.length > 0 && socket.connected) return socket.join(ids.map(feedRoom));
      })
      .catch((error: unknown) => deps.logger.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'feed rooms not joined'));
  };
}
