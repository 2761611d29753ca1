import type { DomainEvents } from '../../platform/events/index.js';
import type { Leaderboards } from './service.js';

/**
 * Boards follow the ledger: each award re-reads the user's totals and sets absolute scores (a
 * redelivered event writes the same values again; nothing is ever incremented blindly), and a
 * deleted account leaves every board. A failure (Redis down) throws, so the event is retried.
 */
export function registerLeaderboardSubscribers(events: Pick<DomainEvents, 'subscribe'>, deps: { leaderboards: Pick<Leaderboards, 'syncUser' | 'removeUser'> }): void {
  events.subscribe({
    id: 'leaderboards.boards',
    events: ['points.awarded', 'user.deleted'],
    async handle(delivered, { tx }) {
      // Reads go through the delivery's transaction: a second connection would see its rows only after it commits.
      for (const event of delivered) {
        if (event.name === 'points.awarded') await deps.leaderboards.syncUser(event.payload.userId, new Date(event.payload.awardedAt), tx ?? undefined);
        else await deps.leaderboards.removeUser(event.payload.userId);
      }
    },
  });
}
