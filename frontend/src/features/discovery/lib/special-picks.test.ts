import type { MoodSelector } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { movieCards } from '../../../test/discovery-fixtures';
import { movieYear, releaseDay, updatedAtText } from './card-format';
import { namesList, pickMood, pickRandom } from './special-picks';

const selector: MoodSelector = {
  moods: { Cozy: movieCards('cozy', 2), Empty: [], Thrilling: movieCards('thrill', 3) },
  about: {
    Cozy: { name: 'Cozy', description: 'Warm films', genres: ['Family'], keywords: [] },
    Thrilling: { name: 'Thrilling', description: 'Suspense', genres: ['Thriller'], keywords: [] },
  },
};

describe('pickRandom', () => {
  it('spreads [0, 1) over the items and gives nothing from an empty list', () => {
    expect(pickRandom(['a', 'b', 'c'], () => 0)).toBe('a');
    expect(pickRandom(['a', 'b', 'c'], () => 0.5)).toBe('b');
    expect(pickRandom(['a', 'b', 'c'], () => 0.9999)).toBe('c');
    expect(pickRandom([], () => 0.5)).toBeUndefined();
  });
});

describe('pickMood', () => {
  it('picks among the moods that have films, with the mood’s description', () => {
    expect(pickMood(selector, () => 0)).toEqual({ name: 'Cozy', description: 'Warm films', movies: selector.moods.Cozy });
    // Two moods with films: 0.6 is the second, 'Empty' is skipped.
    expect(pickMood(selector, () => 0.6)?.name).toBe('Thrilling');
  });

  it('gives null when no mood has films', () => {
    expect(pickMood({ moods: { Empty: [] }, about: {} }, () => 0)).toBeNull();
  });
});

describe('namesList', () => {
  it('names up to three people, then counts the rest', () => {
    expect(namesList([])).toBe('');
    expect(namesList(['Ada'])).toBe('Ada');
    expect(namesList(['Ada', 'Grace'])).toBe('Ada and Grace');
    expect(namesList(['Ada', 'Grace', 'Linus'])).toBe('Ada, Grace and Linus');
    expect(namesList(['Ada', 'Grace', 'Linus', 'Hedy'])).toBe('Ada, Grace and 2 others');
  });
});

describe('card formats', () => {
  it('takes the year from the release date when the card has none', () => {
    expect(movieYear({ year: null, releaseDate: '1995-12-15' })).toBe(1995);
    expect(movieYear({ year: null, releaseDate: null })).toBeNull();
    expect(releaseDay('2026-12-15')).toBe('Dec 15, 2026');
    expect(releaseDay('2026')).toBeNull();
  });

  it('says when trending was updated: the time today, the day and time before', () => {
    const now = new Date(2026, 10, 27, 18, 0);
    expect(updatedAtText(new Date(2026, 10, 27, 15, 5).toISOString(), now)).toBe('3:05 PM');
    expect(updatedAtText(new Date(2026, 10, 26, 15, 5).toISOString(), now)).toBe('Nov 26, 3:05 PM');
    expect(updatedAtText(null, now)).toBeNull();
  });
});
