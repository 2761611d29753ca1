import type { DomainEvents } from '../../platform/events/index.js';
import type { Db } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logging.js';
import { sql } from 'drizzle-orm';
import { searchedConnections } from './schema.js';

/**
 * Every answered search (fresh or cached) counts towards its pair (from → to, as searched): one upsert
 * per pair per batch of `connection.found`, with the latest answer's degrees and path. In-process
 * events are delivered once, so the handler logs a failed write rather than throwing (a retry of the
 * batch could count twice).
 */
export function registerAdminSubscribers(events: Pick<DomainEvents, 'subscribe'>, deps: { db: Db; logger: Logger }): void {
  events.subscribe({
    id: 'admin.searched-connections',
    events: ['connection.found'],
    async handle(found) {
      const pairs = new Map<string, { from: string; to: string; searches: number; degrees: number | null; path: string[] }>();
      for (const { payload } of found) {
        const key = `${payload.from}|${payload.to}`;
        const pair = pairs.get(key) ?? { from: payload.from, to: payload.to, searches: 0, degrees: null, path: [] };
        pair.searches += 1;
        // The batch is in publication order: the last answer wins.
        pair.degrees = payload.degrees;
        pair.path = payload.through ?? [];
        pairs.set(key, pair);
      }
      if (pairs.size === 0) return;
      const rows = [...pairs.values()].map((pair) => ({
        fromKey: pair.from,
        toKey: pair.to,
        degrees: pair.degrees,
        path: pair.path,
        searchCount: pair.searches,
        lastSearchedAt: new Date(),
      }));
      try {
        await deps.db
          .insert(searchedConnections)
          .values(rows)
          .onConflictDoUpdate({
            target: [searchedConnections.fromKey, searchedConnections.toKey],
            set: {
              searchCount: sql`${searchedConnections.searchCount} + excluded.search_count`,
              degrees: sql`excluded.degrees`,
              path: sql`excluded.path`,
              lastSearchedAt: sql`excluded.last_searched_at`,
            },
          });
      } catch (error) {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error), pairs: rows.length }, 'searched connections not counted');
      }
    },
  });
}
