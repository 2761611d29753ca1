import { FEATURED_CHALLENGES } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { listChallenge } from '../../../test/challenge-fixtures';
import { challengeActionLabel, challengesForTab } from './challenge-tabs';

const list = [
  listChallenge('a', { type: 'speed' }),
  listChallenge('b', { type: 'puzzle' }),
  listChallenge('c', { type: 'efficiency' }),
  listChallenge('d', { type: 'themed' }),
  listChallenge('e', { type: 'speed' }),
  listChallenge('f', { type: 'other' }),
  listChallenge('g', { type: 'speed' }),
  listChallenge('h', { type: 'puzzle', kind: 'weekly', id: 'weekly-2026-W48' }),
];
const ids = (challenges: { id: string }[]) => challenges.map((challenge) => challenge.id);

describe('All Challenges sub-tabs', () => {
  it('Featured shows the first 6, in the list’s order (spec §9)', () => {
    expect(FEATURED_CHALLENGES).toBe(6);
    expect(ids(challengesForTab('featured', list, null))).toEqual(['list-a', 'list-b', 'list-c', 'list-d', 'list-e', 'list-f']);
  });

  it('Speed holds the speed challenges; Puzzle the puzzle, efficiency and themed ones', () => {
    expect(ids(challengesForTab('speed', list, null))).toEqual(['list-a', 'list-e', 'list-g']);
    expect(ids(challengesForTab('puzzle', list, null))).toEqual(['list-b', 'list-c', 'list-d', 'weekly-2026-W48']);
  });

  it('Weekly shows this week’s challenge from its own call, else the list’s weekly ones', () => {
    const weekly = listChallenge('w', { id: 'weekly-2026-W48', kind: 'weekly' });
    expect(ids(challengesForTab('weekly', list, weekly))).toEqual(['weekly-2026-W48']);
    expect(ids(challengesForTab('weekly', list, null))).toEqual(['weekly-2026-W48']);
    expect(challengesForTab('weekly', [], null)).toEqual([]);
  });

  it('labels the button Start Challenge, See Result once finished (solved or the answer seen), Solving while an attempt runs', () => {
    expect(challengeActionLabel({ finishedStatus: null, activeAttemptId: null })).toBe('Start Challenge');
    expect(challengeActionLabel({ finishedStatus: 'solved', activeAttemptId: null })).toBe('See Result');
    expect(challengeActionLabel({ finishedStatus: 'gave_up', activeAttemptId: null })).toBe('See Result');
    expect(challengeActionLabel({ finishedStatus: null, activeAttemptId: 'att-9' })).toBe('Solving');
  });
});
