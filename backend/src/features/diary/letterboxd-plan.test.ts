import { describe, expect, it } from 'vitest';
import type { LetterboxdRow } from './letterboxd.js';
import { planFilm } from './letterboxd-plan.js';

const row = (file: LetterboxdRow['file'], fields: Partial<LetterboxdRow>): LetterboxdRow => ({
  file,
  line: 2,
  name: 'Se7en',
  year: 1995,
  uri: null,
  date: null,
  watchedDate: null,
  rating: null,
  rewatch: false,
  tags: null,
  review: null,
  tmdbId: null,
  imdbId: null,
  ...fields,
});

describe('what a film’s Letterboxd rows become', () => {
  it('puts a review on the diary entry of the same film and watched date, though its URI differs: no second entry', () => {
    const plan = planFilm([
      row('diary.csv', { uri: 'https://boxd.it/d1', date: '2024-01-07', watchedDate: '2024-01-06', rating: 1.5 }),
      row('diary.csv', { uri: 'https://boxd.it/d2', date: '2024-06-02', watchedDate: '2024-06-01', rating: 3 }),
      row('reviews.csv', { uri: 'https://boxd.it/r1', date: '2024-01-07', watchedDate: '2024-01-06', rating: 4, review: 'Grim.' }),
      row('reviews.csv', { uri: 'https://boxd.it/r2', date: '2024-05-30', watchedDate: '2024-01-06', rating: 4, review: 'Still grim.' }),
    ]);
    expect(plan.entries.map((entry) => [entry.watchedDate, entry.rating, entry.notes, entry.externalKey, entry.loggedDate])).toEqual([
      ['2024-01-06', 1.5, 'Still grim.', 'letterboxd:https://boxd.it/d1', '2024-01-07'],
      ['2024-06-01', 3, null, 'letterboxd:https://boxd.it/d2', '2024-06-02'],
    ]);
    // Each review goes to the first entry; the newest one is the film's review, dated as written.
    expect(plan.targets).toEqual([[{ kind: 'entry', index: 0 }], [{ kind: 'entry', index: 1 }], [{ kind: 'entry', index: 0 }], [{ kind: 'entry', index: 0 }, { kind: 'review' }]]);
    expect(plan.review).toEqual({ rating: 4, content: 'Still grim.', date: '2024-05-30' });
  });

  it('logs a review of a day the diary has no entry for as one entry of that film and day, whatever the reviews of that day', () => {
    const plan = planFilm([
      row('reviews.csv', { uri: 'https://boxd.it/r1', date: '2024-08-01', watchedDate: '2024-07-31', rating: 4, review: 'One.' }),
      row('reviews.csv', { uri: 'https://boxd.it/r2', date: '2024-08-03', watchedDate: '2024-07-31', rating: 3.5, review: 'Two.' }),
      row('reviews.csv', { uri: 'https://boxd.it/r3', date: '2024-09-01', review: 'Undated, unrated.' }),
    ]);
    expect(plan.entries).toEqual([
      { watchedDate: '2024-07-31', rating: 4, rewatch: false, notes: 'Two.', externalKey: 'letterboxd:https://boxd.it/r1', loggedDate: '2024-08-01', fromReview: true },
    ]);
    // The undated, unrated review has nowhere to go.
    expect(plan.targets[2]).toEqual([]);
    expect(plan.review).toEqual({ rating: 3.5, content: 'Two.', date: '2024-08-03' });
  });

  it('makes ratings and watched rows one watched mark and watchlist rows one item, never diary entries', () => {
    const plan = planFilm([
      row('ratings.csv', { date: '2024-01-07', rating: 1.5 }),
      row('watched.csv', { date: '2024-01-07' }),
      row('watchlist.csv', { date: '2023-03-01' }),
    ]);
    expect(plan.entries).toEqual([]);
    expect(plan.mark).toEqual({ watchedDate: '2024-01-07', rating: 1.5, fromRatings: true });
    expect(plan.listed).toEqual({ addedDate: '2023-03-01' });
    expect(plan.targets).toEqual([[{ kind: 'mark' }], [{ kind: 'mark' }], [{ kind: 'listed' }]]);
  });
});
