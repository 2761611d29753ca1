import { entityKey } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { foldText } from './fold.js';
import { SnapshotBuilder } from './snapshot-builder.js';
import { TypeaheadIndex } from './typeahead.js';
import { buildGraph, fixture, seededRandom, writeAndLoad } from './test-graphs.js';

const graph = buildGraph(
  fixture(
    [
      ['person:hanks', 95, 'Tom Hanks'],
      ['person:hardy', 80, 'Tom Hardy'],
      ['person:holland', 70, 'Tom Holland'],
      ['person:reeves', 90, 'Keanu Reeves'],
      ['person:streep', 85, 'Meryl Streep'],
      ['person:cruz', 60, 'Penélope Cruz'],
      ['person:obrien', 20, "Conan O'Brien"],
      ['person:zizek', 15, 'Slavoj Žižek'],
      ['person:watanabe', 50, '渡辺謙'],
      ['movie:toms', 40, 'Tom & Jerry'],
      ['movie:matrix', 99, 'The Matrix'],
      ['movie:spiderman', 75, 'Spider-Man: No Way Home'],
      ['movie:amelie', 65, 'Le Fabuleux Destin d’Amélie Poulain'],
      ['company:tomcat', 5, 'Tomcat Films'],
      ['genre:drama', 30, 'Drama'],
    ],
    [],
  ),
);
const index = new TypeaheadIndex(graph);
const names = (query: string, options?: Parameters<TypeaheadIndex['search']>[1]) => index.search(query, options).map((h) => h.name);

describe('foldText', () => {
  it('folds case, accents, punctuation and apostrophes', () => {
    expect(foldText('  Penélope CRUZ ')).toBe('penelope cruz');
    expect(foldText('Spider-Man: No Way Home')).toBe('spider man no way home');
    expect(foldText("Conan O'Brien")).toBe("conan o'brien");
    expect(foldText('d’Amélie')).toBe("d'amelie");
    expect(foldText("Rock 'n' Roll")).toBe('rock n roll');
    expect(foldText('Slavoj Žižek')).toBe('slavoj zizek');
    expect(foldText('Straße Ærø Łódź')).toBe('strasse aero lodz');
    expect(foldText('渡辺謙')).toBe('渡辺謙');
  });
});

