import { z } from 'zod';
import { text } from './text.js';

/**
 * The film diary (spec §2 Film Diary, §3 diary entry, §4 diary dialog, §5 diary rules, §7 diary calls,
 * §8 diary toasts) and its Letterboxd import and export.
 *
 * Rules:
 * - A movie must be chosen ('Movie Required' / 'Please select a movie to log.'); it must be in the catalog (404).
 * - watchedDate is a real calendar date, YYYY-MM-DD, not after tomorrow (time zones) and not before 1870.
 * - rating: optional; 0 or absent means none; otherwise 0.5 to 5 in half stars (the dialog gives whole stars).
 * - notes (≤ 2000) and location (≤ 200) are trimmed; empty means none.
 * - Only the author reads, edits or deletes an entry (another's is a 404, as if it did not exist).
 * - A private entry never reaches a feed, a profile or another user's stats.
 * - The list is newest watched date first, then newest entry first within a day.
 */

export const DIARY_TEXTS = {
  signInRequired: 'Please sign in to create and manage your personal movie diary.',
  logButton: 'Log Movie',
  newTitle: 'Log a Movie',
  editTitle: 'Edit Diary Entry',
  movieRequiredTitle: 'Movie Required',
  movieRequired: 'Please select a movie to log.',
  loggedTitle: 'Movie Logged',
  logged: 'Your film diary entry has been saved.',
  updatedTitle: 'Entry Updated',
  updated: 'Your diary entry has been updated.',
  deletedTitle: 'Entry Deleted',
  deleted: 'Your diary entry has been deleted.',
  logFailed: 'Failed to log movie. Please try again.',
  updateFailed: 'Failed to update entry. Please try again.',
  deleteFailed: 'Failed to delete entry. Please try again.',
  emptyTitle: 'No Entries Yet',
  emptyAction: 'Log Your First Movie',
} as const;

export const DIARY_NOTES_MAX = 2000;
export const DIARY_LOCATION_MAX = 200;
/** Diary movie search: query longer than 2 characters, at most 8 results (spec §5). */
export const DIARY_SEARCH_MIN = 3;
export const DIARY_SEARCH_RESULTS = 8;
/** Largest Letterboxd upload (a zip or one CSV). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
/** A date-only value, YYYY-MM-DD, that exists on the calendar. */
export const DateOnlySchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a date on the calendar');

/** Earliest date a film can have been watched (the rule above). */
export const DIARY_EARLIEST_DATE = '1870-01-01';
/** Tomorrow (UTC), the latest watched date: a user a few hours ahead of UTC may log today's film. */
const tomorrowUtc = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** A watched date: on the calendar, from 1870 to tomorrow. */
export const WatchedDateSchema = DateOnlySchema.refine((value) => value >= DIARY_EARLIEST_DATE, 'is before 1870').refine(
  (value) => value <= tomorrowUtc(),
  'is in the future',
);

/** 0.5 to 5 in half stars. */
export const HalfStarRatingSchema = z.number().min(0.5).max(5).multipleOf(0.5);
/** What a client sends: 0 or null means no rating. */
const RatingInputSchema = z
  .number()
  .min(0)
  .max(5)
  .multipleOf(0.5)
  .nullish()
  .transform((rating) => (rating ? rating : null));

const optionalTrimmed = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** A movie id as the catalog knows it: "heat-1995" or "movie:heat-1995". */
const DiaryMovieIdSchema = text()
  .trim()
  .min(1, DIARY_TEXTS.movieRequired)
  .max(200)
  .transform((id) => (id.startsWith('movie:') ? id.slice('movie:'.length) : id));

