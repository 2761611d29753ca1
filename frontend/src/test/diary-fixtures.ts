import type { DiaryEntry, ImportPreview } from '@cinema-dna/shared-types';

let nextEntryId = 100;
/** A diary entry as GET /api/diary lists it. */
export function diaryEntry(movieTitle: string, watchedDate: string, patch: Partial<DiaryEntry> = {}): DiaryEntry {
  const createdAt = `${watchedDate}T12:00:00.000Z`;
  return {
    id: nextEntryId++,
    movieId: movieTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
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
    ...patch,
  };
}

/** An upload's preview: one matched film, one ambiguous (two candidates), two unmatched. */
export const IMPORT_PREVIEW: ImportPreview = {
  importId: 'imp-1',
  files: [{ name: 'diary.csv', rows: 4 }],
  counts: { matched: 1, ambiguous: 1, unmatched: 2 },
  films: [
    { key: 'heat|1995', name: 'Heat', year: 1995, status: 'matched', match: { movieId: 'heat-1995', title: 'Heat', year: 1995, posterPath: null }, candidates: [], rows: { 'diary.csv': 1 } },
    {
      key: 'solaris|',
      name: 'Solaris',
      year: null,
      status: 'ambiguous',
      match: null,
      candidates: [
        { movieId: 'solaris-1972', title: 'Solaris', year: 1972, posterPath: null },
        { movieId: 'solaris-2002', title: 'Solaris', year: 2002, posterPath: '/solaris.jpg' },
      ],
      rows: { 'diary.csv': 1, 'ratings.csv': 1 },
    },
    { key: 'nope|2031', name: 'A Film Not Made Yet', year: 2031, status: 'unmatched', match: null, candidates: [], rows: { 'diary.csv': 1 } },
    { key: 'gone|1990', name: 'Lost Reel', year: 1990, status: 'unmatched', match: null, candidates: [], rows: { 'watchlist.csv': 1 } },
  ],
  warnings: [{ file: 'diary.csv', line: 6, message: 'The row has no film title.' }],
  warningCount: 1,
};
