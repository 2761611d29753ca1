import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { entityKey } from '@cinema-dna/shared-types';
import { SnapshotBuilder, type SnapshotBuildStats } from '../graph/snapshot-builder.js';
import { SNAPSHOT_VERSION, snapshotVersion } from '../graph/snapshot.js';
import type { Db } from '../platform/db/database.js';
import type { Logger } from '../platform/logging.js';
import { replaceSourceDetails } from '../catalog/entity-store.js';
import { silentProgress, type Importer, type ProgressReporter } from './importer.js';
import { listSources, readSourceEntities, readSourceLinks, SourceWriter, sourcesChangedAt, type SourceManifest } from './source-files.js';
import { importStarter } from './starter/importer.js';

/** The served graph: every source imported into DATA_DIR, built into one snapshot. */
export const SNAPSHOT_FILE = 'graph.snapshot';
export const snapshotPath = (dataDir: string) => path.join(dataDir, SNAPSHOT_FILE);

export interface PipelineContext {
  dataDir: string;
  db: Db;
  logger: Logger;
  progress?: ProgressReporter;
  signal?: AbortSignal;
}

export interface ImportOutcome {
  manifest: SourceManifest;
  detailRows: number;
  snapshot: SnapshotBuildStats;
}

/**
 * Runs one importer end to end: its output replaces that source's files (atomically), then its
 * rows in the entities table, then the snapshot is rebuilt from every source. A failure at any
 * point leaves the previous data in place.
 */
export async function runImport<Options>(source: string, importer: Importer<Options>, options: Options, context: PipelineContext): Promise<ImportOutcome> {
  const progress = context.progress ?? silentProgress;
  const writer = new SourceWriter(context.dataDir, source);
  let manifest: SourceManifest;
  try {
    await importer(options, { writer, progress, logger: context.logger, signal: context.signal });
    manifest = await writer.commit();
  } catch (error) {
    await writer.abort();
    progress.stop();
    throw error;
  }
  progress.phase('entity details → database', manifest.entities);
  const detailRows = await replaceSourceDetails(context.db, source, readSourceEntities(context.dataDir, source), (rows) => progress.update(rows));
  const snapshot = await buildSnapshot(context.dataDir, progress);
  progress.stop();
  return { manifest, detailRows, snapshot };
}

/** Builds DATA_DIR/graph.snapshot from every imported source (entities first, then links). */
export async function buildSnapshot(dataDir: string, progress: ProgressReporter = silentProgress): Promise<SnapshotBuildStats> {
  const builder = new SnapshotBuilder();
  const sources = listSources(dataDir);
  for (const source of sources) {
    progress.phase(`graph: entities of ${source}`);
    let count = 0;
    for await (const entity of readSourceEntities(dataDir, source)) {
      builder.addEntity({ key: entityKey(entity), type: entity.type, name: entity.name, subtype: entity.subtype ?? null, popularity: entity.popularity });
      if (++count % 10_000 === 0) progress.update(count);
    }
  }
  for (const source of sources) {
    progress.phase(`graph: links of ${source}`);
    let count = 0;
    for await (const link of readSourceLinks(dataDir, source)) {
      builder.addLink(link);
      if (++count % 50_000 === 0) progress.update(count);
    }
  }
  progress.phase('graph: writing snapshot');
  return builder.write(snapshotPath(dataDir));
}

/**
 * At start: with nothing imported into DATA_DIR, import the starter catalog (so a fresh install
 * plays at once); then rebuild the snapshot if any source is newer than it, or if it was written in
 * another format version (an upgrade: the sources hold everything a new format needs). Returns its path.
 */
export async function prepareGraph(context: PipelineContext): Promise<string> {
  const file = snapshotPath(context.dataDir);
  if (listSources(context.dataDir).length === 0) {
    context.logger.info('no movie data imported yet: importing the starter catalog');
    const outcome = await runImport('starter', importStarter, {}, context);
    context.logger.info({ entities: outcome.manifest.entities, links: outcome.manifest.links }, 'starter catalog imported');
    return file;
  }
  const builtAt = existsSync(file) ? statSync(file).mtimeMs : 0;
  const version = snapshotVersion(file);
  if (builtAt < sourcesChangedAt(context.dataDir)) {
    context.logger.info('imported sources changed: rebuilding the graph snapshot');
    await buildSnapshot(context.dataDir);
  } else if (version !== SNAPSHOT_VERSION) {
    context.logger.info({ found: version, expected: SNAPSHOT_VERSION }, 'graph snapshot in another format: rebuilding it');
    await buildSnapshot(context.dataDir);
  }
  return file;
}