/** Spec §3 Diary entry. */
export const DiaryEntrySchema = z.object({
  id: z.number().int(),
  movieId: z.string(),
  movieTitle: z.string(),
  posterPath: z.string().nullable(),
  watchedDate: z.string(),
  rating: HalfStarRatingSchema.nullable(),
  notes: z.string().nullable(),
  location: z.string().nullable(),
  rewatch: z.boolean(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;

/** POST /api/diary body (spec §7). */
export const DiaryEntryCreateSchema = z.object({
  movieId: DiaryMovieIdSchema,
  movieTitle: text().trim().min(1, DIARY_TEXTS.movieRequired).max(500).meta({ description: 'Accepted for compatibility and ignored: the catalog’s title of movieId is stored and shown.' }),
  posterPath: text().trim().max(500).nullish(),
  watchedDate: WatchedDateSchema,
  rating: RatingInputSchema,
  notes: optionalTrimmed(DIARY_NOTES_MAX),
  location: optionalTrimmed(DIARY_LOCATION_MAX),
  rewatch: z.boolean().default(false),
  isPrivate: z.boolean().default(false),
});
export type DiaryEntryCreate = z.input<typeof DiaryEntryCreateSchema>;

/** PATCH /api/diary/:entryId body: the same fields, any of them (at least one). */
export const DiaryEntryUpdateSchema = z
  .object({
    movieId: DiaryMovieIdSchema.optional(),
    movieTitle: text().trim().min(1).max(500).optional().meta({ description: 'Accepted for compatibility and ignored: the catalog’s title of movieId is stored and shown.' }),
    posterPath: text().trim().max(500).nullish(),
    watchedDate: WatchedDateSchema.optional(),
    rating: RatingInputSchema.optional(),
    notes: optionalTrimmed(DIARY_NOTES_MAX).optional(),
    location: optionalTrimmed(DIARY_LOCATION_MAX).optional(),
    rewatch: z.boolean().optional(),
    isPrivate: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field');
export type DiaryEntryUpdate = z.input<typeof DiaryEntryUpdateSchema>;

/** GET /api/diary?year= : the year filter matches entries whose date starts with the text (spec §5). */
export const DiaryQuerySchema = z.object({ year: text().regex(/^\d{1,4}$/, 'Type a year').optional() });
export const DiaryListSchema = z.object({ entries: z.array(DiaryEntrySchema) });
export type DiaryList = z.infer<typeof DiaryListSchema>;

/* ---------- Letterboxd import ---------- */

/** The files of a Letterboxd export the importer reads (by file name; a zip holds them at its root). */
export const LETTERBOXD_FILES = ['diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv', 'reviews.csv'] as const;
export const LetterboxdFileSchema = z.enum(LETTERBOXD_FILES);
export type LetterboxdFile = z.infer<typeof LetterboxdFileSchema>;

/** Letterboxd's import format, the columns of GET /api/diary/export.csv. */
export const LETTERBOXD_EXPORT_COLUMNS = ['Title', 'Year', 'imdbID', 'tmdbID', 'WatchedDate', 'Rating10', 'Rewatch', 'Tags', 'Review'] as const;

export const IMPORT_MATCH_STATUSES = ['matched', 'ambiguous', 'unmatched'] as const;
export const ImportMatchStatusSchema = z.enum(IMPORT_MATCH_STATUSES);
export type ImportMatchStatus = z.infer<typeof ImportMatchStatusSchema>;

/** A film of the catalog a row may be. */
export const ImportCandidateSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  posterPath: z.string().nullable(),
});
export type ImportCandidate = z.infer<typeof ImportCandidateSchema>;

/** One film of the upload (a title may have several rows: diary entries, a rating, a review). */
export const ImportFilmSchema = z.object({
  /** Stable within the import: choices are sent by it. */
  key: z.string(),
  name: z.string(),
  year: z.number().int().nullable(),
  status: ImportMatchStatusSchema,
  /** The chosen film (matched), else null. */
  match: ImportCandidateSchema.nullable(),
  /** Ambiguous: the films it may be (at most 5). */
  candidates: z.array(ImportCandidateSchema),
  /** Rows per file for this film, e.g. { 'diary.csv': 2, 'ratings.csv': 1 }. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
});
export type ImportFilm = z.infer<typeof ImportFilmSchema>;

export const ImportCountsSchema = z.object({
  matched: z.number().int().nonnegative(),
  ambiguous: z.number().int().nonnegative(),
  unmatched: z.number().int().nonnegative(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** A row the importer could not use (no title, no date) or a value it dropped (a rating off the half-star scale). */
export const ImportWarningSchema = z.object({ file: LetterboxdFileSchema, line: z.number().int().positive(), message: z.string() });
export type ImportWarning = z.infer<typeof ImportWarningSchema>;
/** At most this many warnings are listed (the rest are counted in `warningCount`). */
export const IMPORT_WARNINGS_MAX = 100;

/** POST /api/diary/import answer: what the upload holds and how its films matched; nothing written yet. */
export const ImportPreviewSchema = z.object({
  importId: z.string(),
  files: z.array(z.object({ name: LetterboxdFileSchema, rows: z.number().int().nonnegative() })),
  counts: ImportCountsSchema,
  films: z.array(ImportFilmSchema),
  warnings: z.array(ImportWarningSchema),
  warningCount: z.number().int().nonnegative(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** POST /api/diary/import/:importId/commit body: for ambiguous or unmatched films, the chosen movie id or null to skip. */
export const ImportCommitSchema = z.object({
  choices: z.record(text().max(100), text().trim().min(1).max(200).nullable()).default({}),
});
export type ImportCommit = z.input<typeof ImportCommitSchema>;

/** What a commit wrote; rows already imported before are counted as skipped (`skippedRows.alreadyImported`), never written twice. */
export const ImportSummarySchema = z.object({
  counts: ImportCountsSchema,
  added: z.object({
    diary: z.number().int().nonnegative(),
    ratings: z.number().int().nonnegative(),
    watched: z.number().int().nonnegative(),
    watchlist: z.number().int().nonnegative(),
    reviews: z.number().int().nonnegative(),
  }),
  /** Rows of the file that added nothing: the sum of `skippedRows`. */
  skipped: z.number().int().nonnegative(),
  /** Why rows added nothing, each row counted once. */
  skippedRows: z.object({
    /** Everything the row holds was there before: imported before, or already on Cinema DNA. */
    alreadyImported: z.number().int().nonnegative(),
    /** Rows of films not imported: not in the catalog, or skipped by the member. */
    notImported: z.number().int().nonnegative(),
    /** Reviews with neither a watched date nor a rating: no diary entry and no review to put them on. */
    nothingToImport: z.number().int().nonnegative(),
  }),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/**
 * The HTTP calls (backend/src/features/diary/routes.ts), all signed in:
 * - GET    /api/diary?year=                      DiaryList (yours, newest first)
 * - POST   /api/diary                            DiaryEntry (201)
 * - PATCH  /api/diary/:entryId                   DiaryEntry; yours only (404 otherwise)
 * - DELETE /api/diary/:entryId                   204; yours only
 * - POST   /api/diary/import?name=diary.csv      ImportPreview; the body is the raw file (a zip or one CSV, ≤ 50 MB);
 *                                                400 IMPORT_INVALID for not a CSV/zip or wrong columns, 413 over 50 MB
 * - POST   /api/diary/import/:importId/commit    ImportSummary; one transaction: all or nothing
 * - GET    /api/diary/export.csv                 text/csv in Letterboxd's import format
 * - GET    /api/users/me/export                  everything of yours as JSON (attachment)
 */
