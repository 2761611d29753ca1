import { entityKey } from '@cinema-dna/shared-types';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentProgress } from '../importer.js';
import type { IngestEntity, IngestLink } from '../model.js';
import { readSourceEntities, readSourceLinks, SourceWriter } from '../source-files.js';
import type { CrawlCheckpoint } from './crawl-state.js';
import { importTmdb, type TmdbImportOptions } from './importer.js';
import { answerTmdb, API_PREFIX, fixtureData, rateLimitBody, syntheticData, TEST_API_KEY, type FakeTmdbData } from './test-fixtures/fake-tmdb.js';
import { startReplayServer, type ReceivedRequest, type ReplayServer, type Reply } from './test-fixtures/replay-server.js';

const logger = pino({ level: 'silent' });
let dataDir: string;
let server: ReplayServer | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tmdb-import-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve(data: FakeTmdbData, intercept: (request: ReceivedRequest) => Reply | undefined = () => undefined) {
  server = await startReplayServer((request) => intercept(request) ?? answerTmdb(data, request));
  return `${server.url}${API_PREFIX}`;
}

/** Runs the importer into a fresh source, committing on success (as the pipeline does). */
async function runImporter(options: Partial<TmdbImportOptions> & { baseUrl: string }, signal?: AbortSignal) {
  const writer = new SourceWriter(dataDir, 'tmdb');
  try {
    await importTmdb({ apiKey: TEST_API_KEY, stateFile: path.join(dataDir, 'tmdb-crawl.json'), ...options }, { writer, progress: silentProgress, logger, signal });
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const entities = new Map<string, IngestEntity>();
  for await (const entity of readSourceEntities(dataDir, 'tmdb')) entities.set(entityKey(entity), entity);
  const links: IngestLink[] = [];
  for await (const link of readSourceLinks(dataDir, 'tmdb')) links.push(link);
  return { entities, links };
}

const requestsTo = (pathname: string) => server!.requests.filter((r) => r.path === `${API_PREFIX}${pathname}`);
const has = (links: IngestLink[], link: IngestLink) => links.some((l) => l.from === link.from && l.to === link.to && l.relationship === link.relationship && l.label === link.label);

describe('importTmdb', () => {
  it('crawls both lists, every movie with credits and keywords, and every credited person, into the TMDB 5000 id scheme', async () => {
    const baseUrl = await serve(fixtureData());
    const { entities, links } = await runImporter({ baseUrl, pages: 5 });

    // Lists: popular has 2 pages, top rated 1; `pages` is capped by total_pages.
    expect(requestsTo('/movie/popular').map((r) => r.query.get('page')).sort()).toEqual(['1', '2']);
    expect(requestsTo('/movie/top_rated').map((r) => r.query.get('page'))).toEqual(['1']);
    // Each movie once (550 and 120 are on both lists), with its credits and keywords.
    for (const id of [550, 120, 603]) {
      const calls = requestsTo(`/movie/${id}`);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.query.get('append_to_response')).toBe('credits,keywords');
    }
    expect(requestsTo('/person/287')).toHaveLength(1);

    expect(entities.get('movie:550')).toEqual({
      type: 'movie',
      id: '550',
      name: 'Fight Club',
      popularity: 61.416,
      details: {
        tmdb_id: 550,
        overview: expect.stringContaining('insomniac') as string,
        release_date: '1999-10-15',
        year: 1999,
        runtime: 139,
        vote_average: 8.433,
        vote_count: 26280,
        original_language: 'en',
        country: 'Germany',
        poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
        imdb_id: 'tt0137523',
      },
    });
    expect(entities.get('person:287')).toMatchObject({
      name: 'Brad Pitt',
      subtype: 'actor',
      // As TMDB 5000 computes it: billed second in Fight Club, 61.416 / 2.
      popularity: 30.708,
      details: { profile_path: '/ajNaPmXVVMJFg9GWmu6MJzTaXdV.jpg', biography: expect.stringContaining('American actor') as string, birthday: '1963-12-18', place_of_birth: 'Shawnee, Oklahoma, USA', known_for_department: 'Acting', imdb_id: 'nm0000093', tmdb_id: 287 },
    });
    // Directed, produced and wrote The Fellowship of the Ring: ties go to directing.
    expect(entities.get('person:108')).toMatchObject({ name: 'Peter Jackson', subtype: 'director', popularity: 174.668, details: { birthday: '1961-10-31' } });
    // TMDB has no details for Howard Shore here (404): his credit still makes him a composer.
    expect(entities.get('person:117')).toMatchObject({ name: 'Howard Shore', subtype: 'composer', details: { known_for_department: 'Sound', profile_path: '/nJ606tXnL8vDVHi7qavrV292ljt.jpg' } });
    expect(entities.get('person:117')!.details).not.toHaveProperty('biography');

    // Vocabulary popularity: the sum of its movies' (Fight Club 61.416, Fellowship 174.668, The Matrix 48.958).
    expect(entities.get('genre:drama')).toEqual({ type: 'genre', id: 'drama', name: 'Drama', popularity: 61.416 });
    expect(entities.get('genre:science-fiction')).toMatchObject({ name: 'Science Fiction' });
    expect(entities.get('keyword:818')).toMatchObject({ name: 'based on novel or book', popularity: 236.084 });
    expect(entities.get('company:12')).toMatchObject({ name: 'New Line Cinema', details: { logo_path: '/2ycs64eqV5rqKYHyQK0GVoKGvfX.png', country: 'US' } });
    expect(entities.get('collection:119')).toMatchObject({ name: 'The Lord of the Rings Collection', details: { poster_path: '/oENY593nKRVL2PnxXsMtlh8izb4.jpg' } });
    expect(entities.get('location:nz')).toMatchObject({ name: 'New Zealand' });
    expect(entities.get('location:us')).toMatchObject({ name: 'United States of America', popularity: 285.042 });

    const expected: IngestLink[] = [
      { from: 'person:287', to: 'movie:550', relationship: 'acted_in', label: 'Tyler Durden' },
      { from: 'person:7467', to: 'movie:550', relationship: 'directed' },
      { from: 'person:7468', to: 'movie:550', relationship: 'wrote', label: 'Novel' },
      { from: 'person:1254', to: 'movie:550', relationship: 'produced', label: 'Producer' },
      { from: 'person:7477', to: 'movie:550', relationship: 'composed' },
      { from: 'person:108', to: 'movie:120', relationship: 'directed' },
      { from: 'person:108', to: 'movie:120', relationship: 'produced', label: 'Producer' },
      { from: 'person:108', to: 'movie:120', relationship: 'wrote', label: 'Screenplay' },
      { from: 'person:1313', to: 'movie:120', relationship: 'crew', label: 'Director of Photography' },
      { from: 'person:9340', to: 'movie:603', relationship: 'directed' },
      { from: 'person:9340', to: 'movie:603', relationship: 'wrote', label: 'Writer' },
      { from: 'movie:550', to: 'genre:drama', relationship: 'has_genre' },
      { from: 'movie:550', to: 'keyword:825', relationship: 'has_keyword' },
      { from: 'movie:550', to: 'company:508', relationship: 'produced_by' },
      { from: 'movie:550', to: 'location:de', relationship: 'country' },
      { from: 'movie:120', to: 'collection:119', relationship: 'part_of_collection' },
      { from: 'movie:603', to: 'collection:2344', relationship: 'part_of_collection' },
    ];
    for (const link of expected) expect(has(links, link), JSON.stringify(link)).toBe(true);
    // Every link joins entities of this source, and no entity is written twice.
    for (const { from, to } of links) {
      expect(entities.has(from), from).toBe(true);
      expect(entities.has(to), to).toBe(true);
    }
    const checkpoint = JSON.parse(readFileSync(path.join(dataDir, 'tmdb-crawl.json'), 'utf8')) as CrawlCheckpoint;
    expect(checkpoint.complete).toBe(true);
  });

  it('waits out a 429 (Retry-After: 1) and still imports everything', async () => {
    let limited: ReceivedRequest | undefined;
    const baseUrl = await serve(fixtureData(), (request) => {
      if (request.path !== '/3/movie/120' || limited) return undefined;
      limited = request;
      return { status: 429, headers: { 'retry-after': '1' }, body: rateLimitBody(41) };
    });
    const { entities } = await runImporter({ baseUrl, pages: 2 });
    expect(entities.has('movie:120')).toBe(true);
    const calls = requestsTo('/movie/120');
    expect(calls).toHaveLength(2);
    // The retry came after Retry-After, and so did every request started after the 429 reached the
    // client (those already in flight arrive within milliseconds). Server-side clock, generous bounds.
    expect(calls[1]!.at - limited!.at).toBeGreaterThan(900);
    const during = server!.requests.filter((r) => r.at > limited!.at + 100 && r.at < limited!.at + 900);
    expect(during).toEqual([]);
  });

  it('never sends more than requestsPerSecond requests in any second', async () => {
    const baseUrl = await serve(syntheticData(30));
    await runImporter({ baseUrl, pages: 2, requestsPerSecond: 15, concurrency: 8 });
    const arrivals = server!.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(arrivals.length).toBeGreaterThan(30);
    // Unlimited, sixteen requests would arrive within milliseconds; the margin below a second is
    // for arrival jitter on a busy machine (a request sent on time may reach the server late).
    for (let i = 0; i + 15 < arrivals.length; i += 1) expect(arrivals[i + 15]! - arrivals[i]!).toBeGreaterThan(750);
  });

  it('resumes an interrupted crawl without refetching what it already has, and writes a complete source', async () => {
    const data = syntheticData(40);
    const controller = new AbortController();
    let movieRequests = 0;
    const baseUrl = await serve(data, (request) => {
      if (/^\/3\/movie\/\d+$/.test(request.path) && ++movieRequests === 12) controller.abort();
      return undefined;
    });
    const stateFile = path.join(dataDir, 'tmdb-crawl.json');
    await expect(runImporter({ baseUrl, pages: 2, concurrency: 3 }, controller.signal)).rejects.toThrow(/abort/i);
    const checkpoint = JSON.parse(readFileSync(stateFile, 'utf8')) as CrawlCheckpoint;
    expect(checkpoint.complete).toBe(false);
    expect(checkpoint.lists.popular.pagesDone.sort()).toEqual([1, 2]);
    expect(checkpoint.movieIds).toHaveLength(40);
    expect(checkpoint.moviesDone.length).toBeGreaterThanOrEqual(8);
    expect(checkpoint.moviesDone.length).toBeLessThan(12);
    const firstRun = server!.requests.length;

    const { entities } = await runImporter({ baseUrl, pages: 2, concurrency: 3 });
    const secondRun = server!.requests.slice(firstRun);
    // No list page again, and no movie the first run had cached.
    expect(secondRun.filter((r) => r.path.startsWith('/3/movie/popular') || r.path.startsWith('/3/movie/top_rated'))).toEqual([]);
    const refetched = secondRun.filter((r) => checkpoint.moviesDone.some((id) => r.path === `/3/movie/${id}`));
    expect(refetched).toEqual([]);
    expect(secondRun.filter((r) => /^\/3\/movie\/\d+$/.test(r.path))).toHaveLength(40 - checkpoint.moviesDone.length);
    // The source holds every movie, those fetched before the interruption included.
    for (const id of data.movies.keys()) expect(entities.has(`movie:${id}`), `movie:${id}`).toBe(true);
    expect(entities.get('person:287')).toMatchObject({ details: { birthday: '1963-12-18' } });
  });

  it('starts a fresh crawl once the previous one was written', async () => {
    const baseUrl = await serve(fixtureData());
    await runImporter({ baseUrl, pages: 2 });
    const firstRun = server!.requests.length;
    await runImporter({ baseUrl, pages: 2 });
    expect(server!.requests.length).toBe(firstRun * 2);
  });

  it('fails with a clear error when TMDB rejects the key, sending nothing more', async () => {
    const baseUrl = await serve(fixtureData());
    await expect(runImporter({ baseUrl, apiKey: 'wrong' })).rejects.toThrow(/^TMDB rejected the API key \(HTTP 401, status_code 7: Invalid API key: You must be granted a valid key\.\)/);
    expect(server!.requests).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'sources', 'tmdb'))).toBe(false);
  });
});
