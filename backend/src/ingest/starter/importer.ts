import type { Importer } from '../importer.js';
import { CATALOG_DIR, catalogToGraph, readCatalog } from './catalog.js';

/** `data:starter`: the hand-curated catalog shipped in the repo. */
export const importStarter: Importer<{ dir?: string }> = async ({ dir = CATALOG_DIR }, { writer, progress }) => {
  const { entities, links } = catalogToGraph(readCatalog(dir));
  progress.phase('starter catalog', entities.length + links.length);
  let done = 0;
  for (const entity of entities) {
    await writer.addEntity(entity);
    progress.update(++done);
  }
  for (const link of links) {
    await writer.addLink(link);
    progress.update(++done);
  }
};
