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
import { planFilm } from './letterboxd-plan.js';
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
 * - What each film's rows become is letterboxd-plan.ts's rule: one diary entry per diary.csv row (external
 *   key `letterboxd:<URI>`); a review goes on the entry of the same film and watched date, never a second
 *   entry; ratings.csv / watched.csv → one watched mark per film; watchlist.csv → watchlist items; the
 *   film's newest rated review → its review (half stars rounded up to whole stars, as reviews have 1–5).
 *   Every row keeps its Letterboxd dates (logged, added, written), not the import's time.
 * - Rows already there (a re-import; a movie already on the watchlist or reviewed) are kept, never
 *   written twice, and counted as "already imported before"; rows of films left out, and rows with
 *   nothing to import, are counted apart. Imports record no domain events: an 800-film import must not flood followers' feeds,
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

      // Each film's rows planned by the one rule of letterboxd-plan.ts; each row remembers what it goes to.
      type Target = { kind: 'entry'; index: number } | { kind: 'review' | 'mark' | 'listed'; movieId: string };
      const rowTargets: Target[][] = [];
      const skippedRows = { alreadyImported: 0, notImported: 0, nothingToImport: 0 };
      const diaryRows: ((typeof diaryEntries.$inferInsert) & { fromReview: boolean })[] = [];
      const watched = new Map<string, ImportedWatchlistItem & { fromRatings: boolean }>();
      const listed = new Map<string, ImportedWatchlistItem>();
      const reviewed = new Map<string, ImportedReview>();
      const atDay = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);
      for (const [key, rows] of rowsByFilm) {
        await slices.pause();
        const movieId = chosen.get(key);
        const movie = movieId ? movies.get(movieId) : undefined;
        if (!movie) {
          skippedRows.notImported += rows.length;
          continue;
        }
        const base = { movieId: movie.movieId, movieTitle: movie.title, posterPath: movie.posterPath };
        const plan = planFilm(rows);
        const firstEntry = diaryRows.length;
        for (const entry of plan.entries) {
          diaryRows.push({
            userId,
            ...base,
            watchedDate: entry.watchedDate,
            rating: entry.rating,
            notes: entry.notes ? truncate(entry.notes, DIARY_NOTES_MAX) : null,
            rewatch: entry.rewatch,
            externalKey: entry.externalKey,
            createdAt: atDay(entry.loggedDate) ?? undefined,
            fromReview: entry.fromReview,
          });
        }
        if (plan.mark) {
          watched.set(movie.movieId, { ...base, watched: true, watchedAt: atDay(plan.mark.watchedDate), addedAt: atDay(plan.mark.watchedDate), rating: plan.mark.rating, fromRatings: plan.mark.fromRatings });
        } else if (plan.listed) {
          listed.set(movie.movieId, { ...base, watched: false, watchedAt: null, addedAt: atDay(plan.listed.addedDate), rating: null });
        }
        if (plan.review) {
          reviewed.set(movie.movieId, {
            movieId: movie.movieId,
            // Reviews are 1–5 whole stars: a half star is rounded up (3.5 → 4).
            rating: Math.min(5, Math.max(1, Math.ceil(plan.review.rating))),
            title: truncate(`${movie.title}${rows[0]?.year ? ` (${rows[0].year})` : ''}`, REVIEW_TITLE_MAX),
            content: truncate(plan.review.content, REVIEW_CONTENT_MAX),
            createdAt: atDay(plan.review.date),
          });
        }
        for (const targets of plan.targets) {
          rowTargets.push(
            targets.map((target): Target => {
              if (target.kind === 'entry') return { kind: 'entry', index: firstEntry + target.index };
              // A film both watched and on the watchlist is written once, watched.
              if (target.kind === 'listed' && plan.mark) return { kind: 'mark', movieId: movie.movieId };
              return { kind: target.kind, movieId: movie.movieId };
            }),
          );
        }
      }

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

        // What the diary holds already. Rows without a Letterboxd URI (the import format) are known by
        // film and day instead: as many as the diary has of that film that day are already there.
        const existingDays = new Map<string, { id: number; notes: string | null }[]>();
        for (const entry of await tx
          .select({ id: diaryEntries.id, movieId: diaryEntries.movieId, watchedDate: diaryEntries.watchedDate, notes: diaryEntries.notes })
          .from(diaryEntries)
          .where(eq(diaryEntries.userId, userId))
          .orderBy(diaryEntries.id)) {
          const day = `${entry.movieId}|${entry.watchedDate}`;
          existingDays.set(day, [...(existingDays.get(day) ?? []), { id: entry.id, notes: entry.notes }]);
        }
        const existingKeys = new Set(
          (
            await tx
              .select({ externalKey: diaryEntries.externalKey })
              .from(diaryEntries)
              .where(and(eq(diaryEntries.userId, userId), isNotNull(diaryEntries.externalKey)))
          ).map((entry) => entry.externalKey),
        );
        const fresh: (typeof diaryRows)[number][] = [];
        /** The planned entries this commit wrote: inserted, or a review's text put on an entry already there. */
        const writtenEntries = new Set<number>();
        const notesFor: { id: number; notes: string }[] = [];
        const unclaimed = new Map(existingDays);
        for (const [index, row] of diaryRows.entries()) {
          await slices.pause();
          const day = `${row.movieId}|${row.watchedDate}`;
          if (row.externalKey && existingKeys.has(row.externalKey)) continue;
          const there = unclaimed.get(day) ?? [];
          if (!row.externalKey || row.fromReview) {
            // Import format: one entry of that film and day already there stands for this row.
            // A review: the diary's entry of that film and day is its entry (a diary.csv imported before).
            if (there.length > 0) {
              const [entry, ...rest] = there;
              if (!row.externalKey) unclaimed.set(day, rest);
              if (row.fromReview && row.notes && entry!.notes === null) {
                entry!.notes = row.notes;
                notesFor.push({ id: entry!.id, notes: row.notes });
                writtenEntries.add(index);
              }
              continue;
            }
          }
          if (row.externalKey) existingKeys.add(row.externalKey);
          fresh.push(row);
          writtenEntries.add(index);
        }
        for (const { id, notes } of notesFor) await tx.update(diaryEntries).set({ notes, updatedAt: sql`now()` }).where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, userId)));
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
            // Logged on Letterboxd that day: the diary and friends' activity show that, not the import's time.
            created_at: row.createdAt instanceof Date ? row.createdAt.toISOString() : null,
          }));
          const inserted = (await tx.execute(sql`
            insert into ${diaryEntries} (user_id, movie_id, movie_title, poster_path, watched_date, rating, notes, rewatch, external_key, created_at, updated_at)
            select user_id, movie_id, movie_title, poster_path, watched_date, rating, notes, rewatch, external_key, coalesce(created_at, now()), coalesce(created_at, now())
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              as r(i integer, user_id integer, movie_id text, movie_title text, poster_path text, watched_date date, rating real, notes text, rewatch boolean, external_key text, created_at timestamptz)
            order by r.i
            on conflict do nothing
            returning id`)) as unknown as { rows: unknown[] };
          diary += inserted.rows.length;
          await yieldToEventLoop();
        }

        // Other features' rows through their ports, a slice at a time for the same reason.
        const inSlices = async <T>(items: readonly T[], write: (slice: T[]) => Promise<string[]>) => {
          const added: string[] = [];
          for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
            for (const each of await write(items.slice(start, start + ROWS_PER_STATEMENT))) added.push(each);
            await yieldToEventLoop();
          }
          return new Set(added);
        };
        const marks = [...watched.values()];
        const addedMarks = await inSlices(marks, (slice) => writers.watchlist(tx, userId, slice));
        const addedList = await inSlices([...listed.values()], (slice) => writers.watchlist(tx, userId, slice));
        const addedReviews = await inSlices([...reviewed.values()], (slice) => writers.reviews(tx, userId, slice));

        // Each row of the file: imported when something it goes to was written now; already imported
        // when all it goes to was there before; nothing to import when it goes nowhere.
        for (const targets of rowTargets) {
          if (targets.length === 0) {
            skippedRows.nothingToImport++;
            continue;
          }
          const written = targets.some((target) =>
            target.kind === 'entry'
              ? writtenEntries.has(target.index)
              : (target.kind === 'mark' ? addedMarks : target.kind === 'listed' ? addedList : addedReviews).has(target.movieId),
          );
          if (!written) skippedRows.alreadyImported++;
        }
        const summary: ImportSummary = {
          counts: document.version === 1 ? document.preview.counts : document.counts,
          added: {
            diary,
            ratings: marks.filter((mark) => mark.fromRatings && addedMarks.has(mark.movieId)).length,
            watched: marks.filter((mark) => !mark.fromRatings && addedMarks.has(mark.movieId)).length,
            watchlist: addedList.size,
            reviews: addedReviews.size,
          },
          skipped: skippedRows.alreadyImported + skippedRows.notImported + skippedRows.nothingToImport,
          skippedRows,
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
