import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entityKey, type EntityKey, type PersonSubtype, type Relationship } from '@cinema-dna/shared-types';
import { slugify, type IngestEntity, type IngestLink } from '../model.js';
import { CatalogFileSchema, type CatalogFile, type CatalogPerson } from './catalog-schema.js';

/** The catalog's JSON files, in the source tree; the same relative path from src/ and from dist/. */
export const CATALOG_DIR = fileURLToPath(new URL('../../../src/ingest/starter/catalog', import.meta.url));

export class CatalogError extends Error {
  override name = 'CatalogError';
}

/** Reads and validates every catalog file, naming the file and the field on the first problem. */
export function readCatalog(dir = CATALOG_DIR): Array<{ file: string; catalog: CatalogFile }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new CatalogError(`${file}: not valid JSON (${(error as Error).message})`);
      }
      const parsed = CatalogFileSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new CatalogError(`${file}: ${issue.path.join('.')}: ${issue.message}`);
      }
      return { file: name, catalog: parsed.data };
    });
}

/** How festival and academy prizes are usually named. */
export function awardName(body: string, category: string): string {
  switch (body) {
    case 'Academy Awards':
      return `Academy Award for ${category}`;
    case 'Golden Globe Awards':
      return `Golden Globe Award for ${category}`;
    case 'BAFTA Awards':
      return `BAFTA Award for ${category}`;
    default: {
      // Festival prizes have their own names (Palme d'Or, Golden Lion, Golden Bear).
      const festival = body.replace(/ International Film Festival| Film Festival/, '');
      return /^(palme|golden|silver|grand|jury|caméra|camera|volpi)/i.test(category) && !category.includes(festival) ? category : `${festival} ${category}`;
    }
  }
}

const CREDIT_ROLES: Array<[keyof Pick<CatalogFile['movies'][number], 'directors' | 'writers' | 'producers' | 'composers'>, Relationship]> = [
  ['directors', 'directed'],
  ['writers', 'wrote'],
  ['producers', 'produced'],
  ['composers', 'composed'],
];
const SUBTYPE_OF_DEPARTMENT: Record<string, PersonSubtype> = { Acting: 'actor', Directing: 'director', Writing: 'writer', Production: 'producer', Sound: 'composer' };
const SUBTYPE_OF: Record<string, PersonSubtype> = { acted_in: 'actor', directed: 'director', wrote: 'writer', produced: 'producer', composed: 'composer' };

/**
 * Turns the catalog into graph entities and links. People are keyed by the slug of their name, so a
 * person written in two files is one entity; their details must then agree. Popularity is the number
 * of links an entity has in the catalog — a real measure of how central it is here, not a guess.
 */
