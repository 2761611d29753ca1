import type { DomainEvents } from '../../platform/events/index.js';
import type { Leaderboards } from './service.js';

/**
 * Boards follow the ledger: each award re-reads the user's totals and sets absolute scores (a
 * redelivered event writes the same values again; nothing is ever incremented blindly), and a
 * deleted or deactivated account leaves every board; a reactivated one comes back with its scores
 * recomputed from the ledger. Removal rather than a filter at read time: ranks, totals and a
 * player's own rank stay plain sorted-set counts, with no gap where a hidden member sits. A failure (Redis down) throws, so the event is retried.
 */
export function registerLeaderboardSubscribers(events: Pick<DomainEvents, 'subscribe'>, deps: { leaderboards: Pick<Leaderboards, 'syncUser' | 'removeUser' | 'restoreUser'> }): void {
  events.subscribe({
    id: 'leaderboards.boards',
    events: ['points.awarded', 'user.deleted', 'user.deactivated', 'user.reactivated'],
    async handle(delivered, { tx }) {
      // Reads go through the delivery's transaction: a second connection would see its rows only after it commits.
      for (const event of delivered) {
        if (event.name === 'points.awarded') await deps.leaderboards.syncUser(event.payload.userId, new Date(event.payload.awardedAt), tx ?? undefined);
        else if (event.name === 'user.reactivated') await deps.leaderboards.restoreUser(event.payload.userId, tx ?? undefined);
        else await deps.leaderboards.removeUser(event.payload.userId);
      }
    },
  });
}
