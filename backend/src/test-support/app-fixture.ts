import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../app.js';
import { createConnectionService, type ConnectionService } from '../features/connections/service.js';
import { createEntityService, type EntityService } from '../features/entities/service.js';
import { GraphService } from '../graph/index.js';
import { prepareGraph } from '../ingest/pipeline.js';
import type { SharedState } from '../platform/cache/types.js';
import type { Database } from '../platform/db/database.js';
import { createLogger } from '../platform/logging.js';
import { createRateLimiter, type RateLimiter } from '../platform/rate-limit.js';

export interface TestApp {
  app: Express;
  graph: GraphService;
  entities: EntityService;
  connections: ConnectionService;
  findLimiter: RateLimiter;
  close(): Promise<void>;
}

/**
 * The real app on the real starter catalog (imported into a temp DATA_DIR and the given database),
 * searching on the calling thread. Everything but the listening socket is as in production.
 */
export async function openTestApp(options: { database: Database; shared: SharedState; bodyLimit?: string; findLimit?: number; staticDir?: string }): Promise<TestApp> {
  const logger = createLogger('silent');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-app-'));
  const graph = new GraphService({ workers: 0 });
  await graph.load(await prepareGraph({ dataDir, db: options.database.db, logger }));
  const entities = createEntityService({ graph, db: options.database.db });
  const connections = createConnectionService({ graph, entities, shared: options.shared, logger });
  const findLimiter = createRateLimiter(options.shared.counters, { name: 'find-connection', limit: options.findLimit ?? 1_000, windowMs: 60_000 });
  const app = createApp({
    logger,
    database: options.database,
    shared: options.shared,
    graph: { status: () => graph.status(), probe: async () => 0.01 },
    entities,
    connections,
    findLimiter,
    bodyLimit: options.bodyLimit,
    staticDir: options.staticDir,
  });
  return {
    app,
    graph,
    entities,
    connections,
    findLimiter,
    async close() {
      await graph.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
