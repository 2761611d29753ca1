import { entityKey, parseEntityKey } from '@cinema-dna/shared-types';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphService } from '../../graph/index.js';
import { buildSnapshot, snapshotPath } from '../pipeline.js';
import { createLogger } from '../../platform/logging.js';
import { ImportInputError, silentProgress } from '../importer.js';
import type { IngestEntity, IngestLink } from '../model.js';
import { readSourceEntities, readSourceLinks, SourceWriter } from '../source-files.js';
import { CREDITS_FILE, importTmdb5000, MOVIES_FILE } from './importer.js';

const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const SHARED = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)), '../shared/data/tmdb-5000');
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** Imports into a fresh DATA_DIR and reads the committed source back. */
async function run(dir: string): Promise<{ entities: IngestEntity[]; links: IngestLink[]; dataDir: string }> {
  const dataDir = tempDir('tmdb5000-data-');
  const writer = new SourceWriter(dataDir, 'tmdb5000');
  try {
    await importTmdb5000({ dir }, { writer, progress: silentProgress, logger: createLogger('silent') });
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.commit();
  const entities: IngestEntity[] = [];
  for await (const entity of readSourceEntities(dataDir, 'tmdb5000')) entities.push(entity);
  const links: IngestLink[] = [];
  for await (const link of readSourceLinks(dataDir, 'tmdb5000')) links.push(link);
  return { entities, links, dataDir };
}

/** The fixture pair in a temp folder, optionally gzipped, with text replacements. */
function fixtures({ gzip = false, movies = (t: string) => t, credits = (t: string) => t } = {}): string {
  const dir = tempDir('tmdb5000-in-');
  const write = (name: string, edit: (text: string) => string) => {
    const text = edit(readFileSync(path.join(FIXTURES, name), 'utf8'));
    writeFileSync(path.join(dir, gzip ? `${name}.gz` : name), gzip ? gzipSync(text) : text);
  };
  write(MOVIES_FILE, movies);
  write(CREDITS_FILE, credits);
  return dir;
}

const byKey = (entities: IngestEntity[]) => new Map(entities.map((e) => [entityKey(e), e]));
const linksOf = (links: IngestLink[], from: string) => links.filter((l) => l.from === from).map((l) => [l.to, l.relationship, l.label ?? null]);

describe('importTmdb5000 on the fixtures', async () => {
  const { entities, links } = await run(FIXTURES);
  const entity = byKey(entities);

  it('writes each movie with its details and the dataset popularity', () => {
    expect(entities.filter((e) => e.type === 'movie').map((e) => e.name)).toEqual(['Apollo 13', 'Forrest Gump', 'Les Misérables, Part "One"']);
    expect(entity.get('movie:13')).toEqual({
      type: 'movie',
      id: '13',
      name: 'Forrest Gump',
      popularity: 138.133331,
      details: {
        tmdb_id: 13,
        overview: 'A man with a low IQ has accomplished great things in his life, "stupid is as stupid does", and been present during significant historic events.',
        release_date: '1994-07-06',
        year: 1994,
        runtime: 142,
        vote_average: 8.2,
        vote_count: 7927,
        original_language: 'en',
        country: 'United States of America',
      },
    });
    // Empty overview, date and runtime are left out rather than invented.
    expect(entity.get('movie:9999')?.details).toEqual({ tmdb_id: 9999, vote_average: 0, vote_count: 0, original_language: 'fr', country: 'France' });
  });

  it('writes shared vocabularies once, with their links deduplicated', () => {
    expect(entities.filter((e) => e.type === 'genre').map((e) => e.id)).toEqual(['drama', 'history', 'comedy', 'romance', 'science-fiction']);
    expect(entity.get('genre:drama')).toEqual({ type: 'genre', id: 'drama', name: 'Drama', popularity: 178.704 });
    expect(entity.get('location:gb')).toEqual({ type: 'location', id: 'gb', name: 'United Kingdom', popularity: 0.5 });
    expect(entity.get('keyword:422')).toMatchObject({ name: 'vietnam veteran' });
    expect(entity.get('company:4')).toMatchObject({ name: 'Paramount Pictures' });
    // Forrest Gump lists its keyword and country twice.
    expect(linksOf(links, 'movie:13')).toEqual([
      ['genre:comedy', 'has_genre', null],
      ['genre:drama', 'has_genre', null],
      ['genre:romance', 'has_genre', null],
      ['keyword:422', 'has_keyword', null],
      ['company:4', 'produced_by', null],
      ['location:us', 'country', null],
    ]);
    const keys = entities.map((e) => entityKey(e));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('maps cast and crew to relationships, keeping characters and jobs as labels', () => {
    expect(linksOf(links, 'person:31')).toEqual([
      ['movie:568', 'acted_in', 'Jim Lovell'],
      ['movie:13', 'acted_in', 'Forrest Gump'],
    ]);
    expect(linksOf(links, 'person:33')).toEqual([['movie:13', 'acted_in', 'Lt. Dan "Taylor", Jr.']]);
    // Two roles in one film: one link, both characters.
    expect(linksOf(links, 'person:35')).toEqual([['movie:13', 'acted_in', "Young Forrest / Forrest's son"]]);
    expect(linksOf(links, 'person:36')).toEqual([['movie:13', 'acted_in', null]]);
    // Director listed twice → one link; also an executive producer.
    expect(linksOf(links, 'person:6159')).toEqual([
      ['movie:568', 'directed', null],
      ['movie:568', 'produced', 'Executive Producer'],
    ]);
    expect(linksOf(links, 'person:7000')).toEqual([['movie:568', 'wrote', 'Screenplay, Story']]);
    expect(linksOf(links, 'person:7001')).toEqual([['movie:568', 'crew', 'Storyboard']]);
    expect(linksOf(links, 'person:1729')).toEqual([['movie:568', 'composed', null]]);
    expect(linksOf(links, 'person:37')).toEqual([['movie:13', 'composed', null]]);
    expect(linksOf(links, 'person:7002')).toEqual([
      ['movie:568', 'crew', 'Sound Re-Recording Mixer'],
      ['movie:13', 'crew', 'Casting'],
    ]);
  });

  it('keeps each cast member’s billing position, their first when they play two parts', () => {
    const billing = (from: string, to: string) => links.find((l) => l.from === from && l.to === to && l.relationship === 'acted_in')?.billing;
    expect(['person:31', 'person:32', 'person:33', 'person:35', 'person:36'].map((p) => billing(p, 'movie:13'))).toEqual([0, 1, 2, 3, 5]);
    expect(billing('person:4724', 'movie:568')).toBe(1);
    expect(links.filter((l) => l.relationship !== 'acted_in').every((l) => l.billing === undefined)).toBe(true);
  });

  it('calls a director with a cameo a director (main role weighted by tier)', async () => {
    // Ron Howard, who directed Apollo 13, as an extra of Forrest Gump billed 41st.
    const dir = fixtures({ credits: (t) => t.replace('""id"": 36, ""name"": ""Uncredited Extra"", ""order"": 5', '""id"": 6159, ""name"": ""Ron Howard"", ""order"": 40') });
    const cameo = byKey((await run(dir)).entities);
    expect(cameo.get('person:6159')).toMatchObject({ subtype: 'director', details: { known_for_department: 'Directing' } });
  });

  it('derives person subtype, department and popularity from their credits', () => {
    expect(entity.get('person:31')).toEqual({
      type: 'person',
      id: '31',
      name: 'Tom Hanks',
      // Lead (weight 1) in both films: 40.57035 + 138.133331.
      popularity: 178.704,
      subtype: 'actor',
      details: { tmdb_id: 31, known_for_department: 'Acting' },
    });
    expect(entity.get('person:4724')?.popularity).toBe(20.285); // billed second in Apollo 13: 40.57035 / 2
    expect(entity.get('person:6159')).toMatchObject({ subtype: 'director', popularity: 40.57, details: { known_for_department: 'Directing' } });
    expect(entity.get('person:6160')).toMatchObject({ subtype: 'producer' });
    expect(entity.get('person:38')).toMatchObject({ subtype: 'writer', details: { known_for_department: 'Writing' } });
    expect(entity.get('person:37')).toMatchObject({ subtype: 'composer', details: { known_for_department: 'Sound' } });
    expect(entity.get('person:9001')).toMatchObject({ name: 'Jeanne Lumière', subtype: 'crew', popularity: 0.05, details: { known_for_department: 'Camera' } });
    expect(entities.filter((e) => e.type === 'person')).toHaveLength(18);
  });

  it('reads gzipped files the same, and is idempotent', async () => {
    expect(await run(fixtures({ gzip: true }))).toMatchObject({ entities, links });
    expect(await run(FIXTURES)).toMatchObject({ entities, links });
  });
});

describe('importTmdb5000 on malformed input', () => {
  const failure = async (dir: string) => {
    const error = await run(dir).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportInputError);
    return (error as ImportInputError).message;
  };

  it('names the file and line of a cell with broken JSON', async () => {
    const dir = fixtures({ gzip: true, credits: (text) => text.replace('""character"": ""Jenny Curran""', '""character"": ""Jenny Curran') });
    expect(await failure(dir)).toMatch(/^tmdb_5000_credits\.csv\.gz:3: column "cast": invalid JSON \(/);
  });

  it('names the file and line of a JSON entry missing a field', async () => {
    const dir = fixtures({ credits: (text) => text.replace('""job"": ""Novel"", ""name"": ""Victor Hugo""', '""name"": ""Victor Hugo""') });
    expect(await failure(dir)).toBe('tmdb_5000_credits.csv:4: column "crew": entry 0 has no string "job"');
  });

  it('names the file and line of a CSV syntax error', async () => {
    const dir = fixtures({ movies: (text) => text.replace(',Forrest Gump,8.2,7927', ',"Forrest Gump,8.2,7927') });
    expect(await failure(dir)).toMatch(/^tmdb_5000_movies\.csv:\d+: .*(quote|Quote)/);
  });

  it('rejects a non-numeric id, a missing column, an unknown movie and a missing file', async () => {
    expect(await failure(fixtures({ movies: (text) => text.replace(',9999,[]', ',99x9,[]') }))).toBe('tmdb_5000_movies.csv:4: column "id": "99x9" is not an integer');
    expect(await failure(fixtures({ credits: (text) => text.replace('movie_id,title,cast,crew', 'movie,title,cast,crew') }))).toMatch(
      /^tmdb_5000_credits\.csv:1: header has no "movie_id" column/,
    );
    expect(await failure(fixtures({ credits: (text) => text.replace('\n13,Forrest Gump,', '\n14,Forrest Gump,') }))).toBe(
      'tmdb_5000_credits.csv:3: movie_id 14 is not in tmdb_5000_movies.csv',
    );
    const dir = fixtures();
    rmSync(path.join(dir, CREDITS_FILE));
    expect(await failure(dir)).toBe(`missing tmdb_5000_credits.csv.gz (or tmdb_5000_credits.csv) in ${dir}`);
  });
});

// ---------------------------------------------------------------------------------------------------
// Acceptance on the real dataset (../shared/data/tmdb-5000), checked against the raw CSV read here.

interface RawCredits {
  title: string;
  cast: Array<{ id: number; name: string; character: string }>;
  crew: Array<{ id: number; name: string; job: string }>;
}

async function readRawCredits(file: string): Promise<Map<number, RawCredits>> {
  const movies = new Map<number, RawCredits>();
  for await (const row of createReadStream(file).pipe(createGunzip()).pipe(parse({ columns: true })) as AsyncIterable<Record<string, string>>) {
    movies.set(Number(row.movie_id), { title: row.title!, cast: JSON.parse(row.cast!), crew: JSON.parse(row.crew!) });
  }
  return movies;
}

/** Person↔movie links only (genres etc. would shortcut everything), both ways; built once per import. */
const creditAdjacency = new WeakMap<IngestLink[], Map<string, string[]>>();
function creditsOf(links: IngestLink[]): Map<string, string[]> {
  let adjacent = creditAdjacency.get(links);
  if (adjacent) return adjacent;
  adjacent = new Map<string, string[]>();
  const connect = (a: string, b: string) => {
    const list = adjacent!.get(a);
    if (list) list.push(b);
    else adjacent!.set(a, [b]);
  };
  for (const link of links) {
    if (parseEntityKey(link.from)?.type !== 'person' || parseEntityKey(link.to)?.type !== 'movie') continue;
    connect(link.from, link.to);
    connect(link.to, link.from);
  }
  creditAdjacency.set(links, adjacent);
  return adjacent;
}

/** Plain BFS over person↔movie links: the path, or null. */
function shortestPath(links: IngestLink[], from: string, to: string): string[] | null {
  const adjacent = creditsOf(links);
  const parent = new Map<string, string>([[from, from]]);
  let frontier = [from];
  while (frontier.length > 0 && !parent.has(to)) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const neighbour of adjacent.get(node) ?? []) {
        if (parent.has(neighbour)) continue;
        parent.set(neighbour, node);
        next.push(neighbour);
      }
    }
    frontier = next;
  }
  if (!parent.has(to)) return null;
  const path = [to];
  while (path[0] !== from) path.unshift(parent.get(path[0]!)!);
  return path;
}

