import { DIARY_TEXTS, DiaryEntryCreateSchema, type DiaryEntry } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { diaryCreateBody, diaryFormFromEntry, diaryUpdateBody, emptyDiaryForm, type DiaryFormValues } from './diary-form';
import { fromDateOnly, toDateOnly, todayDateOnly } from './watched-date';

const heat = { movieId: 'heat-1995', movieTitle: 'Heat', posterPath: '/heat.jpg' };
const form = (patch: Partial<DiaryFormValues> = {}): DiaryFormValues => ({ ...emptyDiaryForm(new Date(2025, 2, 14, 23, 30)), movie: heat, ...patch });

const entry = (patch: Partial<DiaryEntry> = {}): DiaryEntry => ({
  id: 4,
  movieId: 'heat-1995',
  movieTitle: 'Heat',
  posterPath: '/heat.jpg',
  watchedDate: '2024-11-02',
  rating: 3.5,
  notes: 'The diner scene.',
  location: 'Prince Charles Cinema',
  rewatch: true,
  isPrivate: false,
  createdAt: '2024-11-02T20:00:00.000Z',
  updatedAt: '2024-11-02T20:00:00.000Z',
  ...patch,
});

describe('diary form', () => {
  it('resets to empty, rating 0, rewatch false and today (the local day, not UTC)', () => {
    expect(emptyDiaryForm(new Date(2025, 2, 14, 23, 30))).toEqual({ movie: null, rating: 0, watchedDate: '2025-03-14', notes: '', location: '', rewatch: false, isPrivate: false });
    expect(todayDateOnly(new Date(2025, 0, 1, 0, 5))).toBe('2025-01-01');
  });

  it('refuses to log without a movie: Movie Required / Please select a movie to log.', () => {
    expect(diaryCreateBody(form({ movie: null }))).toEqual({ ok: false, title: 'Movie Required', message: 'Please select a movie to log.' });
    expect(DIARY_TEXTS.movieRequiredTitle).toBe('Movie Required');
  });

  it('leaves out rating 0 and empty notes and location; trims the rest; sends the date date-only', () => {
    const empty = diaryCreateBody(form({ notes: '   ', location: '\n ' }));
    expect(empty).toEqual({ ok: true, body: { movieId: 'heat-1995', movieTitle: 'Heat', posterPath: '/heat.jpg', watchedDate: '2025-03-14', rewatch: false, isPrivate: false } });
    const full = diaryCreateBody(form({ rating: 4, notes: '  Still the best shoot-out.  ', location: ' Leicester Square ', rewatch: true, isPrivate: true, watchedDate: '2025-03-01T22:00:00.000Z' }));
    expect(full.ok && full.body).toEqual({
      movieId: 'heat-1995',
      movieTitle: 'Heat',
      posterPath: '/heat.jpg',
      watchedDate: '2025-03-01',
      rating: 4,
      notes: 'Still the best shoot-out.',
      location: 'Leicester Square',
      rewatch: true,
      isPrivate: true,
    });
    // The server's contract takes both bodies as they are.
    expect(DiaryEntryCreateSchema.safeParse(full.ok && full.body).success).toBe(true);
  });

  it('fills the form from an entry, keeping a half-star rating', () => {
    expect(diaryFormFromEntry(entry())).toEqual({ movie: heat, rating: 3.5, watchedDate: '2024-11-02', notes: 'The diner scene.', location: 'Prince Charles Cinema', rewatch: true, isPrivate: false });
  });

  it('on edit, clears a rating, note or location the user emptied with null, and leaves the untouched half star as it was', () => {
    const unchanged = diaryUpdateBody(diaryFormFromEntry(entry()), entry());
    expect(unchanged.ok && unchanged.body.rating).toBe(3.5);
    const cleared = diaryUpdateBody({ ...diaryFormFromEntry(entry()), rating: 0, notes: ' ', location: '' }, entry());
    expect(cleared.ok && cleared.body).toMatchObject({ rating: null, notes: null, location: null });
    const neverSet = diaryUpdateBody({ ...diaryFormFromEntry(entry({ rating: null, notes: null, location: null })) }, entry({ rating: null, notes: null, location: null }));
    expect(neverSet.ok && Object.keys(neverSet.body)).not.toContain('rating');
  });

  it('reads and writes date-only values in the local calendar', () => {
    const date = fromDateOnly('2024-02-29')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2024, 1, 29]);
    expect(toDateOnly(date)).toBe('2024-02-29');
    expect(fromDateOnly('2023-02-29')).toBeNull();
    expect(fromDateOnly('yesterday')).toBeNull();
  });
});
