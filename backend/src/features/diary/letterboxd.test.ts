import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { IMPORT_LIMITS, measureCsv, readUpload } from './letterboxd.js';
import { filmKey, matchFilms, normalizeTitle } from './matcher.js';
import type { CatalogMovie, DiaryCatalog } from './ports.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'letterboxd');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const csv = (text: string) => new TextEncoder().encode(text);

/** The 400 IMPORT_INVALID a bad upload throws. */
function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('readUpload', () => {
  it('reads diary.csv: half stars, rewatches, tags, quoted commas', () => {
    const upload = readUpload(fixture('diary.csv'), 'diary.csv');
    expect(upload.files).toEqual([{ name: 'diary.csv', rows: 8 }]);
    expect(upload.warnings).toEqual([]);
    expect(upload.rows[0]).toEqual({
      file: 'diary.csv',
      line: 2,
      name: 'Heat',
      year: 1995,
      uri: 'https://boxd.it/aAa1',
      date: '2025-01-05',
      watchedDate: '2025-01-04',
      rating: 4.5,
      rewatch: false,
      tags: null,
      review: null,
      tmdbId: null,
      imdbId: null,
    });
    expect(upload.rows[1]).toMatchObject({ rewatch: true, rating: 5, tags: 'crime, los angeles' });
    expect(upload.rows[3]).toMatchObject({ name: 'Don', year: null });
    expect(upload.rows[7]).toMatchObject({ name: 'Schindler’s List', rating: 0.5 });
  });

  it('reads a review spanning lines with quoted quotes', () => {
    const upload = readUpload(fixture('reviews.csv'), 'reviews.csv');
    expect(upload.rows.map((row) => [row.name, row.rating, row.watchedDate])).toEqual([
      ['Mad Max: Fury Road', 3.5, '2025-03-01'],
      ['Casablanca', 4, '2025-07-31'],
      ['Jaws', null, null],
    ]);
    expect(upload.rows[0]!.review).toBe('Chrome, sand and a "war rig" —\ntwo hours of one chase.');
  });

  it('reads every known file of a zip (at its root only), diary first', () => {
    const zip = zipSync({
      'watchlist.csv': fixture('watchlist.csv'),
      'diary.csv': fixture('diary.csv'),
      'profile.csv': strToU8('Date Joined,Username\n2020-01-01,someone\n'),
      'deleted/diary.csv': fixture('diary.csv'),
    });
    const upload = readUpload(zip, 'letterboxd-someone-2026.zip');
    expect(upload.files).toEqual([
      { name: 'diary.csv', rows: 8 },
      { name: 'watchlist.csv', rows: 3 },
    ]);
  });

  it('reads Letterboxd’s import format (our export): Rating10 halves, true/false rewatch, ids', () => {
    const upload = readUpload(
      csv('Title,Year,imdbID,tmdbID,WatchedDate,Rating10,Rewatch,Tags,Review\nHeat,1995,tt0113277,949,2025-01-04,9,true,,"Great, long."\nJaws,,,,2025-02-01,,false,,\n'),
      'cinema-dna-diary.csv',
    );
    expect(upload.files).toEqual([{ name: 'diary.csv', rows: 2 }]);
    expect(upload.rows[0]).toMatchObject({ name: 'Heat', year: 1995, imdbId: 'tt0113277', tmdbId: '949', watchedDate: '2025-01-04', rating: 4.5, rewatch: true, review: 'Great, long.', uri: null });
    expect(upload.rows[1]).toMatchObject({ name: 'Jaws', year: null, rating: null, rewatch: false, tmdbId: null });
  });

  it('leaves out rows without a title or a date, and drops ratings off the scale, with warnings', () => {
    const upload = readUpload(
      csv('Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2025-01-01,,1995,u1,4,,,2025-01-01\n2025-01-02,Heat,1995,u2,4.3,,,2026-02-30\n,Jaws,1975,u3,3,,,\n'),
      'diary.csv',
    );
    expect(upload.rows).toHaveLength(1);
    // The watched date is no date: the logged date stands in.
    expect(upload.rows[0]).toMatchObject({ name: 'Heat', rating: null, watchedDate: '2025-01-02' });
    expect(upload.warnings.map((warning) => warning.line)).toEqual([2, 3, 3, 4]);
    expect(upload.warningCount).toBe(4);
  });

  it.each([
    ['an empty file', csv(''), 'diary.csv', /empty/],
    ['a binary file', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), 'diary.csv', /not a UTF-8 text file/],
    ['a damaged zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'export.zip', /zip could not be read/],
    ['a zip without export files', zipSync({ 'notes.txt': strToU8('hello') }), 'export.zip', /none of the files of a Letterboxd export/],
    ['an unknown CSV', csv('a,b\n1,2\n'), 'movies.csv', /movies\.csv is not a file of a Letterboxd export/],
    ['a header only one column wide', csv('hello\n'), 'diary.csv', /no header row/],
    ['unbalanced quotes', csv('Date,Name\n"2025,Heat\n'), 'watched.csv', /not a valid CSV file/],
  ])('refuses %s with 400 IMPORT_INVALID', (_name, body, name, message) => {
    const error = refusal(() => readUpload(body, name));
    expect(error).toMatchObject({ status: 400, code: 'IMPORT_INVALID' });
    expect(error.message).toMatch(message);
  });

  it('names the file and the missing columns', () => {
    const error = refusal(() => readUpload(csv('Date,Name,Year\n2025-01-01,Heat,1995\n'), 'ratings.csv'));
    expect(error.message).toBe('ratings.csv lacks the columns Letterboxd URI, Rating.');
    expect(error.details).toEqual({ file: 'ratings.csv', missingColumns: ['Letterboxd URI', 'Rating'], expectedColumns: ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'] });
    const inZip = refusal(() => readUpload(zipSync({ 'reviews.csv': strToU8('Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n') }), 'x.zip'));
    expect(inZip.message).toBe('reviews.csv lacks the column Review.');
  });
});

describe('limits', () => {
  const limits = { ...IMPORT_LIMITS, rows: 3, cellChars: 20, columns: 4 };
  const HEADER = 'Date,Name,Year,Letterboxd URI\n';
  const row = (name: string) => `2025-01-01,${name},1995,https://boxd.it/x\n`;

  it('counts rows, values and characters as csv-parse reads them: quoted commas and line breaks, "" quotes, empty lines, UTF-8', () => {
    expect(measureCsv(csv(`${HEADER}${row('"A, B"')}\n\r\n${row('"Line\nbreak"')}${row('"Say ""hi"""')}`), 'watched.csv', limits)).toBe(3);
    // 20 characters, 40 bytes: within the cap.
    expect(measureCsv(csv(`${HEADER}${row('é'.repeat(20))}`), 'watched.csv', limits)).toBe(1);
    expect(measureCsv(csv(`${HEADER}${row(`"${'y'.repeat(9)}, ${'y'.repeat(9)}"`)}`), 'watched.csv', limits)).toBe(1);
    expect(readUpload(csv(`${HEADER}${row('"A, B"')}${row('"Line\nbreak"')}${row('"Say ""hi"""')}`), 'watched.csv', limits).rows.map((each) => each.name)).toEqual(['A, B', 'Line\nbreak', 'Say "hi"']);
  });

  it.each([
    ['too many rows', `${HEADER}${row('A')}${row('B')}${row('C')}${row('D')}`, 'watched.csv holds more than 3 rows: an import reads at most 3.', { line: 5, limit: 'rows', value: 3 }],
    ['a value too long', `${HEADER}${row('x'.repeat(21))}`, 'watched.csv line 2 holds a value over 20 characters: no value of a Letterboxd export is that long.', { line: 2, limit: 'cellChars', value: 20 }],
    ['a quoted value too long', `${HEADER}${row('A')}${row(`"${'y'.repeat(9)}, ${'y'.repeat(10)}"`)}`, 'watched.csv line 3 holds a value over 20 characters: no value of a Letterboxd export is that long.', { line: 3, limit: 'cellChars', value: 20 }],
    ['too many columns', `${HEADER}2025-01-01,A,1995,u,,\n`, 'watched.csv line 2 has more than 4 columns.', { line: 2, limit: 'columns', value: 4 }],
  ])('refuses %s with 400 IMPORT_INVALID naming the limit', (_what, text, message, details) => {
    const error = refusal(() => readUpload(csv(text), 'watched.csv', limits));
    expect(error).toMatchObject({ status: 400, code: 'IMPORT_INVALID', message, details: { file: 'watched.csv', ...details } });
  });

  it('counts the rows of all the files of a zip together', () => {
    const zip = zipSync({ 'diary.csv': fixture('diary.csv'), 'watched.csv': fixture('watched.csv') });
    const error = refusal(() => readUpload(zip, 'export.zip', { ...IMPORT_LIMITS, rows: 10 }));
    expect(error.message).toBe('watched.csv takes the upload past 10 rows at line 4: an import reads at most 10 rows in all its files; upload them one at a time.');
    expect(error.details).toEqual({ file: 'watched.csv', line: 4, limit: 'rows', value: 10 });
    expect(readUpload(zip, 'export.zip', { ...IMPORT_LIMITS, rows: 13 }).files).toEqual([
      { name: 'diary.csv', rows: 8 },
      { name: 'watched.csv', rows: 5 },
    ]);
  });

  it('refuses a zip holding a file of the export twice, and one too large once unzipped (413)', () => {
    const twice = zipSync({ 'diary.csv': fixture('diary.csv'), 'Diary.csv': fixture('diary.csv') });
    expect(refusal(() => readUpload(twice, 'export.zip'))).toMatchObject({ status: 400, code: 'IMPORT_INVALID', message: 'The zip holds diary.csv twice.' });
    const large = refusal(() => readUpload(zipSync({ 'diary.csv': fixture('diary.csv') }), 'export.zip', { ...IMPORT_LIMITS, unzippedBytes: 100 }));
    expect(large).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', details: { file: 'export.zip', limit: 'unzippedBytes', value: 100, limitBytes: 100 } });
  });
});

describe('matching', () => {
  const movie = (movieId: string, title: string, year: number | null, ids: Partial<CatalogMovie> = {}): CatalogMovie => ({ movieId, title, year, posterPath: null, tmdbId: null, imdbId: null, ...ids });
  const movies = [
    movie('heat-1995', 'Heat', 1995, { tmdbId: '949', imdbId: 'tt0113277' }),
    movie('don-1978', 'Don', 1978),
    movie('don-2006', 'Don', 2006),
    movie('apollo-13-1995', 'Apollo 13', 1995),
    movie('hamlet-1948', 'Hamlet', 1948),
    movie('hamlet-1990', 'Hamlet', 1990),
    movie('hamlet-1991', 'Hamlet', 1991),
    movie('hamlet-1993', 'Hamlet', 1993),
    movie('wall-e-2008', 'WALL·E', 2008),
    movie('schindlers-list-1993', "Schindler's List", 1993),
  ];
  const titles = movies.map(({ movieId, title }) => ({ movieId, title }));
  const catalog: DiaryCatalog = {
    hasMovie: (id) => movies.some((each) => each.movieId === id),
    titleOf: (id) => movies.find((each) => each.movieId === id)?.title ?? null,
    movies: async (ids) => new Map(movies.filter((each) => ids.includes(each.movieId)).map((each) => [each.movieId, each])),
    titles: () => titles,
    byExternalIds: async ({ tmdb, imdb }) => ({
      tmdb: new Map(movies.filter((each) => each.tmdbId && tmdb.includes(each.tmdbId)).map((each) => [each.tmdbId!, each.movieId])),
      imdb: new Map(movies.filter((each) => each.imdbId && imdb.includes(each.imdbId)).map((each) => [each.imdbId!, each.movieId])),
    }),
  };
  const film = (name: string, year: number | null, ids: { tmdbId?: string; imdbId?: string } = {}) => {
    const row = { name, year, tmdbId: ids.tmdbId ?? null, imdbId: ids.imdbId ?? null };
    return { key: filmKey(row), ...row };
  };
  const match = async (...films: ReturnType<typeof film>[]) => [...(await matchFilms(films, catalog)).values()].map((each) => [each.status, each.match?.movieId ?? each.candidates.map((candidate) => candidate.movieId)]);

  it('normalizes accents, case, punctuation and ampersands', () => {
    expect(normalizeTitle('Schindler’s List')).toBe(normalizeTitle("Schindler's List"));
    expect(normalizeTitle('WALL-E')).toBe(normalizeTitle('WALL·E'));
    expect(normalizeTitle('Amélie')).toBe('amelie');
    expect(normalizeTitle('Thelma & Louise')).toBe('thelma and louise');
  });

  it('matches by TMDB or IMDb id first, whatever the title', async () => {
    expect(await match(film('Heat (Director’s Cut)', 2001, { tmdbId: '949' }), film('Something', null, { imdbId: 'tt0113277' }))).toEqual([
      ['matched', 'heat-1995'],
      ['matched', 'heat-1995'],
    ]);
  });

  it('falls back to the title when the id is unknown', async () => {
    expect(await match(film('Heat', 1995, { tmdbId: '1' }))).toEqual([['matched', 'heat-1995']]);
  });

  it('matches title and year; a year one off only when unique; no year only when the title is unique', async () => {
    expect(
      await match(
        film('Don', 1978),
        film('Don', null),
        film('Apollo 13', 1996),
        film('Apollo 13', 1997),
        film('Hamlet', 1989),
        film('Hamlet', 1990),
        film('Hamlet', null),
        film('Wall-E', 2008),
        film('Schindler’s List', 1993),
        film('No Such Film', 2000),
      ),
    ).toEqual([
      ['matched', 'don-1978'],
      ['ambiguous', ['don-1978', 'don-2006']],
      ['matched', 'apollo-13-1995'],
      ['unmatched', []],
      ['matched', 'hamlet-1990'],
      ['matched', 'hamlet-1990'],
      ['ambiguous', ['hamlet-1948', 'hamlet-1990', 'hamlet-1991', 'hamlet-1993']],
      ['matched', 'wall-e-2008'],
      ['matched', 'schindlers-list-1993'],
      ['unmatched', []],
    ]);
  });

  it('calls a year one off ambiguous when it finds several', async () => {
    expect(await match(film('Hamlet', 1992))).toEqual([['ambiguous', ['hamlet-1991', 'hamlet-1993']]]);
    expect(await match(film('Hamlet', 1994))).toEqual([['matched', 'hamlet-1993']]);
  });
});
