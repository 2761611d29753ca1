import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot, SNAPSHOT_VERSION } from '../graph/snapshot.js';
import { createLogger } from '../platform/logging.js';
import { databaseTargets } from '../test-support/targets.js';
import { allEntityDetails, findEntityDetails, type StoredEntity } from '../catalog/entity-store.js';
import { ImportInputError, type Importer } from './importer.js';
import type { EntityKey } from '@cinema-dna/shared-types';
import { createKeyResolver } from './key-resolver.js';
import { buildSnapshot, prepareGraph, runImport, snapshotPath } from './pipeline.js';
import { listSources, readSourceEntities } from './source-files.js';

const logger = createLogger('silent');

/** A tiny importer in the shape every real one has. */
const tiny = (suffix: string): Importer<Record<string, never>> => async (_options, { writer }) => {
  await writer.addEntity({ type: 'movie', id: `tt100${suffix}`, name: `Film ${suffix}`, popularity: 5, details: { year: 2000, imdb_id: `tt100${suffix}` } });
  await writer.addEntity({ type: 'person', id: `nm200${suffix}`, name: `Actor ${suffix}`, popularity: 3 });
  await writer.addEntity({ type: 'genre', id: 'drama', name: 'Drama', popularity: 1 });
  await writer.addLink({ from: `person:nm200${suffix}`, to: `movie:tt100${suffix}`, relationship: 'acted_in', label: 'Lead' });
  await writer.addLink({ from: `movie:tt100${suffix}`, to: 'genre:drama', relationship: 'has_genre' });
};

describe.each(databaseTargets())('the import pipeline on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-pipeline-'));
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const context = () => ({ dataDir, db: database.db, logger });

  it('imports the starter catalog on first start and builds a loadable snapshot', async () => {
    const file = await prepareGraph(context());
    expect(listSources(dataDir)).toEqual(['starter']);
    const graph = await loadSnapshot(file);
    expect(graph.nodeCount).toBeGreaterThan(100);
    const details = await findEntityDetails(database.db, ['person:tom-hanks']);
    expect(details.get('person:tom-hanks')).toMatchObject({ name: 'Tom Hanks', type: 'person', details: { birthday: '1956-07-09' } });
  });

  it('serves every imported source, merges shared keys, and replaces a source cleanly when re-run', async () => {
    await runImport('alpha', tiny('1'), {}, context());
    const outcome = await runImport('beta', tiny('2'), {}, context());
    const graph = await loadSnapshot(snapshotPath(dataDir));
    expect(graph.resolve('movie:tt1001')).toBeGreaterThanOrEqual(0);
    expect(graph.resolve('movie:tt1002')).toBeGreaterThanOrEqual(0);
    expect(outcome.snapshot.entities).toBe(graph.nodeCount);

    const before = (await findEntityDetails(database.db, ['movie:tt1001'])).get('movie:tt1001');
    expect(before).toMatchObject({ name: 'Film 1', details: { year: 2000 } });
    // Re-running a source replaces its rows instead of adding to them.
    await runImport('alpha', tiny('1'), {}, context());
    const rows = await database.db.execute(`select count(*)::int as n from entities where source = 'alpha'` as never);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(3);
  });

  it('reads every entity page by page, each one whole across its sources', async () => {
    // Its own database: two sources sharing every film, popularity falling as the keys rise.
    const own = await target.open();
    const ownDir = mkdtempSync(path.join(tmpdir(), 'cdna-pages-'));
    try {
      const ranked = (source: string): Importer<Record<string, never>> => async (_options, { writer }) => {
        for (let i = 1; i <= 6; i++) await writer.addEntity({ type: 'movie', id: `m${i}`, name: `Film ${i}`, popularity: 10 - i, details: { year: 2000 + i, country: source } });
        await writer.addEntity({ type: 'person', id: `only-${source}`, name: `Only ${source}`, popularity: 1 });
      };
      for (const source of ['alpha', 'beta']) await runImport(source, ranked(source), {}, { dataDir: ownDir, db: own.db, logger });
      const keys = [...Array.from({ length: 6 }, (_, i) => `movie:m${i + 1}`), 'person:only-alpha', 'person:only-beta'] as EntityKey[];
      const expected = await findEntityDetails(own.db, keys);
      expect(expected.size).toBe(keys.length);
      for (const pageRows of [1, 2, 3, 5, 1000]) {
        const read = new Map<EntityKey, StoredEntity>();
        for await (const page of allEntityDetails(own.db, pageRows)) {
          for (const [key, stored] of page) {
            expect(read.has(key)).toBe(false);
            read.set(key, stored);
          }
        }
        expect(read).toEqual(expected);
      }
    } finally {
      await own.dispose();
      rmSync(ownDir, { recursive: true, force: true });
    }
  });

  it('leaves the previous data in place when an importer fails', async () => {
    const snapshotBefore = statSync(snapshotPath(dataDir)).mtimeMs;
    const broken: Importer<Record<string, never>> = async (_options, { writer }) => {
      await writer.addEntity({ type: 'movie', id: 'tt999', name: 'Half', popularity: 1 });
      throw new ImportInputError('unexpected column count', 'title.basics.tsv.gz', 42);
    };
    await expect(runImport('alpha', broken, {}, context())).rejects.toThrow('title.basics.tsv.gz:42: unexpected column count');
    const names: string[] = [];
    for await (const entity of readSourceEntities(dataDir, 'alpha')) names.push(entity.name);
    expect(names).toContain('Film 1');
    expect(names).not.toContain('Half');
    expect(statSync(snapshotPath(dataDir)).mtimeMs).toBe(snapshotBefore);
  });

  it('resolves external ids to the entities already imported', async () => {
    const resolve = await createKeyResolver(dataDir);
    expect(resolve({ imdbId: 'tt1002' })).toBe('movie:tt1002');
    expect(resolve({ imdbId: 'tt0000000' })).toBeNull();
    const withoutBeta = await createKeyResolver(dataDir, ['beta']);
    expect(withoutBeta({ imdbId: 'tt1002' })).toBeNull();
  });

  it('rebuilds a stale snapshot at start', async () => {
    rmSync(snapshotPath(dataDir));
    await prepareGraph(context());
    expect((await loadSnapshot(snapshotPath(dataDir))).resolve('movie:tt1001')).toBeGreaterThanOrEqual(0);
    await buildSnapshot(dataDir);
  });

  it('rebuilds a snapshot of an older format at start, though it is newer than every source (an upgrade)', async () => {
    const file = snapshotPath(dataDir);
    const bytes = readFileSync(file);
    bytes.writeUInt32LE(SNAPSHOT_VERSION - 1, 8);
    writeFileSync(file, bytes);
    await expect(loadSnapshot(file)).rejects.toThrow(`snapshot format version ${SNAPSHOT_VERSION - 1} is not supported`);
    await prepareGraph(context());
    const graph = await loadSnapshot(file);
    expect(graph.header.version).toBe(SNAPSHOT_VERSION);
    expect(graph.resolve('movie:tt1001')).toBeGreaterThanOrEqual(0);
  });
});

describe('a source folder that is not a source', () => {
  it('is ignored', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-sources-'));
    mkdirSync(path.join(dataDir, 'sources', 'half.importing-1'), { recursive: true });
    mkdirSync(path.join(dataDir, 'sources', 'nomanifest'), { recursive: true });
    writeFileSync(path.join(dataDir, 'sources', 'nomanifest', 'entities.ndjson.gz'), '');
    expect(listSources(dataDir)).toEqual([]);
  });
});
