import { entityKey, parseEntityKey, type EntityKey } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { slugify, type IngestLink } from '../model.js';
import { awardName, catalogToGraph, readCatalog } from './catalog.js';

const files = readCatalog();
const graph = catalogToGraph(files);
const keys = new Set(graph.entities.map((e) => entityKey(e)));

/** A plain BFS over the catalog's links, independent of the engine: degrees between two keys. */
function distance(links: IngestLink[], from: EntityKey, to: EntityKey, through: (key: string) => boolean = () => true): number | null {
  const adjacent = new Map<string, string[]>();
  for (const { from: a, to: b } of links) {
    adjacent.set(a, [...(adjacent.get(a) ?? []), b]);
    adjacent.set(b, [...(adjacent.get(b) ?? []), a]);
  }
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from as string];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === to) return seen.get(current)!;
    for (const next of adjacent.get(current) ?? []) {
      if (!seen.has(next) && (next === to || through(next))) {
        seen.set(next, seen.get(current)! + 1);
        queue.push(next);
      }
    }
  }
  return null;
}
const person = (name: string) => `person:${slugify(name)}` as EntityKey;
const creditsOnly = (key: string) => ['person', 'movie'].includes(parseEntityKey(key)?.type ?? '');

describe('the starter catalog', () => {
  it('parses, and every link joins two entities of the catalog', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const { from, to } of graph.links) {
      expect(keys.has(from), from).toBe(true);
      expect(keys.has(to), to).toBe(true);
    }
  });

  it('derives person subtypes from credits and popularity from links', () => {
    const people = graph.entities.filter((e) => e.type === 'person');
    expect(people.every((p) => p.subtype !== undefined)).toBe(true);
    expect(graph.entities.every((e) => e.popularity >= 1)).toBe(true);
  });

  it('bills each film’s cast in the order the catalog lists it', () => {
    const film = files[0]!.catalog.movies[0]!;
    const billed = graph.links.filter((l) => l.to === `movie:${film.id}` && l.relationship === 'acted_in');
    expect(billed.map((l) => l.billing)).toEqual(film.cast.map((_, i) => i));
    expect(billed.map((l) => l.from)).toEqual(film.cast.map((member) => person(member.name)));
  });

  it('names prizes the way people do', () => {
    expect(awardName('Academy Awards', 'Best Picture')).toBe('Academy Award for Best Picture');
    expect(awardName('Cannes Film Festival', "Palme d'Or")).toBe("Palme d'Or");
    expect(awardName('Venice Film Festival', 'Golden Lion')).toBe('Golden Lion');
    expect(awardName('Cannes Film Festival', 'Best Director')).toBe('Cannes Best Director');
  });
});

describe('the complete starter catalog', () => {
  it('holds at least 300 films across decades and languages', () => {
    const movies = graph.entities.filter((e) => e.type === 'movie');
    expect(movies.length).toBeGreaterThanOrEqual(300);
    const decades = new Set(movies.map((m) => Math.floor((m.details?.year ?? 0) / 10)));
    expect(decades.size).toBeGreaterThanOrEqual(8);
    const languages = new Set(movies.map((m) => m.details?.original_language));
    expect(languages.size).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['Kevin Bacon', 'Tom Hanks', 2],
    ['Meryl Streep', 'Keanu Reeves', 4],
    ['Shah Rukh Khan', 'Tom Cruise', 6],
    ['Shah Rukh Khan', 'Kevin Bacon', 6],
    ['Amitabh Bachchan', 'Leonardo DiCaprio', 2],
    ['Priyanka Chopra', 'Dwayne Johnson', 2],
  ])('connects %s and %s through credits alone within %i links', (from, to, most) => {
    const found = distance(graph.links, person(from), person(to), creditsOnly);
    expect(found).not.toBeNull();
    expect(found!).toBeLessThanOrEqual(most);
  });

  it('reaches Hollywood from a Japanese classic within six degrees once genres and awards may link them', () => {
    const found = distance(graph.links, person('Toshiro Mifune'), person('Tom Hanks'));
    expect(found).not.toBeNull();
    expect(found!).toBeLessThanOrEqual(6);
  });
});
