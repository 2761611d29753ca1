import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, facetedSearchParams } from './faceted-search';

describe('facetedSearchParams', () => {
  it('sends the query, types and sort, and leaves untouched ranges out', () => {
    const params = facetedSearchParams({ ...DEFAULT_FILTERS, query: ' matrix ' });
    expect(Object.fromEntries(params)).toEqual({ query: 'matrix', entityTypes: 'movie,person', sortBy: 'popularity', sortOrder: 'desc', limit: '12' });
  });

  it('sends narrowed ranges and the chosen lists comma-separated', () => {
    const params = facetedSearchParams({
      ...DEFAULT_FILTERS,
      query: 'space',
      yearRange: [1990, 2005],
      ratingRange: [7.5, 10],
      genres: ['Science Fiction', 'Drama'],
      awards: ['oscar-winner'],
      languages: ['en', 'ja'],
      sortBy: 'vote_average',
      sortOrder: 'asc',
    });
    expect(params.get('yearFrom')).toBe('1990');
    expect(params.get('yearTo')).toBe('2005');
    expect(params.get('ratingFrom')).toBe('7.5');
    expect(params.get('ratingTo')).toBe('10.0');
    expect(params.get('genres')).toBe('Science Fiction,Drama');
    expect(params.get('awards')).toBe('oscar-winner');
    expect(params.get('languages')).toBe('en,ja');
    expect(params.get('sortBy')).toBe('vote_average');
  });
});
