import { describe, expect, it } from 'vitest';
import { filmRatings, seedsOf } from './recommendations.js';

describe('which films recommendations take as liked', () => {
  it('takes the diary’s rating of a film over its review’s and its watched mark’s', () => {
    const history = {
      // Se7en: 1.5★ in the diary, an imported review of 4. Heat: no diary rating, a review of 4.
      diary: [
        { movieId: 'se7en-1995', rating: 1.5 },
        { movieId: 'heat-1995', rating: null },
        { movieId: 'alien-1979', rating: 3 },
      ],
      reviews: [
        { movieId: 'se7en-1995', rating: 4 },
        { movieId: 'heat-1995', rating: 4 },
      ],
      watchlist: [
        { movieId: 'alien-1979', watched: true, rating: 5 },
        { movieId: 'jaws-1975', watched: true, rating: 4.5 },
        { movieId: 'parasite-2019', watched: false, rating: null },
      ],
    };
    expect(Object.fromEntries(filmRatings(history))).toEqual({ 'se7en-1995': 1.5, 'heat-1995': 4, 'alien-1979': 3, 'jaws-1975': 4.5 });
    const { seeds, exclude } = seedsOf(history);
    expect(Object.fromEntries(seeds)).toEqual({
      'movie:heat-1995': { weight: 3, kind: 'liked' },
      'movie:alien-1979': { weight: 1, kind: 'watched' },
      'movie:jaws-1975': { weight: 3, kind: 'liked' },
      'movie:parasite-2019': { weight: 0.5, kind: 'watchlist' },
    });
    expect([...exclude].sort()).toEqual(['movie:alien-1979', 'movie:heat-1995', 'movie:jaws-1975', 'movie:parasite-2019', 'movie:se7en-1995']);
  });
});
