import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
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
import { and, desc, eq, isNotNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { IMPORT_LIMITS, type ImportLimits, type LetterboxdRow } from './letterboxd.js';
import { matchFilms } from './matcher.js';
import type { CatalogMovie, DiaryCatalog, ImportedReview, ImportedWatchlistItem, ImportWriters } from './ports.js';
import { diaryEntries, diaryImports } from './schema.js';
import { TimeSlices, yieldToEventLoop } from './time-slices.js';
import { chunkText, importTooSlow, UploadBytes, UploadReader, type FilmToPreview } from './upload-reader.js';

type CommitInput = z.output<typeof ImportCommitSchema>;

/** A preview stored before previews were stored in parts: one document (still committable). */
interface ImportDocumentV1 {
  version: 1;
  fileName: string;
  preview: Omit<ImportPreview, 'importId'>;
  /** The upload's rows by film key. */
  rows: Record<string, LetterboxdRow[]>;
  summary?: ImportSummary;
}

/**
 * A stored preview: this head row, and `parts` rows `<importId>:<n>` beside it in diary_imports, each a
 * gzipped JSON piece of the import: `{ films: [key, movie id | null][] }` (each film's match) or
 * `{ rows: [key, row][] }`. In pieces because one document of 100,000 rows is tens of MB of JSONB,
 * which the embedded database (PGlite, in this process) takes a second or more to write, holding the
 * event loop all along; each piece is a statement of a few milliseconds. `complete` once every part is
 * written: a preview cut short is not committable.
 */
interface ImportDocumentV2 {
  version: 2;
  fileName: string;
  complete: boolean;
  parts: number;
  counts: ImportCounts;
  summary?: ImportSummary;
}

/** One part of a stored preview (see ImportDocumentV2). */
interface ImportPartDocument {
  version: 2;
  part: number;
  /** Base64 of the gzipped JSON. */
  gzip: string;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const IMPORT_NOT_FOUND = 'Import not found';
/** Diary rows' external keys: a re-import of the same export finds them and adds nothing. */
export const letterboxdKey = (uri: string) => `letterboxd:${uri}`;
/** The id of a stored preview's part n. */
const partId = (importId: string, part: number) => `${importId}:${part}`;
/** The import a diary_imports row belongs to (its own id for a head row). */
const importOf = sql<string>`split_part(${diaryImports.id}, ':', 1)`;

/** Catalog movies read per query at commit. */
const MOVIES_PER_READ = 2000;
/** Rows written per statement at commit: a few tens of milliseconds each, even on PGlite. */
const ROWS_PER_STATEMENT = 250;

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
 *
 * Never holding the event loop: the upload is read in a worker thread (upload-reader.ts); matching,
 * storing and committing go a slice at a time (time-slices.ts), the preview within the time budget
 * (IMPORT_LIMITS.timeMs: past it, a 503). A user keeps at most IMPORT_LIMITS.previewsPerUser previews.
 */
export function createDiaryImportService(deps: { db: Db; catalog: DiaryCatalog; writers: ImportWriters; limits?: Partial<ImportLimits> }) {
  const { db, catalog, writers } = deps;
  const limits: ImportLimits = { ...IMPORT_LIMITS, ...deps.limits };
  const reader = new UploadReader();

  /** Deletes a user's previews but the newest few, and any older than a week (a preview is kept a week for its commit). */
  async function prune(userId: number): Promise<void> {
    const newest = db
      .select({ id: diaryImports.id })
      .from(diaryImports)
      .where(and(eq(diaryImports.userId, userId), sql`strpos(${diaryImports.id}, ':') = 0`))
      .orderBy(desc(diaryImports.createdAt), desc(diaryImports.id))
      .limit(limits.previewsPerUser);
    await db.delete(diaryImports).where(and(eq(diaryImports.userId, userId), or(lt(diaryImports.createdAt, sql`now() - interval '7 days'`), notInArray(importOf, newest))));
  }

  /** A stored preview's films (key → matched movie id) and rows (by film key). */
  async function loadImport(importId: string, document: ImportDocumentV1 | ImportDocumentV2) {
    const films = new Map<string, string | null>();
    const rows = new Map<string, LetterboxdRow[]>();
    if (document.version === 1) {
      for (const film of document.preview.films) films.set(film.key, film.match?.movieId ?? null);
      for (const [key, list] of Object.entries(document.rows)) rows.set(key, list);
      return { films, rows };
    }
    for (let part = 1; part <= document.parts; part++) {
      const [stored] = await db.select({ document: diaryImports.document }).from(diaryImports).where(eq(diaryImports.id, partId(importId, part)));
      // A part deleted meanwhile (the user's newer previews pushed this one out).
      if (!stored) throw notFound(IMPORT_NOT_FOUND);
      const piece = JSON.parse((await gunzipAsync(Buffer.from((stored.document as ImportPartDocument).gzip, 'base64'))).toString()) as {
        films?: [string, string | null][];
        rows?: [string, LetterboxdRow][];
      };
      for (const [key, movieId] of piece.films ?? []) films.set(key, movieId);
      for (const [key, row] of piece.rows ?? []) {
        const list = rows.get(key);
        if (list) list.push(row);
        else rows.set(key, [row]);
      }
      await yieldToEventLoop();
    }
    return { films, rows };
  }

  return {
    /**
     * Parses and matches an upload, stores it, and answers its preview. Nothing else is written.
     * Refused uploads store nothing; past the time budget, a 503 and nothing kept.
     */
    async preview(userId: number, body: Uint8Array | UploadBytes, fileName: string): Promise<ImportPreview> {
      const deadline = performance.now() + limits.timeMs;
      const packed = await reader.read(body instanceof UploadBytes ? body : UploadBytes.of(body), fileName, limits, deadline);
      const slices = new TimeSlices(deadline, () => importTooSlow(limits.timeMs));
      const importId = randomUUID();
      const counts: ImportCounts = { matched: 0, ambiguous: 0, unmatched: 0 };
      let parts = 0;
      const head = (complete: boolean): ImportDocumentV2 => ({ version: 2, fileName, complete, parts, counts });
      const storePart = async (gzipped: string) => {
        await slices.pause();
        parts++;
        const document: ImportPartDocument = { version: 2, part: parts, gzip: gzipped };
        await db.insert(diaryImports).values({ id: partId(importId, parts), userId, document });
      };
      await db.insert(diaryImports).values({ id: importId, userId, document: head(false) });
      try {
        const films: ImportFilm[] = [];
        // A chunk of films at a time: parsed, matched (a few catalog reads) and stored as one part.
        for (const span of packed.films) {
          const toMatch = JSON.parse(chunkText(packed, span)) as FilmToPreview[];
          await slices.pause();
          const matches = await matchFilms(toMatch, catalog, slices);
          const choices: [string, string | null][] = [];
          for (const film of toMatch) {
            const match = matches.get(film.key)!;
            counts[match.status]++;
            films.push({ key: film.key, name: film.name, year: film.year, ...match, rows: film.rows });
            choices.push([film.key, match.match?.movieId ?? null]);
          }
          await storePart((await gzipAsync(`{"films":${JSON.stringify(choices)}}`)).toString('base64'));
        }
        // The rows' parts come gzipped from the worker.
        for (const span of packed.rowParts) await storePart(chunkText(packed, span));
        await db.update(diaryImports).set({ document: head(true) }).where(eq(diaryImports.id, importId));
        await prune(userId);
        return { importId, files: packed.files, counts, films, warnings: packed.warnings, warningCount: packed.warningCount };
      } catch (error) {
        // Nothing of a preview that was not finished stays behind.
        await db
          .delete(diaryImports)
          .where(and(eq(diaryImports.userId, userId), eq(importOf, importId)))
          .catch(() => undefined);
        throw error;
      }
    },

    /** Stops the upload worker (waiting uploads are refused). */
    close: () => reader.close(),

    /**
     * Writes an import, all or nothing: 404 for another user's or an unknown import, 409 when it was
     * committed before. `choices` settle ambiguous and unmatched films (a movie id, or null to skip).
     */
    async commit(userId: number, importId: string, input: CommitInput): Promise<ImportSummary> {
      const [stored] = await db
        .select()
        .from(diaryImports)
        .where(and(eq(diaryImports.id, importId), eq(diaryImports.userId, userId)));
      const document = stored?.document as ImportDocumentV1 | ImportDocumentV2 | undefined;
      // A preview still being written, or cut short, is not one to commit.
      if (!stored || !document || (document.version === 2 && !document.complete)) throw notFound(IMPORT_NOT_FOUND);
      if (stored.committedAt) throw new AppError(409, 'CONFLICT', 'This import was committed already.', { importId });
      const { films: known, rows: rowsByFilm } = await loadImport(importId, document);
      // A slice at a time, without a deadline: an import of 100,000 rows is bounded by the row cap.
      const slices = new TimeSlices(Infinity, () => new Error('no deadline'));

      // Which movie each film becomes: the match, unless a choice says otherwise.
      const unknownKeys = Object.keys(input.choices).filter((key) => !known.has(key));
      if (unknownKeys.length > 0) throw badRequest('VALIDATION_FAILED', 'Choices name films this import does not hold.', unknownKeys.map((key) => ({ path: `choices.${key}`, message: 'is not a film of this import' })));
      const chosen = new Map<string, string>();
      const notInCatalog: [string, string][] = [];
      for (const [key, matched] of known) {
        const choice = Object.hasOwn(input.choices, key) ? input.choices[key] : matched;
        if (!choice) continue;
        const movieId = choice.startsWith('movie:') ? choice.slice('movie:'.length) : choice;
        chosen.set(key, movieId);
        if (!catalog.hasMovie(movieId)) notInCatalog.push([key, movieId]);
        await slices.pause();
      }
      if (notInCatalog.length > 0) {
        throw badRequest('VALIDATION_FAILED', 'Choices name movies the catalog does not hold.', notInCatalog.map(([key, movieId]) => ({ path: `choices.${key}`, message: `${movieId} is not in the catalog` })));
      }
      // Read before the transaction (the embedded database has one connection, held by the
      // transaction), a few thousand at a time: each read stays short.
      const movies = new Map<string, CatalogMovie>();
      const movieIds = [...new Set(chosen.values())];
      for (let start = 0; start < movieIds.length; start += MOVIES_PER_READ) {
        for (const [movieId, movie] of await catalog.movies(movieIds.slice(start, start + MOVIES_PER_READ))) movies.set(movieId, movie);
        await slices.pause();
      }

      let skipped = 0;
      const diaryRows: (typeof diaryEntries.$inferInsert)[] = [];
      const watched = new Map<string, ImportedWatchlistItem & { fromRatings: boolean }>();
      const listed = new Map<string, ImportedWatchlistItem>();
      const reviewed = new Map<string, ImportedReview & { date: string }>();
      for (const [key, rows] of rowsByFilm) {
        await slices.pause();
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
        // Its parts are of no more use: the head alone answers a second commit (409).
        await tx.delete(diaryImports).where(and(eq(diaryImports.userId, userId), eq(importOf, importId), ne(diaryImports.id, importId)));

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
          await slices.pause();
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
        // A thousand rows a statement, one JSON parameter each: drizzle's builder spent seconds on the
        // parameters of 100,000 rows. The event loop gets a turn between statements (on PGlite a
        // statement runs on it, and the transaction's awaits alone would never let it go).
        let diary = 0;
        for (let start = 0; start < fresh.length; start += ROWS_PER_STATEMENT) {
          const batch = fresh.slice(start, start + ROWS_PER_STATEMENT).map((row, index) => ({
            i: index,
            user_id: row.userId,
            movie_id: row.movieId,
            movie_title: row.movieTitle,
            poster_path: row.posterPath ?? null,
            watched_date: row.watchedDate,
            rating: row.rating ?? null,
            notes: row.notes ?? null,
            rewatch: row.rewatch ?? false,
            external_key: row.externalKey ?? null,
          }));
          const inserted = (await tx.execute(sql`
            insert into ${diaryEntries} (user_id, movie_id, movie_title, poster_path, watched_date, rating, notes, rewatch, external_key)
            select user_id, movie_id, movie_title, poster_path, watched_date, rating, notes, rewatch, external_key
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              as r(i integer, user_id integer, movie_id text, movie_title text, poster_path text, watched_date date, rating real, notes text, rewatch boolean, external_key text)
            order by r.i
            on conflict do nothing
            returning id`)) as unknown as { rows: unknown[] };
          diary += inserted.rows.length;
          await yieldToEventLoop();
        }

        // Other features' rows through their ports, a slice at a time for the same reason.
        const inSlices = async <T, R>(items: readonly T[], write: (slice: T[]) => Promise<R[] | number>) => {
          const added: R[] = [];
          let count = 0;
          for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
            const result = await write(items.slice(start, start + ROWS_PER_STATEMENT));
            if (typeof result === 'number') count += result;
            else for (const each of result) added.push(each);
            await yieldToEventLoop();
          }
          return { added, count };
        };
        const marks = [...watched.values()];
        const addedMarks = (await inSlices<ImportedWatchlistItem & { fromRatings: boolean }, string>(marks, (slice) => writers.watchlist(tx, userId, slice))).added;
        const addedList = (await inSlices<ImportedWatchlistItem, string>([...listed.values()], (slice) => writers.watchlist(tx, userId, slice))).added;
        const addedReviews = (await inSlices<ImportedReview, never>([...reviewed.values()], (slice) => writers.reviews(tx, userId, slice))).count;
        skipped += marks.length - addedMarks.length + (listed.size - addedList.length) + (reviewed.size - addedReviews);
        const added = new Set(addedMarks);
        const summary: ImportSummary = {
          counts: document.version === 1 ? document.preview.counts : document.counts,
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
