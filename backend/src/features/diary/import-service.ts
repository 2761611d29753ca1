import { randomUUID } from 'node:crypto';
import {
  DIARY_NOTES_MAX,
  REVIEW_CONTENT_MAX,
  REVIEW_TITLE_MAX,
  type ImportCommitSchema,
  type ImportCounts,
  type ImportFilm,
  type ImportPreview,
  type ImportSummary,
} from '@cinema-dna/shared-types';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { readUpload, type LetterboxdRow } from './letterboxd.js';
import { filmKey, matchFilms } from './matcher.js';
import type { DiaryCatalog, ImportedReview, ImportedWatchlistItem, ImportWriters } from './ports.js';
import { diaryEntries, diaryImports } from './schema.js';

type CommitInput = z.output<typeof ImportCommitSchema>;

/** What diary_imports.document holds between the upload and the commit. */
interface ImportDocument {
  version: 1;
  fileName: string;
  preview: Omit<ImportPreview, 'importId'>;
  /** The upload's rows by film key. */
  rows: Record<string, LetterboxdRow[]>;
  summary?: ImportSummary;
}

const IMPORT_NOT_FOUND = 'Import not found';
/** Diary rows' external keys: a re-import of the same export finds them and adds nothing. */
export const letterboxdKey = (uri: string) => `letterboxd:${uri}`;

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The Letterboxd import: an upload is parsed and matched into a preview (stored, nothing else written),
 * then committed once, in one transaction, into the diary, watched marks, the watchlist and reviews.
 *
 * - diary.csv rows → diary entries (external key `letterboxd:<URI>`); a reviews.csv row with the same
 *   URI gives its entry the review text as notes; a reviews.csv row with a watched date and no diary row
 *   becomes a diary entry too (Letterboxd logs every dated review).
 * - ratings.csv → watched marks with the rating (half stars kept); watched.csv → watched marks.
 * - watchlist.csv → watchlist items (not watched).
 * - reviews.csv → reviews (the latest per film; half stars rounded up to whole stars, as reviews have
 *   1–5; a review without a rating is not written: reviews need one).
 * - Rows already there (a re-import; a movie already on the watchlist or reviewed) are kept, never
 *   written twice. Imports record no domain events: an 800-film import must not flood followers' feeds,
 *   and no points are paid for it.
 */
