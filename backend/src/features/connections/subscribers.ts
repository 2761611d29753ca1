import type { SharedState } from '../../platform/cache/types.js';
import type { DomainEvents } from '../../platform/events/index.js';
import type { Logger } from '../../platform/logging.js';
import { TRENDING_KEY, trendingMember } from './service.js';

/**
 * Trending counts every answered search towards its pair. `connection.found` arrives in batches
 * (in process), so a pair searched a thousand times in one batch costs one increment. A count the
 * cache refuses (Redis down) is logged and lost, as a side effect must never fail a search; the
 * handler does not throw, so a retry can never count a pair twice.
 */
export function registerConnectionSubscribers(events: Pick<DomainEvents, 'subscribe'>, deps: { shared: SharedState; logger: Logger }): void {
  events.subscribe({
    id: 'connections.trending',
    events: ['connection.found'],
    async handle(found) {
      const searches = new Map<string, number>();
      for (const { payload } of found) {
        const member = trendingMember(payload.from, payload.to);
        searches.set(member, (searches.get(member) ?? 0) + 1);
      }
      await Promise.all(
        [...searches].map(([member, count]) =>
          deps.shared.sortedSets.increment(TRENDING_KEY, member, count).catch((error: unknown) => {
            deps.logger.warn({ err: error instanceof Error ? error.message : String(error), pair: member, searches: count }, 'trending not counted');
          }),
        ),
      );
    },
  });
}
