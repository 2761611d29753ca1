import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphService } from '../../graph/index.js';
import type { Importer } from '../../ingest/importer.js';
import { runImport } from '../../ingest/pipeline.js';
import { createTmdbEnricher } from '../../ingest/tmdb/enrichment.js';
import { answerTmdb, API_PREFIX, fixtureData, TEST_API_KEY } from '../../ingest/tmdb/test-fixtures/fake-tmdb.js';
import { startReplayServer, type ReplayServer } from '../../ingest/tmdb/test-fixtures/replay-server.js';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import { createLogger } from '../../platform/logging.js';
import { databaseTargets } from '../../test-support/targets.js';
import { createEntityService } from './service.js';

/** A TMDB 5000-style source: The Matrix (TMDB 603) without the poster that dataset lacks. */
const matrixWithoutPoster: Importer<Record<string, never>> = async (_options, { writer }) => {
  await writer.addEntity({ type: 'movie', id: '603', name: 'The Matrix', popularity: 80, details: { year: 1999, tmdb_id: 603 } });
  await writer.addEntity({ type: 'genre', id: 'action', name: 'Action', popularity: 1 });
  await writer.addLink({ from: 'movie:603', to: 'genre:action', relationship: 'has_genre' });
};

describe('entity pages enriched from TMDB', () => {
  let tmdb: ReplayServer;
  let requests = 0;
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  const graph = new GraphService({ workers: 0 });
  beforeAll(async () => {
    const data = fixtureData();
    tmdb = await startReplayServer((request) => {
      requests += 1;
      return answerTmdb(data, request);
    });
    database = await databaseTargets()[0]!.open();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-enrich-'));
    await runImport('tmdb5000', matrixWithoutPoster, {}, { dataDir, db: database.db, logger: createLogger('silent') });
    await graph.load(path.join(dataDir, 'graph.snapshot'));
  });
  afterAll(async () => {
    await graph.close();
    await database.dispose();
    await tmdb.close();
  });

  it('fills the missing poster and overview once, then serves them from the cache', async () => {
    const shared = createMemorySharedState();
    const enricher = createTmdbEnricher({ apiKey: TEST_API_KEY, baseUrl: `${tmdb.url}${API_PREFIX}`, cache: shared.kv, logger: createLogger('silent') });
    const service = createEntityService({ graph, db: database.db, enricher });
    const first = await service.detail('movie', '603');
    expect(first.poster_path).toMatch(/^\/.+\.jpg$/);
    expect(first.overview).toBeTruthy();
    expect(first.year).toBe(1999);
    const before = requests;
    const second = await service.detail('movie', '603');
    expect(second.poster_path).toBe(first.poster_path);
    expect(requests).toBe(before);
  });

  it('shows the imported data alone when no key is configured', async () => {
    const service = createEntityService({ graph, db: database.db, enricher: null });
    const detail = await service.detail('movie', '603');
    expect(detail.poster_path).toBeNull();
    expect(detail.name).toBe('The Matrix');
  });
});
