/**
 * Acceptance on the real TMDB 5000 dataset (../shared/data/tmdb-5000; skipped when absent): imported
 * once through the real pipeline into a temp DATA_DIR, then searched and shown as a user sees it.
 * The reference answers come from the imported links and the raw CSV, with this file's own reading
 * of the tier rules (not the engine's).
 */
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovieCatalog } from '../../catalog/movie-catalog.js';
import { GraphService } from '../../graph/index.js';
import { compareCredits } from '../../graph/prominence.js';
import { recommend } from '../../graph/recommend.js';
import type { IngestEntity, IngestLink } from '../../ingest/model.js';
import { runImport, snapshotPath } from '../../ingest/pipeline.js';
import { readSourceEntities, readSourceLinks } from '../../ingest/source-files.js';
import { importTmdb5000 } from '../../ingest/tmdb5000/importer.js';
import { createLogger } from '../../platform/logging.js';
import { databaseTargets } from '../../test-support/targets.js';
import { createEntityService, type EntityService } from './service.js';

const SHARED = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)), '../shared/data/tmdb-5000');
const TITANIC = 'movie:597';

/** This test's reading of the rules: a cast member billed among the first ten is top-billed. */
const TOP_BILLED = 10;
/** Crew jobs a fan counts (supporting): the cinematographer and the editor; other crew jobs are obscure. */
const FAN_CREW_JOBS = new Set(['Director of Photography', 'Editor']);
const isFanLink = (link: IngestLink) =>
  ['acted_in', 'directed', 'wrote', 'composed', 'produced', 'part_of_collection'].includes(link.relationship) ||
  (link.relationship === 'crew' && (link.label ?? '').split(', ').some((job) => FAN_CREW_JOBS.has(job)));

/** Plain BFS over fan links between people and movies: the number of links, or null beyond maxDegrees. */
function fanDistance(adjacency: Map<string, string[]>, from: string, to: string, maxDegrees: number): number | null {
  const seen = new Set([from]);
  let frontier = [from];
  for (let depth = 1; depth <= maxDegrees && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const neighbour of adjacency.get(node) ?? []) {
        if (neighbour === to) return depth;
        if (seen.has(neighbour)) continue;
        seen.add(neighbour);
        next.push(neighbour);
      }
    }
    frontier = next;
  }
  return null;
}

async function readTitanicCast(): Promise<string[]> {
  const file = path.join(SHARED, 'tmdb_5000_credits.csv.gz');
  for await (const row of createReadStream(file).pipe(createGunzip()).pipe(parse({ columns: true })) as AsyncIterable<Record<string, string>>) {
    if (`movie:${row.movie_id}` !== TITANIC) continue;
    const cast = JSON.parse(row.cast!) as Array<{ name: string; order: number }>;
    return cast.sort((a, b) => a.order - b.order).map((member) => member.name);
  }
  throw new Error('Titanic is not in the credits file');
}

