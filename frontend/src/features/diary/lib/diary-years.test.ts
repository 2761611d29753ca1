import type { DiaryEntry } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { filterEntriesByYear, groupEntriesByYear } from './diary-years';

let nextId = 1;
const entry = (movieTitle: string, watchedDate: string, createdAt = `${watchedDate}T12:00:00.000Z`): DiaryEntry => ({
  id: nextId++,
  movieId: movieTitle.toLowerCase(),
  movieTitle,
  posterPath: null,
  watchedDate,
  rating: null,
  notes: null,
  location: null,
  rewatch: false,
  isPrivate: false,
  createdAt,
  updatedAt: createdAt,
});

const entries = [
  entry('Alien', '2023-05-01'),
  entry('Heat', '2025-01-10'),
  entry('Ran', '2024-12-31'),
  entry('Jaws', '2025-03-02', '2025-03-02T09:00:00.000Z'),
  entry('Ikiru', '2025-03-02', '2025-03-02T21:00:00.000Z'),
  entry('Metropolis', '2024-01-01'),
];

describe('diary years', () => {
  it('groups by year, newest year first, newest entry first (the later logged first on the same day)', () => {
    const years = groupEntriesByYear(entries);
    expect(years.map((year) => year.year)).toEqual(['2025', '2024', '2023']);
    expect(years.map((year) => year.entries.map((e) => e.movieTitle))).toEqual([['Ikiru', 'Jaws', 'Heat'], ['Ran', 'Metropolis'], ['Alien']]);
    expect(groupEntriesByYear([])).toEqual([]);
  });

  it('filters by the typed year: entries whose date starts with the text; blank keeps all', () => {
    expect(filterEntriesByYear(entries, '2024').map((e) => e.movieTitle)).toEqual(['Ran', 'Metropolis']);
    expect(filterEntriesByYear(entries, '202').length).toBe(6);
    expect(filterEntriesByYear(entries, '2025-03').map((e) => e.movieTitle)).toEqual(['Jaws', 'Ikiru']);
    expect(filterEntriesByYear(entries, '1999')).toEqual([]);
    expect(filterEntriesByYear(entries, '  ').length).toBe(6);
  });
});
