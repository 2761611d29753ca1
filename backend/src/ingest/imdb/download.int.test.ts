import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logging.js';
import { silentProgress, type ProgressReporter } from '../importer.js';
import { readSourceEntities, readSourceLinks, SourceWriter } from '../source-files.js';
import { DownloadError, downloadImdb, IMDB_DOWNLOADS } from './download.js';
import { importImdb, type ImdbOptions } from './importer.js';

const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
/** What the server publishes: the fixtures gzipped, as datasets.imdbws.com serves them. */
const published = new Map(readdirSync(FIXTURES).map((name) => [`/${name}.gz`, gzipSync(readFileSync(path.join(FIXTURES, name)))]));
const temp: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/truncated/title.basics.tsv.gz') {
      // Announces more than it sends, then drops the connection (an interrupted transfer).
      response.writeHead(200, { 'content-length': '100000', 'content-type': 'application/gzip' });
      response.write(published.get('/title.basics.tsv.gz')!.subarray(0, 50));
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    const body = published.get(url.replace(/^\/datasets/, ''));
    if (!body) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-length': body.length, 'content-type': 'application/gzip' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/datasets/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  temp.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

async function run(options: ImdbOptions) {
  const dataDir = tempDir('imdb-data-');
  const writer = new SourceWriter(dataDir, 'imdb');
  await importImdb(options, { writer, progress: silentProgress, logger: createLogger('silent') });
  await writer.commit();
  const entities = [];
  for await (const entity of readSourceEntities(dataDir, 'imdb')) entities.push(entity);
  const links = [];
  for await (const link of readSourceLinks(dataDir, 'imdb')) links.push(link);
  return { entities, links };
}

describe('downloadImdb', () => {
  it('streams every dataset file to disk, reporting progress', async () => {
    const dir = tempDir('imdb-download-');
    const phases: Array<[string, number | undefined]> = [];
    let last = 0;
    const progress: ProgressReporter = { phase: (label, total) => phases.push([label, total]), update: (done) => (last = done), stop() {} };
    const files = await downloadImdb(dir, { baseUrl, progress });
    expect(files).toEqual(IMDB_DOWNLOADS.map((name) => path.join(dir, name)));
    for (const name of IMDB_DOWNLOADS) expect(readFileSync(path.join(dir, name))).toEqual(published.get(`/${name}`));
    expect(phases.map(([label]) => label)).toEqual(IMDB_DOWNLOADS.map((name) => `download ${name}`));
    expect(phases[3]![1]).toBe(published.get('/title.ratings.tsv.gz')!.length);
    expect(last).toBe(published.get('/title.ratings.tsv.gz')!.length);
    expect(readdirSync(dir).sort()).toEqual([...IMDB_DOWNLOADS].sort());
  });

  it('feeds the importer: --download gives the same graph as the local files', async () => {
    const dir = tempDir('imdb-download-');
    expect(await run({ dir, download: true, downloadBaseUrl: baseUrl })).toEqual(await run({ dir: FIXTURES }));
  });

  it('fails clearly on an HTTP error, leaving no file behind', async () => {
    const dir = tempDir('imdb-download-');
    await expect(downloadImdb(dir, { baseUrl, files: ['title.akas.tsv.gz'] })).rejects.toThrow(
      new DownloadError(`GET ${baseUrl}title.akas.tsv.gz failed: HTTP 404 Not Found`),
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails on an interrupted transfer, leaving no partial file', async () => {
    const dir = tempDir('imdb-download-');
    await expect(downloadImdb(dir, { baseUrl: baseUrl.replace('/datasets/', '/truncated/'), files: ['title.basics.tsv.gz'] })).rejects.toBeInstanceOf(DownloadError);
    expect(existsSync(path.join(dir, 'title.basics.tsv.gz'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