describe.runIf(existsSync(SHARED)).each(databaseTargets())('the TMDB 5000 import as a fan sees it ($name)', { timeout: 120_000 }, (target) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-tmdb5000-fan-'));
  let database: Awaited<ReturnType<typeof target.open>>;
  const graph = new GraphService({ workers: 0 });
  let entities: EntityService;
  const people = new Map<string, IngestEntity>();
  const byName = new Map<string, string>();
  const fanLinks = new Set<string>();
  const adjacency = new Map<string, string[]>();
  const topBilled: string[] = [];

  beforeAll(async () => {
    database = await target.open();
    await runImport('tmdb5000', importTmdb5000, { dir: SHARED }, { dataDir, db: database.db, logger: createLogger('silent') });
    await graph.load(snapshotPath(dataDir));
    entities = createEntityService({ graph, db: database.db });
    for await (const entity of readSourceEntities(dataDir, 'tmdb5000')) {
      if (entity.type !== 'person') continue;
      people.set(`person:${entity.id}`, entity);
      if (!byName.has(entity.name)) byName.set(entity.name, `person:${entity.id}`);
    }
    const billed = new Set<string>();
    for await (const link of readSourceLinks(dataDir, 'tmdb5000')) {
      if (link.relationship === 'acted_in' && link.billing !== undefined && link.billing < TOP_BILLED) billed.add(link.from);
      if (!isFanLink(link)) continue;
      fanLinks.add(`${link.from}|${link.to}`);
      for (const [a, b] of [[link.from, link.to], [link.to, link.from]] as const) {
        const list = adjacency.get(a);
        if (list) list.push(b);
        else adjacency.set(a, [b]);
      }
    }
    topBilled.push(...[...billed].sort());
  }, 300_000);

  afterAll(async () => {
    await graph.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 random pairs of top-billed actors through core and supporting links, as short as a BFS over them', async () => {
    let seed = 2026;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let viaFanLinks = 0;
    for (let i = 0; i < 200; i++) {
      const from = topBilled[Math.floor(random() * topBilled.length)]!;
      let to = topBilled[Math.floor(random() * topBilled.length)]!;
      if (to === from) to = topBilled[(topBilled.indexOf(from) + 1) % topBilled.length]!;
      const label = `${people.get(from)!.name} → ${people.get(to)!.name}`;
      const expected = fanDistance(adjacency, from, to, 6);
      const result = await graph.search(from, to);
      if (expected === null) {
        // Only a chain through obscure links or hubs, if any, and the answer says so.
        if (result) expect(result.stats.usedObscure, label).toBe(true);
        continue;
      }
      viaFanLinks++;
      expect(result?.degrees, label).toBe(expected);
      expect(result!.stats.usedObscure, label).toBe(false);
      for (let step = 0; step + 1 < result!.path.length; step++) {
        const [a, b] = [result!.path[step]!, result!.path[step + 1]!];
        expect(a.relationship!.tier, `${label}: ${a.name} – ${b.name}`).not.toBe('obscure');
        expect(fanLinks.has(`${a.key}|${b.key}`) || fanLinks.has(`${b.key}|${a.key}`), `${label}: ${a.name} – ${b.name} is a fan link`).toBe(true);
      }
    }
    expect(viaFanLinks).toBeGreaterThan(120);
  });

  it('tells the chains users complained about through actors and the people who made the films', async () => {
    const pairs = [
      ['Shah Rukh Khan', 'Tom Cruise'],
      ['Gong Li', 'Kevin Bacon'],
      ['Marilyn Monroe', 'Leonardo DiCaprio'],
    ];
    for (const [from, to] of pairs) {
      const result = await graph.search(byName.get(from!)!, byName.get(to!)!);
      const chain = result?.path.map((step) => `${step.name}${step.relationship ? ` -${step.relationship.code}(${step.relationship.tier})-` : ''}`).join(' ');
      expect(result, `${from} → ${to}`).not.toBeNull();
      expect(result!.stats.usedObscure, chain).toBe(false);
      for (const step of result!.path) {
        expect(['person', 'movie'], chain).toContain(step.type);
        if (step.relationship) expect(step.relationship.tier, chain).not.toBe('obscure');
      }
    }
  });

  it('among equally short chains takes acting links before crew links, however core the composer (issue 26)', async () => {
    const describeChain = (result: Awaited<ReturnType<typeof graph.search>>) =>
      result?.path.map((step) => `${step.name}${step.relationship ? ` -${step.relationship.code}-` : ''}`).join(' ');
    const pairs: Array<[from: string, to: string]> = [
      [byName.get('Meryl Streep')!, byName.get('Jackie Chan')!],
      [byName.get('Shah Rukh Khan')!, byName.get('Tom Cruise')!],
      ['movie:27205', 'movie:807'], // Inception → Se7en (Compare's pair)
    ];
    for (const [from, to] of pairs) {
      const result = await graph.search(from, to);
      const chain = describeChain(result);
      expect(result, `${from} → ${to}`).not.toBeNull();
      // As short as any chain of fan links, and every link an acting link.
      expect(result!.degrees, chain).toBe(fanDistance(adjacency, from, to, 6));
      for (const step of result!.path.slice(0, -1)) expect(step.relationship!.code, chain).toBe('acted_in');
    }
    // The Dark Knight → Romance: three links, the film before the genre reached by acting.
    const romance = await graph.search('movie:155', 'genre:romance');
    const chain = describeChain(romance);
    expect(romance!.degrees, chain).toBe(3);
    expect(romance!.path.slice(0, -2).map((step) => step.relationship!.code), chain).toEqual(['acted_in', 'acted_in']);
    expect(romance!.path.at(-2)!.relationship!.code, chain).toBe('has_genre');
  });

  it('says when only hubs or obscure links connect within maxDegrees (Charlie Chaplin → Jennifer Lawrence)', async () => {
    const [from, to] = [byName.get('Charlie Chaplin')!, byName.get('Jennifer Lawrence')!];
    expect(fanDistance(adjacency, from, to, 6)).toBeNull();
    const result = await graph.search(from, to);
    expect(result!.stats.usedObscure).toBe(true);
    const further = fanDistance(adjacency, from, to, 8);
    console.log(`Chaplin → Lawrence: ${result!.degrees} degrees with obscure links; through fan links: ${further ?? 'none within 8'}`);
    if (further !== null) {
      const wide = await graph.search(from, to, { maxDegrees: 8 });
      expect(wide!.degrees).toBe(further);
      expect(wide!.stats.usedObscure).toBe(false);
    }
  });

  it('lists Titanic’s cast in billing order', async () => {
    const billing = await readTitanicCast();
    expect(billing.slice(0, 5)).toEqual(['Kate Winslet', 'Leonardo DiCaprio', 'Frances Fisher', 'Billy Zane', 'Kathy Bates']);
    const page = await entities.detail('movie', TITANIC.slice('movie:'.length));
    expect(page.cast.map((member) => member.name)).toEqual(billing.slice(0, 12));
    expect(page.cast.map((member) => member.name)).toEqual(expect.arrayContaining(['Gloria Stuart', 'Bernard Hill', 'David Warner']));
    expect(page.cast.map((member) => member.name)).not.toContain('James Cameron');
    expect(page.crew).toContainEqual(expect.objectContaining({ name: 'James Cameron', job: 'Director' }));
    // Directors, writers and composers before producers.
    const jobs = page.crew.map((member) => member.job);
    expect(jobs.lastIndexOf('Producer') === -1 || jobs.indexOf('Producer') > Math.max(jobs.lastIndexOf('Director'), jobs.lastIndexOf('Writer'), jobs.lastIndexOf('Composer'))).toBe(true);
  });

  it('calls Bryan Singer a director', async () => {
    const key = byName.get('Bryan Singer')!;
    const [summary] = await entities.summaries([graph.resolve(key)!]);
    expect(summary).toMatchObject({ name: 'Bryan Singer', subtype: 'director' });
    expect(people.get(key)).toMatchObject({ subtype: 'director', details: { known_for_department: 'Directing' } });
  });

  describe('names a fan knows, chosen by billing then fame, never by the alphabet (issue 26)', () => {
    it('a profile that logged Inception lists Leonardo DiCaprio first and no obscure crew', async () => {
      // One film: every person counts once, so the profile's order is the credits' (profiles/service.ts topPeople).
      const catalog = createMovieCatalog(graph, database.db);
      const people = catalog.links(['27205']).get('27205')!.people;
      const top = [...people].sort((a, b) => compareCredits(a.credit, b.credit)).slice(0, 10).map((person) => person.name);
      expect(top[0]).toBe('Leonardo DiCaprio');
      expect(top).toEqual(expect.arrayContaining(['Joseph Gordon-Levitt', 'Christopher Nolan']));
      // Brad Ricker (art direction) was first in alphabetical order; an art director is no name a fan knows.
      expect(top).not.toContain('Brad Ricker');
    });

    it('recommends a Pirates sequel to a fan of The Curse of the Black Pearl "also starring Johnny Depp"', () => {
      const loaded = graph.graph;
      const seed = loaded.resolve('movie:22');
      const results = recommend(loaded, [{ node: seed, weight: 3 }], { limit: 18, exclude: [] });
      const sequels = results.filter((film) => ['movie:58', 'movie:285', 'movie:1865'].includes(loaded.key(film.node)));
      expect(sequels.length).toBeGreaterThan(0);
      for (const sequel of sequels) expect(loaded.name(sequel.basis.via)).toBe('Johnny Depp');
    });

    it('lists a person’s known-for films by their credit first: Stan Lee is known for the films he wrote before his cameos', async () => {
      const page = await entities.detail('person', byName.get('Stan Lee')!.slice('person:'.length));
      const roles = page.filmography.map((film) => (film.character === null ? 'crew' : 'cast'));
      // Every crew credit of his (Writer: the characters) comes before any cameo.
      expect(roles.indexOf('cast') === -1 || roles.lastIndexOf('crew') < roles.indexOf('cast')).toBe(true);
      expect(roles[0]).toBe('crew');
    });
  });
});
