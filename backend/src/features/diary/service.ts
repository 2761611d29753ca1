import { LETTERBOXD_EXPORT_COLUMNS, type DiaryEntry, type DiaryEntryCreateSchema, type DiaryEntryUpdateSchema } from '@cinema-dna/shared-types';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { safeCsvCast } from '../../platform/csv.js';
import type { Db } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import type { DiaryCatalog } from './ports.js';
import { diaryEntries } from './schema.js';

type Row = typeof diaryEntries.$inferSelect;
type CreateInput = z.output<typeof DiaryEntryCreateSchema>;
type UpdateInput = z.output<typeof DiaryEntryUpdateSchema>;

export const ENTRY_NOT_FOUND = 'Diary entry not found';
const MOVIE_NOT_FOUND = 'The requested movie could not be found.';

/** An entry as read; `movieTitle`: the catalog's when given (the stored one only for a film the catalog no longer holds). */
export function toDiaryEntry(row: Row, movieTitle = row.movieTitle): DiaryEntry {
  return {
    id: row.id,
    movieId: row.movieId,
    movieTitle,
    posterPath: row.posterPath,
    watchedDate: row.watchedDate,
    rating: row.rating,
    notes: row.notes,
    location: row.location,
    rewatch: row.rewatch,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest watched date first, then the newest entry of the day (spec §5). */
export const diaryOrder = [desc(diaryEntries.watchedDate), desc(diaryEntries.id)] as const;

/**
 * The film diary: each user's own entries, read and changed by their author only (another's entry is a
 * 404, as if it did not exist). A new entry records `diary.logged`, a deleted one or one made private
 * `diary.withdrawn`, in the write's transaction: the feed reacts to them.
 */
export function createDiaryService(deps: { db: Db; events: EventRecorder; catalog: DiaryCatalog }) {
  const { db, events, catalog } = deps;

  const requireMovie = (movieId: string) => {
    if (!catalog.hasMovie(movieId)) throw notFound(MOVIE_NOT_FOUND);
  };
  /**
   * The catalog's title of a movie (never the one a client typed: followers and profile visitors read it)
   * and the poster the client sent, else the catalog's.
   */
  const catalogFacts = async (movieId: string, sentPoster: string | null | undefined) => {
    const movie = (await catalog.movies([movieId])).get(movieId);
    if (!movie) throw notFound(MOVIE_NOT_FOUND);
    return { movieTitle: movie.title, posterPath: sentPoster || movie.posterPath };
  };

  /** The catalog's title of an entry's film, whatever a row stored before titles were the catalog's. */
  const titleOf = (row: { movieId: string; movieTitle: string }) => catalog.titleOf(row.movieId) ?? row.movieTitle;

  /** The user's entry, locked for the write; 404 for anyone else's. */
  async function owned(tx: DbTransaction, userId: number, entryId: number): Promise<Row> {
    const [row] = await tx
      .select()
      .from(diaryEntries)
      .where(and(eq(diaryEntries.id, entryId), eq(diaryEntries.userId, userId)))
      .for('update');
    if (!row) throw notFound(ENTRY_NOT_FOUND);
    return row;
  }

  return {
    /** The user's entries, newest first; `year` keeps the dates starting with that text. */
    async list(userId: number, year?: string): Promise<DiaryEntry[]> {
      const rows = await db
        .select()
        .from(diaryEntries)
        .where(and(eq(diaryEntries.userId, userId), year ? like(sql`${diaryEntries.watchedDate}::text`, `${year}%`) : undefined))
        .orderBy(...diaryOrder);
      return rows.map((row) => toDiaryEntry(row, titleOf(row)));
    },

    /**
     * The user's whole diary (private entries too: it is theirs) in Letterboxd's import format, oldest
     * first: Rating10 is the rating × 2, Rewatch true/false, the notes as Review, the catalog's ids when known.
   * A cell beginning like a formula (= + - @ tab CR) gets a leading quote (platform/csv.ts).
     */
    async exportCsv(userId: number): Promise<string> {
      const rows = await db.select().from(diaryEntries).where(eq(diaryEntries.userId, userId)).orderBy(asc(diaryEntries.watchedDate), asc(diaryEntries.id));
      const movies = await catalog.movies(rows.map((row) => row.movieId));
      const records = rows.map((row) => {
        const movie = movies.get(row.movieId);
        return [movie?.title ?? row.movieTitle, movie?.year ?? '', movie?.imdbId ?? '', movie?.tmdbId ?? '', row.watchedDate, row.rating === null ? '' : row.rating * 2, row.rewatch ? 'true' : 'false', '', row.notes ?? ''];
      });
      return stringify(records, { header: true, columns: [...LETTERBOXD_EXPORT_COLUMNS], cast: safeCsvCast });
    },

    /** How many entries a user has (private ones only when asked: their owner looking). */
    async count(userId: number, includePrivate: boolean): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(diaryEntries)
        .where(and(eq(diaryEntries.userId, userId), includePrivate ? undefined : eq(diaryEntries.isPrivate, false)));
      return row?.count ?? 0;
    },

    /** The entries stats read (private ones only when asked), newest first, titled by the catalog. */
    async logged(userId: number, includePrivate: boolean) {
      const rows = await db
        .select({
          movieId: diaryEntries.movieId,
          movieTitle: diaryEntries.movieTitle,
          posterPath: diaryEntries.posterPath,
          watchedDate: diaryEntries.watchedDate,
          rating: diaryEntries.rating,
          rewatch: diaryEntries.rewatch,
        })
        .from(diaryEntries)
        .where(and(eq(diaryEntries.userId, userId), includePrivate ? undefined : eq(diaryEntries.isPrivate, false)))
        .orderBy(...diaryOrder);
      return rows.map((row) => ({ ...row, movieTitle: titleOf(row) }));
    },

    /** Logs a film of the catalog (404 otherwise), under the catalog's title (a typed `movieTitle` is ignored). */
    async create(userId: number, input: CreateInput): Promise<DiaryEntry> {
      requireMovie(input.movieId);
      const { movieTitle, posterPath } = await catalogFacts(input.movieId, input.posterPath);
      const row = await events.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(diaryEntries)
          .values({
            userId,
            movieId: input.movieId,
            movieTitle,
            posterPath,
            watchedDate: input.watchedDate,
            rating: input.rating,
            notes: input.notes,
            location: input.location,
            rewatch: input.rewatch,
            isPrivate: input.isPrivate,
          })
          .returning();
        const entry = inserted!;
        await events.record(
          tx,
          'diary.logged',
          {
            userId,
            entryId: entry.id,
            movieId: entry.movieId,
            movieTitle: entry.movieTitle,
            watchedDate: entry.watchedDate,
            rating: entry.rating,
            rewatch: entry.rewatch,
            isPrivate: entry.isPrivate,
          },
          userAggregate(userId),
        );
        return entry;
      });
      return toDiaryEntry(row);
    },

    /**
     * Changes the author's entry and records `diary.edited` (feed items follow the new film, rating and
     * rewatch). Made private, it also records `diary.withdrawn` (what it showed others is taken back).
     * Made public again it is not a new log: nothing is paid twice and no feed item comes back.
     */
    async update(userId: number, entryId: number, input: UpdateInput): Promise<DiaryEntry> {
      if (input.movieId !== undefined) requireMovie(input.movieId);
      // Read before the transaction: the embedded database has one connection, held by the transaction.
      const movie = input.movieId !== undefined ? await catalogFacts(input.movieId, null) : null;
      const row = await events.transaction(async (tx) => {
        const before = await owned(tx, userId, entryId);
        const changes: Partial<typeof diaryEntries.$inferInsert> = {};
        // A typed movieTitle is ignored: the title is the catalog's, of the entry's film.
        for (const field of ['movieId', 'watchedDate', 'rating', 'notes', 'location', 'rewatch', 'isPrivate'] as const) {
          if (input[field] !== undefined) (changes as Record<string, unknown>)[field] = input[field];
        }
        if (movie) changes.movieTitle = movie.movieTitle;
        if (input.posterPath !== undefined) changes.posterPath = input.posterPath || null;
        // Another film without a poster sent: the catalog's, not the previous film's.
        if (movie && input.movieId !== before.movieId && !input.posterPath) changes.posterPath = movie.posterPath;
        const [updated] = await tx
          .update(diaryEntries)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(diaryEntries.id, entryId))
          .returning();
        const entry = updated!;
        await events.record(
          tx,
          'diary.edited',
          { userId, entryId, movieId: entry.movieId, watchedDate: entry.watchedDate, rating: entry.rating, rewatch: entry.rewatch, isPrivate: entry.isPrivate },
          userAggregate(userId),
        );
        if (!before.isPrivate && entry.isPrivate) await events.record(tx, 'diary.withdrawn', { userId, entryId }, userAggregate(userId));
        return entry;
      });
      return toDiaryEntry(row);
    },

    /** Deletes the author's entry and records `diary.withdrawn` (a private one too: taking back nothing is harmless). */
    async remove(userId: number, entryId: number): Promise<void> {
      await events.transaction(async (tx) => {
        await owned(tx, userId, entryId);
        await tx.delete(diaryEntries).where(eq(diaryEntries.id, entryId));
        await events.record(tx, 'diary.withdrawn', { userId, entryId }, userAggregate(userId));
      });
    },
  };
}
export type DiaryService = ReturnType<typeof createDiaryService>;
