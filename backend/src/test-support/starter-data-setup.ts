import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { replaceSourceDetails } from '../catalog/entity-store.js';
import { silentProgress } from '../ingest/importer.js';
import { buildSnapshot } from '../ingest/pipeline.js';
import { readSourceEntities, SourceWriter } from '../ingest/source-files.js';
import { importStarter } from '../ingest/starter/importer.js';
import { createLogger } from '../platform/logging.js';
import type { Db } from '../platform/db/database.js';

/** Where the run's starter DATA_DIR (sources and graph snapshot, built once) lies; set by the global setup below. */
export const STARTER_DIR_VARIABLE = 'CINEMA_DNA_TEST_STARTER_DIR';

/**
 * Vitest global setup for the storage tiers: imports the starter catalog once per run into a DATA_DIR
 * (its source files and its graph snapshot), which every test app copies instead of importing and
 * building it again (test-support/app-fixture.ts). Each project that lists this file calls it; the
 * first builds the folder, the others find it.
 */
export default async function setup(): Promise<(() => void) | void> {
  const existing = process.env[STARTER_DIR_VARIABLE];
  if (existing && existsSync(existing)) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'cdna-starter-'));
  const writer = new SourceWriter(dir, 'starter');
  await importStarter({}, { writer, progress: silentProgress, logger: createLogger('silent') });
  await writer.commit();
  await buildSnapshot(dir);
  process.env[STARTER_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Puts the run's starter catalog into `dataDir` and its entity details into `db` — what the first start
 * of the app (prepareGraph: import the starter catalog, build the snapshot) leaves behind — and
 * returns true; false when no global setup built it (the caller then imports as the app would).
 */
export async function copyStarterData(dataDir: string, db: Db): Promise<boolean> {
  const source = process.env[STARTER_DIR_VARIABLE];
  if (!source || !existsSync(source)) return false;
  // Timestamps kept: the snapshot stays newer than its sources, so prepareGraph does not rebuild it.
  cpSync(source, dataDir, { recursive: true, preserveTimestamps: true });
  await replaceSourceDetails(db, 'starter', readSourceEntities(dataDir, 'starter'));
  return true;
}
