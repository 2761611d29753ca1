import { DIARY_TEXTS, type DiaryEntry, type DiaryEntryCreate, type DiaryEntryUpdate } from '@cinema-dna/shared-types';
import { todayDateOnly } from './watched-date';

/** The movie a diary entry is about, as the dialog holds it. */
export interface DiaryMovie {
  movieId: string;
  movieTitle: string;
  posterPath: string | null;
  year?: number | null;
}

/** What the Log a Movie / Edit Diary Entry dialog holds while the user types. */
export interface DiaryFormValues {
  movie: DiaryMovie | null;
  /** 0 means none; whole stars from the dialog, half stars kept from an imported entry. */
  rating: number;
  watchedDate: string;
  notes: string;
  location: string;
  rewatch: boolean;
  isPrivate: boolean;
}

/** The reset form (spec §4): empty, rating 0, rewatch false, date today. */
export function emptyDiaryForm(now: Date = new Date()): DiaryFormValues {
  return { movie: null, rating: 0, watchedDate: todayDateOnly(now), notes: '', location: '', rewatch: false, isPrivate: false };
}

/** The form filled from an entry being edited. */
export function diaryFormFromEntry(entry: DiaryEntry): DiaryFormValues {
  return {
    movie: { movieId: entry.movieId, movieTitle: entry.movieTitle, posterPath: entry.posterPath },
    rating: entry.rating ?? 0,
    watchedDate: entry.watchedDate,
    notes: entry.notes ?? '',
    location: entry.location ?? '',
    rewatch: entry.rewatch,
    isPrivate: entry.isPrivate,
  };
}

export type DiaryFormResult<T> = { ok: true; body: T } | { ok: false; title: string; message: string };

const movieRequired = { ok: false, title: DIARY_TEXTS.movieRequiredTitle, message: DIARY_TEXTS.movieRequired } as const;

/**
 * POST /api/diary body (spec §5): a movie is required; rating only when above 0; notes and location
 * trimmed and only when non-empty; the date date-only.
 */
export function diaryCreateBody(form: DiaryFormValues): DiaryFormResult<DiaryEntryCreate> {
  if (!form.movie) return movieRequired;
  const body: DiaryEntryCreate = {
    movieId: form.movie.movieId,
    movieTitle: form.movie.movieTitle,
    posterPath: form.movie.posterPath,
    watchedDate: form.watchedDate.slice(0, 10),
    rewatch: form.rewatch,
    isPrivate: form.isPrivate,
  };
  if (form.rating > 0) body.rating = form.rating;
  const notes = form.notes.trim();
  const location = form.location.trim();
  if (notes) body.notes = notes;
  if (location) body.location = location;
  return { ok: true, body };
}

/**
 * PATCH /api/diary/:id body: the same fields as a create. A rating, note or location the entry had and
 * the user cleared is sent as null (leaving it out would keep the old one); empty ones are otherwise left out.
 */
export function diaryUpdateBody(form: DiaryFormValues, entry: DiaryEntry): DiaryFormResult<DiaryEntryUpdate> {
  const created = diaryCreateBody(form);
  if (!created.ok) return created;
  const body: DiaryEntryUpdate = { ...created.body };
  if (body.rating === undefined && entry.rating !== null) body.rating = null;
  if (body.notes === undefined && entry.notes !== null) body.notes = null;
  if (body.location === undefined && entry.location !== null) body.location = null;
  return { ok: true, body };
}