describe.runIf(existsSync(SHARED))('importTmdb5000 on the shared TMDB 5000 dataset', { timeout: 60_000 }, () => {
  let entities: IngestEntity[] = [];
  let links: IngestLink[] = [];
  let dataDir = '';
  let raw = new Map<number, RawCredits>();
  const peopleByName = new Map<string, number>();
  beforeAll(async () => {
    ({ entities, links, dataDir } = await run(SHARED));
    raw = await readRawCredits(path.join(SHARED, `${CREDITS_FILE}.gz`));
    for (const movie of raw.values()) for (const member of [...movie.cast, ...movie.crew]) if (!peopleByName.has(member.name)) peopleByName.set(member.name, member.id);
  }, 300_000);
  const personKey = (name: string) => `person:${peopleByName.get(name)}`;
  /** Movies where both people have a credit, read from the raw CSV. */
  const shared = (a: string, b: string) =>
    [...raw.values()]
      .filter((m) => [a, b].every((name) => [...m.cast, ...m.crew].some((member) => member.id === peopleByName.get(name))))
      .map((m) => m.title);

  it('loads all 4,803 movies and 104,842 distinct people', () => {
    expect(entities.filter((e) => e.type === 'movie')).toHaveLength(4_803);
    expect(entities.filter((e) => e.type === 'person')).toHaveLength(104_842);
    expect(raw.size).toBe(4_803);
  });

  it('keeps every cast and crew entry (106,257 + 129,581) in a link', () => {
    const index = new Map<string, IngestLink[]>();
    for (const link of links) {
      const key = `${link.from}>${link.to}`;
      index.set(key, [...(index.get(key) ?? []), link]);
    }
    let cast = 0;
    let crew = 0;
    // One assertion over every entry: 236k expect() calls cost seconds and say no more.
    const missing: string[] = [];
    for (const [movieId, movie] of raw) {
      for (const member of movie.cast) {
        const found = index.get(`person:${member.id}>movie:${movieId}`)?.find((l) => l.relationship === 'acted_in');
        const character = member.character.replace(/[\t\r\n]+/g, ' ').trim();
        if (!found || (character && !found.label?.includes(character))) missing.push(`${member.name} as ${character} in ${movie.title}`);
        cast++;
      }
      for (const member of movie.crew) {
        const found = index.get(`person:${member.id}>movie:${movieId}`)?.filter((l) => l.relationship !== 'acted_in') ?? [];
        const kept = member.job === 'Director' ? found.some((l) => l.relationship === 'directed') : found.some((l) => !l.label || l.label.includes(member.job));
        if (!kept) missing.push(`${member.name} (${member.job}) on ${movie.title}`);
        crew++;
      }
    }
    expect(missing).toEqual([]);
    expect([cast, crew]).toEqual([106_257, 129_581]);
    expect(links.filter((l) => l.relationship === 'directed')).toHaveLength(5_166);
  });

  it('connects Kevin Bacon and Tom Hanks through the film they share in the raw data', () => {
    const films = shared('Kevin Bacon', 'Tom Hanks');
    expect(films).toContain('Apollo 13');
    const found = shortestPath(links, personKey('Kevin Bacon'), personKey('Tom Hanks'));
    expect(found).toHaveLength(3); // 2 links
    expect(films).toContain(entities.find((e) => `movie:${e.id}` === found![1])?.name);
  });

  it('finds a 4-link path between two stars who share no film, each hop true in the raw data', () => {
    const [from, to] = ['Meryl Streep', 'Keanu Reeves'];
    expect(shared(from, to)).toEqual([]); // so no 2-link path can exist
    const found = shortestPath(links, personKey(from), personKey(to));
    expect(found).toHaveLength(5);
    for (let i = 1; i < found!.length; i += 2) {
      const movie = raw.get(Number(found![i]!.slice('movie:'.length)))!;
      const credited = [...movie.cast, ...movie.crew].map((member) => `person:${member.id}`);
      expect(credited).toContain(found![i - 1]);
      expect(credited).toContain(found![i + 1]);
    }
  });

  it('serves the same degrees from the engine as the plain BFS, for 60 seeded random pairs of people', async () => {
    await buildSnapshot(dataDir);
    const graph = new GraphService({ workers: 0 });
    await graph.load(snapshotPath(dataDir));
    try {
      const people = entities.filter((e) => e.type === 'person' && e.popularity > 20).map((e) => `person:${e.id}`);
      let seed = 7;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      let compared = 0;
      for (let i = 0; i < 60; i += 1) {
        const [from, to] = [people[Math.floor(random() * people.length)]!, people[Math.floor(random() * people.length)]!];
        if (from === to) continue;
        const expected = shortestPath(links, from, to);
        const result = await graph.search(from, to, { allowedTypes: ['person', 'movie'], includeObscureConnections: true, maxDegrees: 8 });
        expect(result?.degrees ?? null, `${from} → ${to}`).toBe(expected ? expected.length - 1 : null);
        if (result) {
          // Every hop of the engine's path is a credit in the imported data.
          for (let hop = 0; hop + 1 < result.path.length; hop += 1) {
            const [a, b] = [result.path[hop]!.key, result.path[hop + 1]!.key];
            expect(creditsOf(links).get(a)?.includes(b), `${a} – ${b}`).toBe(true);
          }
        }
        compared += 1;
      }
      expect(compared).toBeGreaterThan(50);
    } finally {
      await graph.close();
    }
  });
});
