import { entityKey } from '@cinema-dna/shared-types';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { crewRole, movieToGraph, personDetails, pickSubtype } from './movie-graph.js';
import { TmdbErrorBodySchema, TmdbMovieDetailsSchema, TmdbMovieListPageSchema, TmdbPersonDetailsSchema } from './schemas.js';

describe('crewRole', () => {
  it('follows the TMDB 5000 importer: the credits people name a film by get their own role, the rest is crew', () => {
    expect(crewRole('Directing', 'Director')).toBe('director');
    expect(crewRole('Directing', 'Assistant Director')).toBe('crew');
    expect(crewRole('Writing', 'Screenplay')).toBe('writer');
    expect(crewRole('Writing', 'Novel')).toBe('writer');
    expect(crewRole('Writing', 'Storyboard')).toBe('crew');
    expect(crewRole('Production', 'Executive Producer')).toBe('producer');
    expect(crewRole('Production', 'Casting')).toBe('crew');
    expect(crewRole('Sound', 'Original Music Composer')).toBe('composer');
    expect(crewRole('Camera', 'Director of Photography')).toBe('crew');
  });
});

describe('pickSubtype', () => {
  it('is actor with any cast credit, else the most frequent crew role (director, writer, producer, composer, crew on ties)', () => {
    expect(pickSubtype({ actor: 1, director: 5 })).toBe('actor');
    expect(pickSubtype({ producer: 3, director: 1 })).toBe('producer');
    expect(pickSubtype({ producer: 1, writer: 1, director: 1 })).toBe('director');
    expect(pickSubtype({ crew: 1 })).toBe('crew');
    expect(pickSubtype({})).toBeUndefined();
  });
});

describe('movieToGraph', () => {
  it('makes one link per person, relationship and film, joining characters and jobs', () => {
    const graph = movieToGraph({
      id: 1,
      title: 'A Film',
      popularity: 10,
      credits: {
        cast: [
          { id: 7, name: 'Actor', character: 'Young Ann', order: 0 },
          { id: 7, name: 'Actor', character: 'Old Ann', order: 4 },
          { id: 8, name: 'Extra', character: '', order: 9 },
        ],
        crew: [
          { id: 9, name: 'Auteur', department: 'Directing', job: 'Director' },
          { id: 9, name: 'Auteur', department: 'Writing', job: 'Screenplay' },
          { id: 9, name: 'Auteur', department: 'Writing', job: 'Story' },
          { id: 9, name: 'Auteur', department: 'Directing', job: 'Director' },
        ],
      },
    });
    expect(graph.links).toEqual([
      // Billing: the person's first place in the cast order.
      { from: 'person:7', to: 'movie:1', relationship: 'acted_in', label: 'Young Ann / Old Ann', billing: 0 },
      { from: 'person:8', to: 'movie:1', relationship: 'acted_in', billing: 9 },
      { from: 'person:9', to: 'movie:1', relationship: 'directed' },
      { from: 'person:9', to: 'movie:1', relationship: 'wrote', label: 'Screenplay, Story' },
    ]);
    expect(graph.credits.map(({ person, roles, weight }) => [person.id, roles, weight])).toEqual([
      [7, ['actor'], 1],
      [8, ['actor'], 0.1],
      [9, ['director', 'writer'], 1],
    ]);
  });
});

/** The real recorded bodies, when the shared folder is there (the repo's tests do not need it). */
const RECORDED = new URL('../../../../../shared/fixtures/tmdb-api/', import.meta.url);
const recorded = (name: string): unknown => JSON.parse(readFileSync(new URL(name, RECORDED), 'utf8'));

describe.runIf(existsSync(RECORDED))('the recorded TMDB bodies', () => {
  it('map a real movie with credits (The Fellowship of the Ring)', () => {
    const movie = TmdbMovieDetailsSchema.parse(recorded('movie-details-append-credits.json'));
    const graph = movieToGraph(movie);
    expect(graph.movie).toMatchObject({ id: '120', name: 'The Lord of the Rings: The Fellowship of the Ring', details: { year: 2001, runtime: 179, imdb_id: 'tt0120737', poster_path: '/6oom5QYQ2yQTMJIbnvbkBL9cHo6.jpg' } });
    expect(graph.related.map((e) => entityKey(e))).toEqual(
      expect.arrayContaining(['genre:adventure', 'company:12', 'collection:119', 'location:nz', 'location:us']),
    );
    expect(graph.links).toEqual(
      expect.arrayContaining([
        { from: 'person:109', to: 'movie:120', relationship: 'acted_in', label: 'Frodo', billing: 0 },
        { from: 'person:108', to: 'movie:120', relationship: 'directed' },
        { from: 'person:108', to: 'movie:120', relationship: 'produced', label: 'Producer' },
        { from: 'person:108', to: 'movie:120', relationship: 'wrote', label: 'Screenplay' },
        { from: 'person:129', to: 'movie:120', relationship: 'wrote', label: 'Novel' },
        { from: 'person:117', to: 'movie:120', relationship: 'composed' },
        { from: 'person:1323', to: 'movie:120', relationship: 'crew', label: 'Costume Design' },
      ]),
    );
    expect(graph.credits).toHaveLength(38);
  });

  it('map a real person (Robert Zemeckis), and read the real list page and error bodies', () => {
    const person = TmdbPersonDetailsSchema.parse(recorded('person-details-append-movie-credits.json'));
    const details = personDetails(person);
    expect(details).toMatchObject({ tmdb_id: 24, birthday: '1951-05-14', place_of_birth: 'Chicago, Illinois, USA', known_for_department: 'Directing', imdb_id: 'nm0000709', profile_path: '/lPYDQ5LYNJ12rJZENtyASmVZ1Ql.jpg' });
    expect(details.biography).toMatch(/^Robert Lee Zemeckis/);
    expect(details).not.toHaveProperty('deathday');
    expect(TmdbMovieListPageSchema.parse(recorded('movie-popular.json')).results).toHaveLength(20);
    for (const name of ['error-401-invalid-api-key.json', 'error-404-not-found.json', 'error-429-rate-limit.json']) {
      expect(TmdbErrorBodySchema.safeParse(recorded(name)).success, name).toBe(true);
    }
  });
});
