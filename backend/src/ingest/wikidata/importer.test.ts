import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImportInputError, silentProgress } from '../importer.js';
import type { ExternalIds } from '../key-resolver.js';
import type { IngestEntity, IngestLink } from '../model.js';
import { readSourceEntities, readSourceLinks, SourceWriter } from '../source-files.js';
import type { Clock } from '../tmdb/rate-limiter.js';
import { startReplayServer, type ReceivedRequest, type ReplayServer, type Reply } from '../tmdb/test-fixtures/replay-server.js';
import type { AwardMatchStats } from './award-statements.js';
import { importWikidataAwards, type WikidataAwardsOptions } from './importer.js';
import { SparqlRequestError } from './sparql-client.js';

const fixture = (name: string) => readFileSync(new URL(`test-fixtures/${name}`, import.meta.url), 'utf8');
const logger = pino({ level: 'silent' });
const KNOWN: Record<string, string> = { tt0133093: 'movie:603', tt0172495: 'movie:98', tt0110912: 'movie:680', nm0000128: 'person:934', 'person:73421': 'person:73421' };
const resolveKey = ({ imdbId, tmdbMovieId, tmdbPersonId }: ExternalIds) =>
  (imdbId && KNOWN[imdbId]) || (tmdbMovieId && KNOWN[`movie:${tmdbMovieId}`]) || (tmdbPersonId && KNOWN[`person:${tmdbPersonId}`]) || null;

let dataDir: string;
let server: ReplayServer | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'wikidata-import-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** WDQS as the importer sees it: the Oscars and Palme d'Or queries have answers, the others none. */
const answerWdqs = (request: ReceivedRequest): Reply => {
  const query = new URLSearchParams(request.body).get('query') ?? '';
  const body = query.includes('wd:Q19020') ? fixture('academy-awards-results.json') : query.includes('wd:Q179808') ? fixture('palme-d-or-results.json') : fixture('empty-results.json');
  return { headers: { 'content-type': 'application/sparql-results+json;charset=utf-8' }, body };
};

async function serve(intercept: (request: ReceivedRequest, index: number) => Reply | undefined = () => undefined) {
  let index = 0;
  server = await startReplayServer((request) => intercept(request, index++) ?? answerWdqs(request));
  return `${server.url}/sparql`;
}

function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  const clock: Clock = { now: () => now, sleep: async (ms) => void (sleeps.push(ms), (now += ms)) };
  return { clock, sleeps };
}

async function runImporter(options: Partial<WikidataAwardsOptions> & { endpoint: string }) {
  const writer = new SourceWriter(dataDir, 'wikidata');
  let summary: { perAward: Record<string, AwardMatchStats>; total: AwardMatchStats } | undefined;
  try {
    await importWikidataAwards({ resolveKey, onSummary: (s) => (summary = s), ...options }, { writer, progress: silentProgress, logger });
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const entities: IngestEntity[] = [];
  for await (const entity of readSourceEntities(dataDir, 'wikidata')) entities.push(entity);
  const links: IngestLink[] = [];
  for await (const link of readSourceLinks(dataDir, 'wikidata')) links.push(link);
  return { entities, links, summary: summary! };
}

describe('importWikidataAwards', () => {
  it('queries each award by POST with the SPARQL JSON Accept header and a User-Agent, and writes matched awards', async () => {
    const endpoint = await serve();
    const { entities, links, summary } = await runImporter({ endpoint });

    expect(server!.requests).toHaveLength(6);
    for (const request of server!.requests) {
      expect(request.method).toBe('POST');
      expect(request.headers.accept).toBe('application/sparql-results+json');
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers['user-agent']).toMatch(/^CinemaDNA/);
      expect(new URLSearchParams(request.body).get('query')).toMatch(/^SELECT \?statement/m);
    }
    expect(links).toContainEqual({ from: 'movie:603', to: 'award:academy-award-for-best-film-editing', relationship: 'won', label: '2000 · Best Film Editing' });
    expect(links).toContainEqual({ from: 'person:934', to: 'award:academy-award-for-best-actor', relationship: 'won', label: '2001 · Gladiator' });
    expect(links).toContainEqual({ from: 'movie:680', to: 'award:palme-d-or', relationship: 'won', label: "1994 · Palme d'Or" });
    expect(links).toHaveLength(6);
    // Only award entities: films and people belong to the sources they were matched in.
    expect(entities.map((e) => e.type)).toEqual(Array(entities.length).fill('award'));
    expect(entities.find((e) => e.id === 'palme-d-or')).toMatchObject({ name: "Palme d'Or", details: { wikidata_id: 'Q179808' } });

    expect(summary.perAward['Academy Awards']).toEqual({ statements: 9, matched: 6, withoutIds: 1, notInGraph: 1, unnamedAward: 1, links: 5 });
    expect(summary.perAward['Golden Globe Awards']).toEqual({ statements: 0, matched: 0, withoutIds: 0, notInGraph: 0, unnamedAward: 0, links: 0 });
    expect(summary.total).toEqual({ statements: 10, matched: 7, withoutIds: 1, notInGraph: 1, unnamedAward: 1, links: 6 });
  });

  it('queries only the awards asked for', async () => {
    const endpoint = await serve();
    const { summary } = await runImporter({ endpoint, awards: ['cannes', 'venice'] });
    expect(server!.requests).toHaveLength(2);
    expect(Object.keys(summary.perAward)).toEqual(["Cannes Film Festival: Palme d'Or", 'Venice Film Festival: Golden Lion']);
  });

  it('honours Retry-After on a 429 and backs off on a 5xx, then succeeds', async () => {
    const endpoint = await serve((_, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '2' }, body: 'Too Many Requests' } : index === 1 ? { status: 500, body: 'java.util.concurrent.TimeoutException' } : undefined,
    );
    const { clock, sleeps } = fakeClock();
    const { links } = await runImporter({ endpoint, clock, awards: ['oscars'] });
    expect(sleeps).toEqual([2000, 2000]);
    expect(server!.requests).toHaveLength(3);
    expect(links).toHaveLength(5);
  });

  it('fails without retrying when WDQS refuses the query (400)', async () => {
    const endpoint = await serve(() => ({ status: 400, body: 'MalformedQueryException: Encountered " <VAR1> "?foo "" at line 1' }));
    const error = await runImporter({ endpoint }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SparqlRequestError);
    expect((error as Error).message).toContain('award-statements.rq for Academy Awards');
    expect((error as Error).message).toContain('HTTP 400: MalformedQueryException');
    expect(server!.requests).toHaveLength(1);
  });

  it('reports a malformed body as input error naming the endpoint and the query', async () => {
    const endpoint = await serve((_, index) => (index === 2 ? { body: '<html><body>Service unavailable</body></html>' } : undefined));
    const error = await runImporter({ endpoint }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    expect((error as ImportInputError).file).toBe(`${endpoint} (query award-statements.rq for BAFTA Awards)`);
    expect((error as Error).message).toMatch(/not a SPARQL JSON result \(invalid JSON/);
  });
});
