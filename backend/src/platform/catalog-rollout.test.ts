import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogVersionOf, GraphService } from '../graph/index.js';
import { fixture, writeFixture } from '../graph/test-graphs.js';
import { createMemorySharedState } from './cache/memory.js';
import { announceCatalog, startCatalogRollout } from './catalog-rollout.js';
import { createLogger } from './logging.js';

const dir = mkdtempSync(join(tmpdir(), 'cdna-rollout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entities: Array<[string, number, string]> = [
  ['person:bacon', 80, 'Kevin Bacon'],
  ['person:hanks', 95, 'Tom Hanks'],
  ['movie:apollo13', 70, 'Apollo 13'],
];
const links: Array<[string, 'acted_in', string, string]> = [
  ['person:bacon', 'acted_in', 'movie:apollo13', 'Jack Swigert'],
  ['person:hanks', 'acted_in', 'movie:apollo13', 'Jim Lovell'],
];

describe.each([0, 1])('a catalog roll-out with %i search workers', (workers) => {
  it('loads an announced snapshot beside the served one, switches to it, and lets searches in flight finish', async () => {
    const file = join(dir, `graph-${workers}.snapshot`);
    writeFixture(fixture(entities, links), file);
    const graph = new GraphService({ workers });
    await graph.load(file);
    const first = graph.status().version;
    expect(first).toBe(catalogVersionOf(file));
    expect(graph.typeahead('Gary')).toEqual([]);

    const shared = createMemorySharedState();
    const rollout = await startCatalogRollout({ pubsub: shared.pubsub, graph, snapshotFile: file, versionOnDisk: catalogVersionOf, logger: createLogger('silent') });
    try {
      // A search starts on the served catalog; the import writes a bigger one and announces it.
      const inFlight = graph.search('person:bacon', 'person:hanks');
      writeFixture(
        fixture([...entities, ['person:sinise', 60, 'Gary Sinise'], ['movie:forrest', 90, 'Forrest Gump']], [
          ...links,
          ['person:hanks', 'acted_in', 'movie:forrest', 'Forrest Gump'],
          ['person:sinise', 'acted_in', 'movie:forrest', 'Lt. Dan'],
        ]),
        file,
      );
      const second = catalogVersionOf(file);
      expect(second).not.toBe(first);
      await announceCatalog(shared.pubsub, second);
      // Loading the new snapshot (in the search workers too) takes seconds on a busy machine: a hang guard, not a speed check.
      await expect.poll(() => graph.status().version, { timeout: 15_000 }).toBe(second);

      // The search that started on the old catalog answered; new ones see the new catalog.
      expect((await inFlight)?.degrees).toBe(2);
      expect(graph.typeahead('Gary').map((hit) => hit.key)).toEqual(['person:sinise']);
      expect((await graph.search('person:bacon', 'person:sinise'))?.degrees).toBe(4);
      expect(graph.status()).toMatchObject({ status: 'up', entities: 5 });

      // Announcing the version already served loads nothing again.
      const loadedMs = graph.status().loadedMs;
      await announceCatalog(shared.pubsub, second);
      await rollout.check();
      expect(graph.status().loadedMs).toBe(loadedMs);
    } finally {
      await rollout.close();
      await shared.close();
      await graph.close();
    }
  });
});
