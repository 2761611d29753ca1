import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemHealth, probeTmdb, probeWikidata, WIKIDATA_ASK } from './dependencies.js';
import { databaseTargets } from '../../test-support/targets.js';

const FIXTURES = '/work/shared/fixtures';
const configurationBody = readFileSync(`${FIXTURES}/tmdb-api/configuration.json`, 'utf8');
const invalidKeyBody = readFileSync(`${FIXTURES}/tmdb-api/error-401-invalid-api-key.json`, 'utf8');
const sparqlBody = readFileSync(`${FIXTURES}/wikidata/sparql-results-film-optional-values.json`, 'utf8');

/** A local stand-in for TMDB and the Wikidata Query Service, replaying recorded bodies. */
describe('dependency probes', () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      seen.push(`${url.pathname}?${url.searchParams.toString()}`);
      if (url.pathname === '/3/configuration') {
        const ok = url.searchParams.get('api_key') === 'good-key';
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(ok ? configurationBody : invalidKeyBody);
      } else if (url.pathname === '/sparql' && url.searchParams.get('query') === WIKIDATA_ASK) {
        res.writeHead(200, { 'content-type': 'application/sparql-results+json' }).end(sparqlBody);
      } else {
        res.writeHead(404).end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    database = await databaseTargets()[0]!.open();
  });
  afterAll(async () => {
    await database.dispose();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reports not_configured without a key or URL (a state, not an error), with no request', async () => {
    const before = seen.length;
    expect(await probeTmdb({ tmdbApiUrl: `${base}/3` })).toMatchObject({ status: 'not_configured', latencyMs: null });
    expect(await probeWikidata({ tmdbApiUrl: `${base}/3` })).toMatchObject({ status: 'not_configured', latencyMs: null });
    expect(seen.length).toBe(before);
  });

  it('calls TMDB for real with the key: healthy with a measured latency, error when the key is refused', async () => {
    const healthy = await probeTmdb({ tmdbApiKey: 'good-key', tmdbApiUrl: `${base}/3` });
    expect(healthy.status).toBe('healthy');
    expect(healthy.latencyMs).toEqual(expect.any(Number));
    expect(seen.at(-1)).toBe('/3/configuration?api_key=good-key');
    expect(await probeTmdb({ tmdbApiKey: 'bad-key', tmdbApiUrl: `${base}/3` })).toMatchObject({ status: 'error', detail: expect.stringContaining('401') });
  });

  it('asks the SPARQL endpoint a tiny ASK query; an unreachable endpoint is an error', async () => {
    const healthy = await probeWikidata({ tmdbApiUrl: '', wikidataSparqlUrl: `${base}/sparql` });
    expect(healthy).toMatchObject({ status: 'healthy', latencyMs: expect.any(Number) });
    expect(await probeWikidata({ tmdbApiUrl: '', wikidataSparqlUrl: 'http://127.0.0.1:9/sparql' })).toMatchObject({ status: 'error', latencyMs: null });
  });

  it('gives the admin stats card and the System rows from the same probes', async () => {
    const health = createSystemHealth({ database, settings: { tmdbApiKey: 'good-key', tmdbApiUrl: `${base}/3` } });
    const card = await health.systemHealth();
    expect(card).toMatchObject({ database: 'healthy', tmdbApi: 'healthy', wikidataApi: 'not_configured' });
    expect(card.serverLoad).toBeGreaterThanOrEqual(0);
    expect(card.serverLoad).toBeLessThanOrEqual(1);
    expect(card.memoryUsage).toBeGreaterThan(0);
    const rows = await health.healthRows();
    expect(rows.map((row) => row.status)).toEqual(['healthy', 'healthy', 'not_configured']);
    expect(rows[0]!.latencyMs).toEqual(expect.any(Number));
  });
});