export function createDiaryImportService(deps: { db: Db; catalog: DiaryCatalog; writers: ImportWriters }) {
  const { db, catalog, writers } = deps;

  return {
    /** Parses and matches an upload, stores it, and answers its preview. Nothing else is written. */
    async preview(userId: number, body: Uint8Array, fileName: string): Promise<ImportPreview> {
      const upload = readUpload(body, fileName);
      const rows: Record<string, LetterboxdRow[]> = {};
      const films = new Map<string, { key: string; name: string; year: number | null; tmdbId: string | null; imdbId: string | null }>();
      for (const row of upload.rows) {
        const key = filmKey(row);
        (rows[key] ??= []).push(row);
        if (!films.has(key)) films.set(key, { key, name: row.name, year: row.year, tmdbId: row.tmdbId, imdbId: row.imdbId });
      }
      const matches = await matchFilms([...films.values()], catalog);
      const counts: ImportCounts = { matched: 0, ambiguous: 0, unmatched: 0 };
      const previewFilms: ImportFilm[] = [...films.values()].map((film) => {
        const match = matches.get(film.key)!;
        counts[match.status]++;
        const perFile: Record<string, number> = {};
        for (const row of rows[film.key]!) perFile[row.file] = (perFile[row.file] ?? 0) + 1;
        return { key: film.key, name: film.name, year: film.year, ...match, rows: perFile };
      });
      const preview = { files: upload.files, counts, films: previewFilms, warnings: upload.warnings, warningCount: upload.warningCount };
      const importId = randomUUID();
      const document: ImportDocument = { version: 1, fileName, preview, rows };
      await db.insert(diaryImports).values({ id: importId, userId, document });
      return { importId, ...preview };
    },

    /**
     * Writes an import, all or nothing: 404 for another user's or an unknown import, 409 when it was
     * committed before. `choices` settle ambiguous and unmatched films (a movie id, or null to skip).
     */
    async commit(userId: number, importId: string, input: CommitInput): Promise<ImportSummary> {
      const [stored] = await db
        .select()
        .from(diaryImports)
        .where(and(eq(diaryImports.id, importId), eq(diaryImports.userId, userId)));
      if (!stored) throw notFound(IMPORT_NOT_FOUND);
      if (stored.committedAt) throw new AppError(409, 'CONFLICT', 'This import was committed already.', { importId });
      const document = stored.document as ImportDocument;

      // Which movie each film becomes: the match, unless a choice says otherwise.
      const known = new Map(document.preview.films.map((film) => [film.key, film]));
      const unknownKeys = Object.keys(input.choices).filter((key) => !known.has(key));
      if (unknownKeys.length > 0) throw badRequest('VALIDATION_FAILED', 'Choices name films this import does not hold.', unknownKeys.map((key) => ({ path: `choices.${key}`, message: 'is not a film of this import' })));
      const chosen = new Map<string, string>();
      for (const film of known.values()) {
        const choice = Object.hasOwn(input.choices, film.key) ? input.choices[film.key] : film.match?.movieId ?? null;
        if (choice) chosen.set(film.key, choice.startsWith('movie:') ? choice.slice('movie:'.length) : choice);
      }
      const notInCatalog = [...chosen].filter(([, movieId]) => !catalog.hasMovie(movieId));
      if (notInCatalog.length > 0) {
        throw badRequest('VALIDATION_FAILED', 'Choices name movies the catalog does not hold.', notInCatalog.map(([key, movieId]) => ({ path: `choices.${key}`, message: `${movieId} is not in the catalog` })));
      }
      // Read before the transaction: the embedded database has one connection, held by the transaction.
      const movies = await catalog.movies([...new Set(chosen.values())]);

      let skipped = 0;
      const diaryRows: (typeof diaryEntries.$inferInsert)[] = [];
      const watched = new Map<string, ImportedWatchlistItem & { fromRatings: boolean }>();
      const listed = new Map<string, ImportedWatchlistItem>();
      const reviewed = new Map<string, ImportedReview & { date: string }>();
      for (const [key, rows] of Object.entries(document.rows)) {
        const movieId = chosen.get(key);
        const movie = movieId ? movies.get(movieId) : undefined;
        if (!movie) {
          skipped += rows.length;
          continue;
        }
        const base = { movieId: movie.movieId, movieTitle: movie.title, posterPath: movie.posterPath };
        const reviewsByUri = new Map(rows.flatMap((row) => (row.file === 'reviews.csv' && row.uri && row.review ? [[row.uri, row.review] as const] : [])));
        const diaryUris = new Set(rows.flatMap((row) => (row.file === 'diary.csv' && row.uri ? [row.uri] : [])));
        for (const row of rows) {
          const asDiary = row.file === 'diary.csv' || (row.file === 'reviews.csv' && row.watchedDate !== null && !(row.uri && diaryUris.has(row.uri)));
          if (asDiary) {
            const review = row.review ?? (row.uri ? reviewsByUri.get(row.uri) : undefined);
            diaryRows.push({
              userId,
              ...base,
              watchedDate: row.watchedDate!,
              rating: row.rating,
              notes: review ? truncate(review, DIARY_NOTES_MAX) : null,
              rewatch: row.rewatch,
              externalKey: row.uri ? letterboxdKey(row.uri) : null,
            });
          }
          if (row.file === 'ratings.csv' || row.file === 'watched.csv') {
            const previous = watched.get(movie.movieId);
            const fromRatings = row.file === 'ratings.csv' || Boolean(previous?.fromRatings);
            watched.set(movie.movieId, {
              ...base,
              watched: true,
              watchedAt: row.date ? new Date(`${row.date}T00:00:00Z`) : (previous?.watchedAt ?? null),
              rating: row.file === 'ratings.csv' ? row.rating : (previous?.rating ?? null),
              fromRatings,
            });
          }
          if (row.file === 'watchlist.csv') listed.set(movie.movieId, { ...base, watched: false, watchedAt: null, rating: null });
          if (row.file === 'reviews.csv') {
            const date = row.watchedDate ?? row.date ?? '';
            const previous = reviewed.get(movie.movieId);
            if (!row.review || row.rating === null) skipped++;
            else if (!previous || date >= previous.date) {
              if (previous) skipped++;
              // Reviews are 1–5 whole stars: a half star is rounded up (3.5 → 4).
              reviewed.set(movie.movieId, {
                movieId: movie.movieId,
                rating: Math.min(5, Math.max(1, Math.ceil(row.rating))),
                title: truncate(`${movie.title}${row.year ? ` (${row.year})` : ''}`, REVIEW_TITLE_MAX),
                content: truncate(row.review, REVIEW_CONTENT_MAX),
                date,
              });
            } else skipped++;
          }
        }
      }
      // A film both watched and on the watchlist is written once, watched.
      for (const movieId of watched.keys()) listed.delete(movieId);

      return db.transaction(async (tx) => {
        // Claims the import: a concurrent second commit waits here, then finds it committed.
        const [claimed] = await tx
          .update(diaryImports)
          .set({ committedAt: sql`now()` })
          .where(and(eq(diaryImports.id, importId), eq(diaryImports.userId, userId), sql`${diaryImports.committedAt} is null`))
          .returning({ id: diaryImports.id });
        if (!claimed) throw new AppError(409, 'CONFLICT', 'This import was committed already.', { importId });

        // Rows without a Letterboxd URI (the import format) are known by film and day instead: as many
        // as the diary has of that film that day are already there.
        const existingDays = new Map<string, number>();
        for (const entry of await tx.select({ movieId: diaryEntries.movieId, watchedDate: diaryEntries.watchedDate }).from(diaryEntries).where(eq(diaryEntries.userId, userId))) {
          const day = `${entry.movieId}|${entry.watchedDate}`;
          existingDays.set(day, (existingDays.get(day) ?? 0) + 1);
        }
        const existingKeys = new Set(
          (
            await tx
              .select({ externalKey: diaryEntries.externalKey })
              .from(diaryEntries)
              .where(and(eq(diaryEntries.userId, userId), isNotNull(diaryEntries.externalKey)))
          ).map((entry) => entry.externalKey),
        );
        const fresh: (typeof diaryEntries.$inferInsert)[] = [];
        for (const row of diaryRows) {
          const day = `${row.movieId}|${row.watchedDate}`;
          const already = existingDays.get(day) ?? 0;
          if (row.externalKey ? existingKeys.has(row.externalKey) : already > 0) {
            if (!row.externalKey) existingDays.set(day, already - 1);
            skipped++;
            continue;
          }
          if (row.externalKey) existingKeys.add(row.externalKey);
          fresh.push(row);
        }
        let diary = 0;
        for (let start = 0; start < fresh.length; start += 500) {
          const inserted = await tx
            .insert(diaryEntries)
            .values(fresh.slice(start, start + 500))
            .onConflictDoNothing()
            .returning({ id: diaryEntries.id });
          diary += inserted.length;
        }

        const marks = [...watched.values()];
        const addedMarks = await writers.watchlist(tx, userId, marks);
        const addedList = await writers.watchlist(tx, userId, [...listed.values()]);
        const addedReviews = await writers.reviews(tx, userId, [...reviewed.values()]);
        skipped += marks.length - addedMarks.length + (listed.size - addedList.length) + (reviewed.size - addedReviews);
        const added = new Set(addedMarks);
        const summary: ImportSummary = {
          counts: document.preview.counts,
          added: {
            diary,
            ratings: marks.filter((mark) => mark.fromRatings && added.has(mark.movieId)).length,
            watched: marks.filter((mark) => !mark.fromRatings && added.has(mark.movieId)).length,
            watchlist: addedList.length,
            reviews: addedReviews,
          },
          skipped,
        };
        await tx
          .update(diaryImports)
          .set({ document: { ...document, summary } })
          .where(eq(diaryImports.id, importId));
        return summary;
      });
    },
  };
}
export type DiaryImportService = ReturnType<typeof createDiaryImportService>;
