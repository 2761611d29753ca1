import { WATCHLIST_DUPLICATE, type WatchlistItem, type WatchedMarkSchema, type WatchlistAddSchema } from '@cinema-dna/shared-types';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import { watchlistItems } from './schema.js';

type Row = typeof watchlistItems.$inferSelect;
type AddInput = z.output<typeof WatchlistAddSchema>;
type WatchedInput = z.output<typeof WatchedMarkSchema>;

/** The catalog, through a port: a movie's title, null when it does not hold it (this feature imports neither the graph nor the entities feature). */
export interface WatchlistCatalog {
  titleOf(movieId: string): string | null;
}

/** An item as read: the title is the catalog's (the stored one only when the catalog no longer holds the film). */
function toItem(row: Row, catalog: WatchlistCatalog): WatchlistItem {
  return {
    id: row.id,
    movieId: row.movieId,
    movieTitle: catalog.titleOf(row.movieId) ?? row.movieTitle,
    posterPath: row.posterPath,
    addedAt: row.addedAt.toISOString(),
    watched: row.watched,
    watchedAt: row.watchedAt?.toISOString() ?? null,
    rating: row.rating,
  };
}

/**
 * Watchlists (spec §4: a movie is on the list or not; mark watched sets the flag). An add records
 * `watchlist.added` in its transaction: points and badges react to it.
 */
export function createWatchlistService(deps: { db: Db; events: EventRecorder; catalog: WatchlistCatalog }) {
  const { db, events, catalog } = deps;
  /** The catalog's title of the movie (404 when it holds none): a title a client typed is never stored, since others read it. */
  const catalogTitle = (movieId: string): string => {
    const title = catalog.titleOf(movieId);
    if (title === null) throw notFound('The requested movie could not be found.');
    return title;
  };

  return {
    /** Puts a movie of the catalog on the user's list, under the catalog's title; 409 with the spec's text when it is there already. */
    async add(userId: number, input: AddInput): Promise<WatchlistItem> {
      const movieTitle = catalogTitle(input.movieId);
      const row = await events.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(watchlistItems)
          .values({ userId, movieId: input.movieId, movieTitle, posterPath: input.posterPath ?? null })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new AppError(409, 'CONFLICT', WATCHLIST_DUPLICATE, []);
        await events.record(tx, 'watchlist.added', { userId, movieId: input.movieId }, userAggregate(userId));
        return inserted;
      });
      return toItem(row, catalog);
    },

    /** Takes a movie off the user's list (404 when it is not on it); `watchlist.removed` takes its feed item back. */
    async remove(userId: number, movieId: string): Promise<void> {
      await events.transaction(async (tx) => {
        const deleted = await tx
          .delete(watchlistItems)
          .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.movieId, movieId)))
          .returning({ id: watchlistItems.id });
        if (deleted.length === 0) throw notFound('This movie is not in your watchlist.');
        await events.record(tx, 'watchlist.removed', { userId, movieId }, userAggregate(userId));
      });
    },

    /** Marks a movie watched (with the rating given, 0 or none for none); a movie not on the list yet is put on it, watched. */
    async markWatched(userId: number, input: WatchedInput): Promise<WatchlistItem> {
      const movieTitle = catalogTitle(input.movieId);
      const rating = input.rating ? input.rating : null;
      const [row] = await db
        .insert(watchlistItems)
        .values({ userId, movieId: input.movieId, movieTitle, posterPath: input.posterPath ?? null, watched: true, watchedAt: sql`now()`, rating })
        .onConflictDoUpdate({
          target: [watchlistItems.userId, watchlistItems.movieId],
          set: { watched: true, watchedAt: sql`now()`, rating },
        })
        .returning();
      return toItem(row!, catalog);
    },

    /**
     * Rows a Letterboxd import brings, in its transaction: a movie already on the list is left as it
     * is. No `watchlist.added`: imports pay no points. Dated as on Letterboxd (`addedAt`, else now).
     * Answers the movie ids added.
     */
    async importItems(
      tx: DbTransaction,
      userId: number,
      items: readonly { movieId: string; movieTitle: string; posterPath: string | null; watched: boolean; watchedAt: Date | null; addedAt: Date | null; rating: number | null }[],
    ): Promise<string[]> {
      const added: string[] = [];
      for (let start = 0; start < items.length; start += 500) {
        const rows = await tx
          .insert(watchlistItems)
          .values(items.slice(start, start + 500).map((item) => ({ userId, ...item, addedAt: item.addedAt ?? new Date(), watchedAt: item.watched ? (item.watchedAt ?? new Date()) : null })))
          .onConflictDoNothing()
          .returning({ movieId: watchlistItems.movieId });
        added.push(...rows.map((row) => row.movieId));
      }
      return added;
    },

    /** A user's list, newest addition first. */
    async list(userId: number, limit = 500): Promise<WatchlistItem[]> {
      const rows = await db
        .select()
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId))
        .orderBy(desc(watchlistItems.addedAt), desc(watchlistItems.id))
        .limit(limit);
      return rows.map((row) => toItem(row, catalog));
    },
  };
}
export type WatchlistService = ReturnType<typeof createWatchlistService>;