export function catalogToGraph(files: Array<{ file: string; catalog: CatalogFile }>): { entities: IngestEntity[]; links: IngestLink[] } {
  const entities = new Map<EntityKey, IngestEntity>();
  const links = new Map<string, IngestLink>();
  const people = new Map<string, CatalogPerson & { file: string }>();
  const movieIds = new Map<string, string>();
  const creditCounts = new Map<EntityKey, Map<PersonSubtype, number>>();

  const entity = (value: IngestEntity): EntityKey => {
    const key = entityKey(value.type, value.id);
    if (!entities.has(key)) entities.set(key, value);
    return key;
  };
  const link = (from: EntityKey, to: EntityKey, relationship: Relationship, label?: string, billing?: number) => {
    const id = `${from}|${to}|${relationship}|${label ?? ''}`;
    if (!links.has(id)) links.set(id, { from, to, relationship, ...(label ? { label } : {}), ...(billing !== undefined ? { billing } : {}) });
  };
  const person = (name: string, relationship: Relationship): EntityKey => {
    const key = entity({ type: 'person', id: slugify(name), name, popularity: 0 });
    const subtype = SUBTYPE_OF[relationship];
    if (subtype) {
      const counts = creditCounts.get(key) ?? new Map<PersonSubtype, number>();
      counts.set(subtype, (counts.get(subtype) ?? 0) + 1);
      creditCounts.set(key, counts);
    }
    return key;
  };
  const named = (type: 'genre' | 'keyword' | 'company' | 'collection' | 'location', name: string) =>
    entity({ type, id: slugify(name), name, popularity: 0 });
  const award = (body: string, category: string) => {
    const name = awardName(body, category);
    return entity({ type: 'award', id: slugify(name), name, popularity: 0 });
  };

  for (const { file, catalog } of files) {
    for (const record of catalog.people) people.set(record.name, mergePerson(people.get(record.name), record, file));
    for (const movie of catalog.movies) {
      const seen = movieIds.get(movie.id);
      if (seen) throw new CatalogError(`${file}: movie id "${movie.id}" is also in ${seen}`);
      movieIds.set(movie.id, file);
      const movieKey = entity({
        type: 'movie',
        id: movie.id,
        name: movie.title,
        popularity: 0,
        details: {
          year: movie.year,
          overview: movie.overview,
          original_language: movie.originalLanguage,
          ...(movie.releaseDate ? { release_date: movie.releaseDate } : {}),
          ...(movie.runtime ? { runtime: movie.runtime } : {}),
          ...(movie.countries[0] ? { country: movie.countries[0] } : {}),
        },
      });
      // The catalog lists each film's cast in billing order.
      movie.cast.forEach((member, billing) => link(person(member.name, 'acted_in'), movieKey, 'acted_in', member.character, billing));
      for (const [field, relationship] of CREDIT_ROLES) {
        for (const name of movie[field]) link(person(name, relationship), movieKey, relationship);
      }
      for (const genre of movie.genres) link(movieKey, named('genre', genre), 'has_genre');
      for (const keyword of movie.keywords) link(movieKey, named('keyword', keyword), 'has_keyword');
      for (const company of movie.companies) link(movieKey, named('company', company), 'produced_by');
      for (const country of movie.countries) link(movieKey, named('location', country), 'filmed_in');
      if (movie.collection) link(movieKey, named('collection', movie.collection), 'part_of_collection');
      for (const prize of movie.awards) {
        link(movieKey, award(prize.award, prize.category), prize.result === 'won' ? 'won' : 'nominated_for', String(prize.year));
      }
    }
  }

  for (const record of people.values()) {
    const key = entityKey('person', slugify(record.name));
    // A prize winner may have no credit here (a songwriter, a cinematographer): still one entity.
    const existing = entities.get(key) ?? entities.set(key, { type: 'person', id: slugify(record.name), name: record.name, popularity: 0 }).get(key)!;
    if (!creditCounts.has(key)) existing.subtype = SUBTYPE_OF_DEPARTMENT[record.knownForDepartment ?? ''] ?? 'crew';
    existing.details = {
      ...(record.birthday ? { birthday: record.birthday } : {}),
      ...(record.placeOfBirth ? { place_of_birth: record.placeOfBirth } : {}),
      ...(record.knownForDepartment ? { known_for_department: record.knownForDepartment } : {}),
      ...(record.biography ? { biography: record.biography } : {}),
    };
    for (const prize of record.awards) {
      if (prize.movie && !movieIds.has(prize.movie)) throw new CatalogError(`${record.file}: award of "${record.name}" names unknown movie "${prize.movie}"`);
      const title = prize.movie ? entities.get(entityKey('movie', prize.movie))?.name : undefined;
      link(key, award(prize.award, prize.category), prize.result === 'won' ? 'won' : 'nominated_for', title ? `${prize.year} · ${title}` : String(prize.year));
    }
  }

  // Subtype: what a person did most in the catalog (acting wins ties: it is what people know them for).
  for (const [key, counts] of creditCounts) {
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] === 'actor' ? -1 : b[0] === 'actor' ? 1 : 0));
    const target = entities.get(key)!;
    target.subtype = ranked[0]![0];
  }
  const degree = new Map<EntityKey, number>();
  for (const { from, to } of links.values()) {
    degree.set(from, (degree.get(from) ?? 0) + 1);
    degree.set(to, (degree.get(to) ?? 0) + 1);
  }
  for (const [key, value] of entities) value.popularity = degree.get(key) ?? 0;

  return { entities: [...entities.values()], links: [...links.values()] };
}

/**
 * One person written in two files (a full record in one, an award-only record in another) is one
 * record: fields are united, awards deduplicated; two different values for one field are an error.
 */
function mergePerson(known: (CatalogPerson & { file: string }) | undefined, record: CatalogPerson, file: string): CatalogPerson & { file: string } {
  if (!known) return { ...record, file };
  const merged: CatalogPerson & { file: string } = { ...known };
  for (const field of ['birthday', 'placeOfBirth', 'knownForDepartment', 'biography'] as const) {
    const value = record[field];
    if (value === undefined) continue;
    if (known[field] !== undefined && known[field] !== value) {
      throw new CatalogError(`${file}: person "${record.name}" has ${field} "${value}" but ${known.file} says "${known[field]}"`);
    }
    (merged as Record<string, unknown>)[field] = value;
  }
  const seen = new Set(known.awards.map((award) => JSON.stringify(award)));
  merged.awards = [...known.awards, ...record.awards.filter((award) => !seen.has(JSON.stringify(award)))];
  return merged;
}