describe('TypeaheadIndex', () => {
  it('matches name prefixes case-insensitively, most popular first', () => {
    expect(names('tom')).toEqual(['Tom Hanks', 'Tom Hardy', 'Tom Holland', 'Tom & Jerry', 'Tomcat Films']);
    expect(names('TOM HA', { fuzzy: false })).toEqual(['Tom Hanks', 'Tom Hardy']);
    // Fuzzy matches fill the remaining places after the exact ones.
    expect(index.search('TOM HA').map((h) => [h.name, h.fuzzy])).toEqual([['Tom Hanks', false], ['Tom Hardy', false], ['Tom Holland', true]]);
    expect(names('the mat')).toEqual(['The Matrix']);
  });

  it('matches the start of any word', () => {
    expect(names('hanks')).toEqual(['Tom Hanks']);
    expect(names('matrix')).toEqual(['The Matrix']);
    expect(names('no way')).toEqual(['Spider-Man: No Way Home']);
  });

  it('folds accents on both sides', () => {
    expect(names('penelope')).toEqual(['Penélope Cruz']);
    expect(names('Pénélope')).toEqual(['Penélope Cruz']);
    expect(names('zizek')).toEqual(['Slavoj Žižek']);
    expect(names('amelie')).toEqual(['Le Fabuleux Destin d’Amélie Poulain']);
    expect(names("o'brien")).toEqual(["Conan O'Brien"]);
    expect(names('obrien')).toEqual(["Conan O'Brien"]);
    expect(names('渡辺')).toEqual(['渡辺謙']);
  });

  it('tolerates one typo: substitution, transposition, deletion, insertion', () => {
    expect(names('keanu reevs')[0]).toBe('Keanu Reeves');
    expect(names('tom hnaks')[0]).toBe('Tom Hanks');
    expect(names('meryl streap')[0]).toBe('Meryl Streep');
    expect(names('kenau')[0]).toBe('Keanu Reeves');
    expect(names('meryll')[0]).toBe('Meryl Streep');
    expect(names('spiderman')[0]).toBe('Spider-Man: No Way Home');
    expect(index.search('keanu reevs')[0]!.fuzzy).toBe(true);
    expect(index.search('keanu')[0]!.fuzzy).toBe(false);
    expect(names('keanu reevs', { fuzzy: false })).toEqual([]);
  });

  it('ranks exact prefix matches before fuzzy ones', () => {
    const hits = index.search('tomc');
    expect(hits[0]).toMatchObject({ name: 'Tomcat Films', fuzzy: false });
    expect(hits.slice(1).every((h) => h.fuzzy)).toBe(true);
  });

  it('filters by type, honours the limit, needs two characters', () => {
    expect(names('tom', { type: 'person' })).toEqual(['Tom Hanks', 'Tom Hardy', 'Tom Holland']);
    expect(names('tom', { type: ['movie', 'company'] })).toEqual(['Tom & Jerry', 'Tomcat Films']);
    expect(names('tom', { limit: 2 })).toEqual(['Tom Hanks', 'Tom Hardy']);
    expect(names('t')).toEqual([]);
    expect(names(' -')).toEqual([]);
    expect(names('dr')).toEqual(['Drama']);
  });

  it('ranks a film or a person above a keyword or company of the same name, however popular, then by popularity', () => {
    const g = buildGraph(
      fixture(
        [
          ['keyword:titanic', 900, 'Titanic'],
          ['movie:titanic', 300, 'Titanic'],
          ['movie:raise', 100, 'Raise the Titanic'],
          ['company:titanic', 950, 'Titanic Studios'],
          ['person:warner', 40, 'David Warner'],
          ['company:warner', 990, 'Warner Bros.'],
          ['genre:drama', 50, 'Drama'],
          ['movie:dramatic', 200, 'Dramatic License'],
          ['collection:drama', 10, 'Drama Collection'],
        ],
        [],
      ),
    );
    const idx = new TypeaheadIndex(g);
    const ranked = (query: string) => idx.search(query).map((h) => h.key);
    // The whole name first (the film before the keyword), then word starts (films before companies).
    expect(ranked('titanic')).toEqual(['movie:titanic', 'keyword:titanic', 'movie:raise', 'company:titanic']);
    expect(ranked('titan')).toEqual(['movie:titanic', 'movie:raise', 'company:titanic', 'keyword:titanic']);
    expect(ranked('warner')).toEqual(['person:warner', 'company:warner']);
    // A genre typed in full is found first; collections rank with films and people.
    expect(ranked('drama')).toEqual(['genre:drama', 'movie:dramatic', 'collection:drama']);
    expect(idx.search('titanic', { type: 'keyword' }).map((h) => h.key)).toEqual(['keyword:titanic']);
  });

  it('answers the result shape', () => {
    expect(index.search('keanu')[0]).toEqual({
      index: graph.resolve('person:reeves'),
      key: 'person:reeves',
      type: 'person',
      subtype: null,
      name: 'Keanu Reeves',
      popularity: 90,
      fuzzy: false,
    });
  });

  it('agrees with a brute-force scan on many random names (block skipping is exact)', () => {
    const random = seededRandom(11);
    const syllables = ['ka', 'ro', 'mi', 'ta', 'ne', 'lo', 'sa', 'ri', 'be', 'do', 'the', 'an', 'é', 'ü'];
    const word = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join('');
    const builder = new SnapshotBuilder();
    const all: Array<{ name: string; popularity: number; type: 'person' | 'movie' }> = [];
    for (let i = 0; i < 6000; i++) {
      const type = i % 3 === 0 ? 'movie' : 'person';
      const name = Array.from({ length: 1 + Math.floor(random() * 4) }, word).join(' ');
      // Distinct popularities so the expected order is unique.
      const popularity = i * 7 + 0.5;
      builder.addEntity({ key: entityKey(type, i), type, name, popularity });
      all.push({ name, popularity, type });
    }
    const g = writeAndLoad(builder);
    const idx = new TypeaheadIndex(g);
    for (const query of ['ka', 'ro mi', 'the', 'be do', 'sa', 'ne lo', 'kar', 'mita', 'e', 'ta', 'ri']) {
      for (const type of [undefined, 'movie'] as const) {
        const q = foldText(query);
        const expected = all
          .filter((x) => (type ? x.type === type : true))
          .filter((x) => q.length >= 2 && foldText(x.name).split(' ').some((_, k, words) => words.slice(k).join(' ').startsWith(q)))
          // The whole name first, then popularity.
          .sort((a, b) => Number(foldText(b.name) === q) - Number(foldText(a.name) === q) || b.popularity - a.popularity)
          .slice(0, 20)
          .map((x) => x.name);
        expect(idx.search(query, { type, fuzzy: false }).map((h) => h.name), `${query} ${type}`).toEqual(expected);
      }
    }
  });
});
