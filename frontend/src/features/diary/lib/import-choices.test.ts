import { describe, expect, it } from 'vitest';
import { IMPORT_PREVIEW as PREVIEW } from '../../../test/diary-fixtures';
import { describeImportRows, importCommitBody, importPlan, initialImportChoices } from './import-choices';

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
});
