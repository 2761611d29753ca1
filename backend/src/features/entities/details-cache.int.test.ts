import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphService } from '../../graph/index.js';
import { prepareGraph } from '../../ingest/pipeline.js';
import type { Db } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logging.js';
import { databaseTargets } from '../../test-support/targets.js';
import { createEntityService } from './service.js';

/** The database, counting the queries the service sends through it. */
function counting(db: Db): { db: Db; queries: () => number } {
  let queries = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        queries += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, queries: () => queries };
}

describe.each(databaseTargets())('entity details cache on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  const graph = new GraphService({ workers: 0 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-details-'));
  beforeAll(async () => {
    database = await target.open();
    await graph.load(await prepareGraph({ dataDir, db: database.db, logger: createLogger('silent') }));
  });
  afterAll(async () => {
    await graph.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('once warmed, names every entity of the catalog without a query, with the same details', async () => {
    const everyEntity = Array.from({ length: graph.status().entities }, (_, index) => index);
    const cold = createEntityService({ graph, db: database.db });
    const expected = await cold.summaries(everyEntity);

    const { db, queries } = counting(database.db);
    const warm = createEntityService({ graph, db });
    expect(await warm.warmDetails()).toBe(everyEntity.length);
    const afterWarming = queries();
    expect(await warm.summaries(everyEntity)).toEqual(expected);
    expect(await warm.search('tom', undefined, 10)).toEqual(await cold.search('tom', undefined, 10));
    expect(queries()).toBe(afterWarming);
  });
});
