import { describe, expect, it } from 'vitest';
import { IMPORT_PREVIEW as PREVIEW } from '../../../test/diary-fixtures';
import { describeDiaryRows, describeImportRows, describeSkippedRows, importCommitBody, importPlan, initialImportChoices } from './import-choices';

describe('import choices', () => {
  it('starts ambiguous films on their first candidate and unmatched ones skipped', () => {
    expect(initialImportChoices(PREVIEW)).toEqual({ 'solaris|': 'solaris-1972', 'nope|2031': null, 'gone|1990': null });
    expect(importPlan(PREVIEW, initialImportChoices(PREVIEW))).toEqual({ importing: 2, skipping: 2 });
  });

  it('sends a choice for every ambiguous and unmatched film, null for skipped, nothing for matched ones', () => {
    const choices = { ...initialImportChoices(PREVIEW), 'solaris|': null, 'gone|1990': 'total-recall-1990' };
    expect(importCommitBody(PREVIEW, choices)).toEqual({ choices: { 'solaris|': null, 'nope|2031': null, 'gone|1990': 'total-recall-1990' } });
    expect(importPlan(PREVIEW, choices)).toEqual({ importing: 2, skipping: 2 });
  });

  it('names a film’s rows', () => {
    expect(describeImportRows({ 'diary.csv': 2, 'ratings.csv': 1, 'reviews.csv': 0 })).toBe('2 diary entries, 1 rating');
  });

  it('says why rows were skipped, and "already imported before" only for rows that were', () => {
    const summary = { counts: { matched: 43, ambiguous: 1, unmatched: 2 }, added: { diary: 32, ratings: 31, watched: 1, watchlist: 12, reviews: 4 } };
    expect(describeSkippedRows({ ...summary, skipped: 6, skippedRows: { alreadyImported: 0, notImported: 6, nothingToImport: 0 } })).toEqual(['6 rows skipped: of films not in the catalog or that you skipped.']);
    expect(describeSkippedRows({ ...summary, skipped: 119, skippedRows: { alreadyImported: 112, notImported: 6, nothingToImport: 1 } })).toEqual([
      '112 rows skipped: already imported before.',
      '6 rows skipped: of films not in the catalog or that you skipped.',
      '1 review skipped: without a watched date or a rating, nothing to import.',
    ]);
    expect(describeSkippedRows({ ...summary, skipped: 0, skippedRows: { alreadyImported: 0, notImported: 0, nothingToImport: 0 } })).toEqual([]);
  });

  it('counts the diary’s rows by their film’s match', () => {
    const film = (key: string, status: 'matched' | 'ambiguous' | 'unmatched', diary: number) => ({ key, name: key, year: null, status, match: null, candidates: [], rows: { 'diary.csv': diary, 'watched.csv': 1 } });
    const preview = { ...PREVIEW, films: [film('a', 'matched', 30), film('b', 'matched', 1), film('the host', 'ambiguous', 1), film('c', 'unmatched', 1), film('d', 'unmatched', 1), film('e', 'matched', 0)] };
    expect(describeDiaryRows(preview)).toBe('Diary: 34 rows — 31 matched, 1 ambiguous, 2 not in the catalog.');
    expect(describeDiaryRows({ ...PREVIEW, films: [film('e', 'matched', 0)] })).toBeNull();
  });
});
