import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip, constants as zlib } from 'node:zlib';
import type { Writable } from 'node:stream';
import { isEntityKey, RELATIONSHIPS, type Relationship } from '@cinema-dna/shared-types';
import type { IngestEntity, IngestLink } from './model.js';

/**
 * Each importer writes its normalised output to DATA_DIR/sources/<source>/ as two gzipped files:
 * `entities.ndjson.gz` (one IngestEntity per line) and `links.tsv.gz` (from, to, relationship, label,
 * billing; files written before billing existed have four columns and read as unbilled).
 * The graph snapshot and the database's entity details are both built from these, so re-running one
 * importer replaces exactly that source's data. A source is written to a temporary folder and renamed
 * into place only when complete: a failed import leaves the previous data untouched.
 */
export const SOURCES_DIR = 'sources';
const ENTITIES_FILE = 'entities.ndjson.gz';
const LINKS_FILE = 'links.tsv.gz';
const MANIFEST_FILE = 'manifest.json';
const BATCH = 65_536;

export interface SourceManifest {
  source: string;
  entities: number;
  links: number;
  importedAt: string;
}

export const sourcesRoot = (dataDir: string) => path.join(dataDir, SOURCES_DIR);

/** Names of the sources imported into a data folder, in a stable order. */
export function listSources(dataDir: string): string[] {
  const root = sourcesRoot(dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => !name.includes('.') && existsSync(path.join(root, name, MANIFEST_FILE)))
    .sort();
}

/** Latest modification time of any imported source (0 when none): the snapshot is stale when older. */
export function sourcesChangedAt(dataDir: string): number {
  return Math.max(0, ...listSources(dataDir).map((name) => statSync(path.join(sourcesRoot(dataDir), name, MANIFEST_FILE)).mtimeMs));
}

/** Streams one source's output to disk; `commit()` makes it visible, `abort()` discards it. */
export class SourceWriter {
  private readonly finalDir: string;
  private readonly tempDir: string;
  private readonly entityStream: Writable;
  private readonly linkStream: Writable;
  private readonly entityOut;
  private readonly linkOut;
  entities = 0;
  links = 0;

  constructor(dataDir: string, readonly source: string) {
    if (!/^[a-z0-9-]+$/.test(source)) throw new Error(`Invalid source name "${source}"`);
    this.finalDir = path.join(sourcesRoot(dataDir), source);
    this.tempDir = `${this.finalDir}.importing-${process.pid}`;
    rmSync(this.tempDir, { recursive: true, force: true });
    mkdirSync(this.tempDir, { recursive: true });
    // Level 1: these files are rewritten on every import; speed matters more than size.
    this.entityStream = createGzip({ level: zlib.Z_BEST_SPEED });
    this.linkStream = createGzip({ level: zlib.Z_BEST_SPEED });
    this.entityOut = createWriteStream(path.join(this.tempDir, ENTITIES_FILE));
    this.linkOut = createWriteStream(path.join(this.tempDir, LINKS_FILE));
    this.entityStream.pipe(this.entityOut);
    this.linkStream.pipe(this.linkOut);
  }

  // Lines are gathered into ~64 KB strings: each gzip write is one zlib call on the threadpool, and
  // one call per line (tens of bytes) caps a source at ~40K lines/s.
  private entityLines = '';
  private linkLines = '';

  /** Resolves when the caller may write again (back-pressure keeps memory bounded). */
  async addEntity(entity: IngestEntity): Promise<void> {
    this.entities += 1;
    this.entityLines += `${JSON.stringify(entity)}\n`;
    if (this.entityLines.length < BATCH) return;
    const ok = this.entityStream.write(this.entityLines);
    this.entityLines = '';
    if (!ok) await once(this.entityStream, 'drain');
  }

  async addLink(link: IngestLink): Promise<void> {
    this.links += 1;
    const label = link.label ? clean(link.label) : '';
    const billing = link.billing !== undefined && Number.isSafeInteger(link.billing) && link.billing >= 0 ? String(link.billing) : '';
    this.linkLines += `${link.from}\t${link.to}\t${link.relationship}\t${label}\t${billing}\n`;
    if (this.linkLines.length < BATCH) return;
    const ok = this.linkStream.write(this.linkLines);
    this.linkLines = '';
    if (!ok) await once(this.linkStream, 'drain');
  }

  async commit(): Promise<SourceManifest> {
    this.entityStream.write(this.entityLines);
    this.linkStream.write(this.linkLines);
    this.entityLines = this.linkLines = '';
    await Promise.all([finished(this.entityStream, this.entityOut), finished(this.linkStream, this.linkOut)]);
    const manifest: SourceManifest = { source: this.source, entities: this.entities, links: this.links, importedAt: new Date().toISOString() };
    writeFileSync(path.join(this.tempDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(this.finalDir, { recursive: true, force: true });
    renameSync(this.tempDir, this.finalDir);
    return manifest;
  }

  async abort(): Promise<void> {
    // The files may still be opening; remove the folder only once every stream has closed.
    const streams = [this.entityStream, this.linkStream, this.entityOut, this.linkOut];
    await Promise.all(
      streams.map((stream) => {
        stream.on('error', () => {});
        const closed = stream.closed ? Promise.resolve() : once(stream, 'close').then(() => undefined);
        stream.destroy();
        return closed;
      }),
    );
    rmSync(this.tempDir, { recursive: true, force: true });
  }
}

async function finished(gzip: Writable, file: Writable): Promise<void> {
  const done = once(file, 'close');
  gzip.end();
  await done;
}

/** Tabs and newlines would break a TSV row; labels never need them. */
const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();

function lines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
}

export async function* readSourceEntities(dataDir: string, source: string): AsyncGenerator<IngestEntity> {
  for await (const line of lines(path.join(sourcesRoot(dataDir), source, ENTITIES_FILE))) {
    if (line) yield JSON.parse(line) as IngestEntity;
  }
}

const RELATIONSHIP_SET = new Set<string>(RELATIONSHIPS);

export async function* readSourceLinks(dataDir: string, source: string): AsyncGenerator<IngestLink> {
  for await (const line of lines(path.join(sourcesRoot(dataDir), source, LINKS_FILE))) {
    if (!line) continue;
    const [from, to, relationship, label, billing] = line.split('\t');
    if (!from || !to || !relationship || !RELATIONSHIP_SET.has(relationship)) continue;
    if (!isEntityKey(from) || !isEntityKey(to)) continue;
    const position = billing ? Number(billing) : NaN;
    yield {
      from,
      to,
      relationship: relationship as Relationship,
      ...(label ? { label } : {}),
      ...(Number.isSafeInteger(position) && position >= 0 ? { billing: position } : {}),
    };
  }
}

