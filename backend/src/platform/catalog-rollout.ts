import { existsSync } from 'node:fs';
import type { Logger } from './logging.js';
import type { PubSub } from './cache/types.js';

/**
 * A new catalog without downtime. An import (`npm run data:…`) rebuilds DATA_DIR/graph.snapshot and
 * announces its catalog version on this channel (through Redis: every replica hears it); each replica
 * loads the new snapshot beside the old one, switches in one assignment (GraphService.load), and the old
 * graph's workers stop once the searches that started on it have finished. Connection cache keys carry
 * the catalog version, so paths of the old catalog are never served for the new one.
 */
export const CATALOG_CHANNEL = 'catalog:snapshot';

export interface CatalogGraph {
  load(path: string): Promise<void>;
  status(): { version: string | null };
}

export interface CatalogRolloutOptions {
  pubsub: PubSub;
  graph: CatalogGraph;
  snapshotFile: string;
  /** The catalog version of the file on disk now (catalogVersionOf). */
  versionOnDisk: (path: string) => string;
  logger: Logger;
}

export interface CatalogRollout {
  /** Loads the snapshot on disk when its version is not the one served; resolves when done. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Tells every replica that a new snapshot is on disk. */
export async function announceCatalog(pubsub: PubSub, version: string): Promise<void> {
  await pubsub.publish(CATALOG_CHANNEL, JSON.stringify({ version }));
}

/** Subscribes to catalog announcements; one load at a time, a repeated announcement loads nothing twice. */
export async function startCatalogRollout(options: CatalogRolloutOptions): Promise<CatalogRollout> {
  const { graph, snapshotFile, logger } = options;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const loadIfNew = async () => {
    if (closed || !existsSync(snapshotFile)) return;
    const onDisk = options.versionOnDisk(snapshotFile);
    const served = graph.status().version;
    if (onDisk === served) return;
    const started = performance.now();
    logger.info({ from: served, to: onDisk }, 'catalog: loading the new snapshot beside the served one');
    try {
      await graph.load(snapshotFile);
      logger.info({ version: graph.status().version, ms: Math.round(performance.now() - started) }, 'catalog: switched to the new snapshot');
    } catch (error) {
      // The previous graph stays served (GraphService keeps it on a failed load).
      logger.error({ err: error instanceof Error ? error.message : String(error), version: onDisk }, 'catalog: the new snapshot could not be loaded');
    }
  };
  const check = () => (running = running.then(loadIfNew));

  const unsubscribe = await options.pubsub.subscribe(CATALOG_CHANNEL, (message) => {
    let version: unknown;
    try {
      version = (JSON.parse(message) as { version?: unknown }).version;
    } catch {
      version = undefined;
    }
    logger.info({ version }, 'catalog: a new snapshot was announced');
    void check();
  });

  return {
    check,
    async close() {
      closed = true;
      await unsubscribe();
      await running;
    },
  };
}
