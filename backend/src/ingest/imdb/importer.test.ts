import { entityKey, parseEntityKey } from '@cinema-dna/shared-types';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logging.js';
import { ImportInputError, silentProgress } from '../importer.js';
import type { IngestEntity, IngestLink } from '../model.js';
import { readSourceEntities, readSourceLinks, SourceWriter } from '../source-files.js';
import { importImdb, subtypeOf, type ImdbOptions } from './importer.js';

const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const SHARED = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)), '../shared/data/imdb');
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** Imports into a fresh DATA_DIR and reads the committed source back. */
async function run(options: ImdbOptions): Promise<{ entities: IngestEntity[]; links: IngestLink[] }> {
  const dataDir = tempDir('imdb-data-');
  const writer = new SourceWriter(dataDir, 'imdb');
  try {
    await importImdb(options, { writer, progress: silentProgress, logger: createLogger('silent') });
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.commit();
  const entities: IngestEntity[] = [];
  for await (const entity of readSourceEntities(dataDir, 'imdb')) entities.push(entity);
  const links: IngestLink[] = [];
  for await (const link of readSourceLinks(dataDir, 'imdb')) links.push(link);
  return { entities, links };
}

/** The fixtures, gzipped as IMDb publishes them, with one file optionally replaced. */
function gzippedFixtures(replace: Record<string, string> = {}): string {
  const dir = tempDir('imdb-in-');
  for (const name of readdirSync(FIXTURES)) {
    const text = replace[name] ?? readFileSync(path.join(FIXTURES, name), 'utf8');
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

const byKey = (entities: IngestEntity[]) => new Map(entities.map((e) => [entityKey(e), e]));
const linksOf = (links: IngestLink[], from: string) => links.filter((l) => l.from === from).map((l) => [l.to, l.relationship, l.label ?? null]);

describe('importImdb on the fixtures', async () => {
  const { entities, links } = await run({ dir: FIXTURES });
  const entity = byKey(entities);

  it('keeps movies only, with details and votes as popularity', () => {
    expect(entities.filter((e) => e.type === 'movie').map((e) => e.id)).toEqual(['tt0000502', 'tt0133093', 'tt0234215']);
    expect(entity.get('movie:tt0133093')).toEqual({
      type: 'movie',
      id: 'tt0133093',
      name: 'The Matrix',
      popularity: 2_000_000,
      details: { imdb_id: 'tt0133093', year: 1999, runtime: 136, vote_average: 8.7, vote_count: 2_000_000 },
    });
    // Quotes are plain characters in IMDb's TSV (an unbalanced one sits in originalTitle); \N is null.
    expect(entity.get('movie:tt0000502')).toEqual({ type: 'movie', id: 'tt0000502', name: '"Weird" Al\'s "Movie"', popularity: 0, details: { imdb_id: 'tt0000502' } });
  });

  it('links genres by slug, spelling Sci-Fi as other sources do', () => {
    expect(linksOf(links, 'movie:tt0133093')).toEqual([
      ['genre:action', 'has_genre', null],
      ['genre:science-fiction', 'has_genre', null],
    ]);
    expect(entity.get('genre:science-fiction')).toEqual({ type: 'genre', id: 'science-fiction', name: 'Science Fiction', popularity: 2_600_000 });
    expect(entities.filter((e) => e.type === 'genre')).toHaveLength(2);
  });

  it('maps categories to relationships, with characters and jobs as labels', () => {
    expect(linksOf(links, 'person:nm0000401')).toEqual([
      ['movie:tt0133093', 'acted_in', 'Morpheus'],
      ['movie:tt0234215', 'acted_in', 'Morpheus / Agent "Smith" Clone'],
    ]);
    expect(linksOf(links, 'person:nm0905152')).toEqual([
      ['movie:tt0133093', 'directed', null],
      ['movie:tt0133093', 'wrote', 'written by'],
      ['movie:tt0234215', 'directed', null],
    ]);
    expect(linksOf(links, 'person:nm0204485')).toEqual([['movie:tt0133093', 'composed', null]]);
    expect(linksOf(links, 'person:nm0005428')).toEqual([['movie:tt0133093', 'produced', 'producer']]);
    expect(linksOf(links, 'person:nm0612532')).toEqual([['movie:tt0133093', 'crew', 'editor']]);
    expect(linksOf(links, 'person:nm0915989')).toEqual([['movie:tt0234215', 'crew', 'production designer']]);
  });

  it('bills on-screen credits by their rank among the title’s on-screen principals', () => {
    const billing = (from: string, to: string) => links.find((l) => l.from === from && l.to === to)?.billing;
    expect(['person:nm0000206', 'person:nm0000401', 'person:nm0005251'].map((p) => billing(p, 'movie:tt0133093'))).toEqual([0, 1, 2]);
    expect(billing('person:nm0000206', 'movie:tt0000502')).toBe(0);
    expect(billing('person:nm0905152', 'movie:tt0133093')).toBeUndefined();
  });

  it('merges a person credited twice on a title into one link', () => {
    expect(linksOf(links, 'person:nm0000206')).toEqual([
      ['movie:tt0000502', 'acted_in', 'Himself / Self'],
      ['movie:tt0133093', 'acted_in', 'Neo'],
      ['movie:tt0234215', 'acted_in', 'Neo'],
    ]);
  });

  it('writes only people credited on kept titles and present in name.basics', () => {
    const people = entities.filter((e) => e.type === 'person').map((e) => e.id);
    expect(people).toHaveLength(9);
    expect(people).not.toContain('nm0063086'); // only in a short
    expect(people).not.toContain('nm1000001'); // never credited
    expect(links.some((l) => l.from === 'person:nm9999999')).toBe(false); // absent from name.basics
    for (const link of links) {
      expect(entity.has(link.from), link.from).toBe(true);
      expect(entity.has(link.to), link.to).toBe(true);
    }
  });

  it('derives subtype, department and popularity from the credits', () => {
    expect(entity.get('person:nm0000206')).toEqual({
      type: 'person',
      id: 'nm0000206',
      name: 'Keanu Reeves',
      // 2,000,000 + 600,000 votes as the lead; the unrated title adds 0.
      popularity: 2_600_000,
      subtype: 'actor',
      details: { imdb_id: 'nm0000206', known_for_department: 'Acting', birthday: '1964' },
    });
    // Second on screen: half of each title's votes.
    expect(entity.get('person:nm0000401')?.popularity).toBe(1_300_000);
    expect(entity.get('person:nm0905152')).toMatchObject({ subtype: 'director', popularity: 2_600_000 });
    expect(entity.get('person:nm0005428')).toMatchObject({ subtype: 'producer', popularity: 1_000_000, details: { known_for_department: 'Production' } });
    expect(entity.get('person:nm0204485')).toMatchObject({ subtype: 'composer', details: { known_for_department: 'Sound' } });
    expect(entity.get('person:nm0612532')).toMatchObject({ subtype: 'crew', popularity: 200_000, details: { known_for_department: 'Editing' } });
  });

  it('breaks subtype ties by primaryProfession', () => {
    const counts = [0, 1, 1, 0, 0, 0, 0];
    expect(subtypeOf(counts, 0, 'writer,director')).toBe('writer');
    expect(subtypeOf(counts, 0, 'director,writer')).toBe('director');
    expect(subtypeOf(counts, 0, undefined)).toBe('director');
    expect(subtypeOf([0, 0, 0, 0, 0, 0, 3], 0, 'director')).toBe('actor');
  });

  it('reads gzipped files the same, and is idempotent', async () => {
    const gzipped = await run({ dir: gzippedFixtures() });
    expect(gzipped).toEqual({ entities, links });
    expect(await run({ dir: FIXTURES })).toEqual({ entities, links });
  });

  it('keeps every title type on request', async () => {
    const all = await run({ dir: FIXTURES, includeAllTitleTypes: true });
    expect(all.entities.filter((e) => e.type === 'movie')).toHaveLength(5);
    expect(byKey(all.entities).get('person:nm0186505')).toMatchObject({ name: 'Bryan Cranston', popularity: 2_000_000 });
  });

  it('works without title.ratings: every title counts 1', async () => {
    const dir = tempDir('imdb-noratings-');
    for (const name of ['title.basics.tsv', 'title.principals.tsv', 'name.basics.tsv']) copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
    const { entities: unrated } = await run({ dir });
    expect(byKey(unrated).get('movie:tt0133093')).toMatchObject({ popularity: 1, details: { imdb_id: 'tt0133093', year: 1999 } });
    expect(byKey(unrated).get('person:nm0000401')?.popularity).toBe(1);
  });
});

describe('importImdb on malformed input', () => {
  const principals = readFileSync(path.join(FIXTURES, 'title.principals.tsv'), 'utf8');
  const failure = async (replace: Record<string, string>) => {
    const error = await run({ dir: gzippedFixtures(replace) }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportInputError);
    return (error as ImportInputError).message;
  };

  it('names the file and line of a row with the wrong number of fields', async () => {
    const broken = principals.replace('tt0133093\t2\tnm0000401\tactor\t\\N\t["Morpheus"]', 'tt0133093\t2\tnm0000401\tactor\t["Morpheus"]');
    expect(await failure({ 'title.principals.tsv': broken })).toBe('title.principals.tsv.gz:7: expected 6 tab-separated fields, found 5');
  });

  it('names the file and line of a characters field that is not JSON', async () => {
    const broken = principals.replace('["Trinity"]', '["Trinity]');
    expect(await failure({ 'title.principals.tsv': broken })).toBe('title.principals.tsv.gz:8: characters is not a JSON list: ["Trinity]');
  });

  it('rejects ids that are not IMDb ids, and unexpected headers', async () => {
    const basics = readFileSync(path.join(FIXTURES, 'title.basics.tsv'), 'utf8');
    expect(await failure({ 'title.basics.tsv': basics.replace('tt0234215\tmovie', 'x0234215\tmovie') })).toBe(
      'title.basics.tsv.gz:5: tconst "x0234215" is not an IMDb title id',
    );
    const principals = readFileSync(path.join(FIXTURES, 'title.principals.tsv'), 'utf8');
    expect(await failure({ 'title.principals.tsv': principals.replace('tt0000009\t1', 'tt\t1') })).toBe('title.principals.tsv.gz:2: tconst "tt" is not an IMDb title id');
    expect(await failure({ 'name.basics.tsv': 'nconst\tprimaryName\n' })).toMatch(/^name\.basics\.tsv\.gz:1: unexpected header "nconst primaryName"/);
  });

  it('reports a truncated gzip file and a missing file', async () => {
    const dir = gzippedFixtures();
    const file = path.join(dir, 'title.principals.tsv.gz');
    writeFileSync(file, readFileSync(file).subarray(0, 40));
    await expect(run({ dir })).rejects.toThrow(/^title\.principals\.tsv\.gz(:\d+)?: not a valid gzip file/);
    rmSync(file);
    await expect(run({ dir })).rejects.toThrow(`missing title.principals.tsv.gz (or title.principals.tsv) in ${dir}`);
  });
});

/**
 * The real subset in ../shared/data/imdb (see its README): counts checked against the raw files read
 * here independently (plain split on tabs).
 */
describe.runIf(existsSync(SHARED))('importImdb on the shared IMDb subset', () => {
  const raw = (name: string) =>
    gunzipLines(path.join(SHARED, name))
      .slice(1)
      .map((line) => line.split('\t'));
  let entities: IngestEntity[] = [];
  let links: IngestLink[] = [];
  beforeAll(async () => {
    ({ entities, links } = await run({ dir: SHARED }));
  }, 120_000);

  it('loads the 2,000 movies and every credited person IMDb names', () => {
    const names = new Set(raw('name.basics.tsv.gz').map((f) => f[0]));
    const principals = raw('title.principals.tsv.gz');
    expect(principals).toHaveLength(11_576);
    const credited = new Set(principals.map((f) => f[2]));
    const named = [...credited].filter((n) => names.has(n));
    expect(entities.filter((e) => e.type === 'movie')).toHaveLength(2_000);
    // README: 11,570 of 11,576 principals name a person in name.basics.
    expect(principals.filter((f) => names.has(f[2])).length).toBe(11_570);
    expect(entities.filter((e) => e.type === 'person').map((e) => e.id).sort()).toEqual(named.sort());
    expect(named).toHaveLength(10_177);
    // One link per (person, title) pair and relationship; pairs match the raw rows exactly.
    const pairs = new Set(principals.filter((f) => names.has(f[2])).map((f) => `person:${f[2]}>movie:${f[0]}`));
    expect(new Set(links.filter((l) => parseEntityKey(l.from)?.type === 'person').map((l) => `${l.from}>${l.to}`))).toEqual(pairs);
    const genreLinks = raw('title.basics.tsv.gz').reduce((sum, f) => sum + (f[8] === '\\N' ? 0 : f[8]!.split(',').length), 0);
    expect(links.filter((l) => l.relationship === 'has_genre')).toHaveLength(genreLinks);
  });
});

function gunzipLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
}
