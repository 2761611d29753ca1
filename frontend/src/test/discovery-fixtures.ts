import type { MovieCard, PersonCard } from '@cinema-dna/shared-types';

/** A movie card as the discovery lists return it: three genres (the card shows two), a rating, an overview. */
export function movieCard(id: string, title: string, patch: Partial<MovieCard> = {}): MovieCard {
  return {
    id,
    key: `movie:${id}`,
    title,
    posterPath: null,
    voteAverage: 7.5,
    voteCount: 1200,
    popularity: 10,
    releaseDate: '2015-05-13',
    year: 2015,
    genres: [
      { id: 'action', name: 'Action' },
      { id: 'adventure', name: 'Adventure' },
      { id: 'science-fiction', name: 'Science Fiction' },
    ],
    overview: `The story of ${title}.`,
    ...patch,
  };
}

/** `count` numbered movie cards, `prefix-0` … */
export const movieCards = (prefix: string, count: number, patch: Partial<MovieCard> = {}) =>
  Array.from({ length: count }, (_, i) => movieCard(`${prefix}-${i}`, `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Film ${i}`, patch));

/** A person card with three known-for films (the card shows two). */
export function personCard(id: string, name: string, patch: Partial<PersonCard> = {}): PersonCard {
  return {
    id,
    key: `person:${id}`,
    name,
    profilePath: null,
    knownForDepartment: 'Acting',
    knownFor: [0, 1, 2].map((i) => ({ id: `${id}-film-${i}`, key: `movie:${id}-film-${i}`, title: `${name} Film ${i}`, releaseDate: `200${i}-01-01`, year: 2000 + i })),
    ...patch,
  };
}
