/**
 * The graph snapshot: a versioned binary file holding the movie graph as CSR typed arrays, and the
 * read-only `Graph` view over it.
 *
 * Layout (little-endian):
 *   0   magic "CDNAGRPH"
 *   8   u32 version            12  u32 section count
 *   16  u32 nodes              20  u32 links (undirected, after dedupe)
 *   24  u32 adjacency entries  28  u32 distinct labels
 *   32  u32 labelled entries   36  u32 typeahead entries
 *   40..63 reserved
 *   64  section table: per section u32 id, u32 element bytes, u64 byte offset, u64 byte length
 *   then the sections, each 8-byte aligned.
 *
 * The loader reads the whole file into one SharedArrayBuffer and builds typed-array views over it,
 * so loading costs one sequential read and worker threads get the same memory without copying.
 */
import { open } from 'node:fs/promises';
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { entityKey, parseEntityKey, type EntityKey, type EntityType, type PersonSubtype } from '@cinema-dna/shared-types';
import { SnapshotFormatError } from './errors.js';
import {
  FORWARD_BIT,
  TYPE_CODE,
  entityTypeOf,
  subtypeOf,
} from './model.js';

export const SNAPSHOT_MAGIC = 'CDNAGRPH';
/**
 * Bump on any change of layout, codes or folding; the loader refuses other versions and the server
 * rebuilds such a snapshot from the imported sources at start (ingest/pipeline.ts prepareGraph).
 * 2: link tiers in the relation byte, billing positions (labelBilling), company and location hubs.
 */
export const SNAPSHOT_VERSION = 2;
export const HEADER_BYTES = 64;
export const SECTION_ENTRY_BYTES = 24;

/** labelIds entry of a link that has a billing position but no label. */
export const NO_LABEL = 0xffffffff;
/** labelBilling entry of a link without a billing position. */
export const NO_BILLING = 0xff;

/** Section ids. */
export const SECTION = {
  types: 1,
  subtypes: 2,
  classes: 3,
  popularity: 4,
  nameOffsets: 5,
  names: 6,
  keyOffsets: 7,
  keys: 8,
  keyHash: 9,
  offsets: 10,
  neighbours: 11,
  relations: 12,
  labelPositions: 13,
  labelIds: 14,
  labelOffsets: 15,
  labels: 16,
  foldedOffsets: 17,
  folded: 18,
  typeaheadNodes: 19,
  typeaheadTokens: 20,
  typeaheadTypeStarts: 21,
  typeaheadBlockMax: 22,
  typeaheadSuperMax: 23,
  labelBilling: 24,
} as const;
export type SectionName = keyof typeof SECTION;

/** Typeahead entries per block / super-block whose max popularity is precomputed (see typeahead.ts). */
export const TYPEAHEAD_BLOCK = 32;
export const TYPEAHEAD_SUPER_BLOCK = 1024;

/** The header's counters. */
export interface SnapshotHeader {
  version: number;
  nodes: number;
  links: number;
  adjacency: number;
  labels: number;
  labelled: number;
  typeaheadEntries: number;
}

/** 32-bit FNV-1a over the type code and the source-id bytes: the key hash of the key→index table. */
export function hashKey(typeCode: number, bytes: Uint8Array, start: number, end: number): number {
  let h = Math.imul(0x811c9dc5 ^ typeCode, 0x01000193);
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

const ELEMENT_BYTES: Record<SectionName, number> = {
  types: 1,
  subtypes: 1,
  classes: 1,
  popularity: 4,
  nameOffsets: 4,
  names: 1,
  keyOffsets: 4,
  keys: 1,
  keyHash: 4,
  offsets: 4,
  neighbours: 4,
  relations: 1,
  labelPositions: 4,
  labelIds: 4,
  labelOffsets: 4,
  labels: 1,
  foldedOffsets: 4,
  folded: 1,
  typeaheadNodes: 4,
  typeaheadTokens: 1,
  typeaheadTypeStarts: 4,
  typeaheadBlockMax: 4,
  typeaheadSuperMax: 4,
  labelBilling: 1,
};

/** One entity as the API shows it; built on demand, never on the search hot path. */
export interface GraphEntity {
  index: number;
  key: EntityKey;
  /** The source's own id: "tt0133093" of "movie:tt0133093". */
  id: string;
  type: EntityType;
  subtype: PersonSubtype | null;
  name: string;
  popularity: number;
}

/**
 * Read-only view of a loaded snapshot. All arrays are views into one (Shared)ArrayBuffer; `buffer`
 * can be posted to a worker, which rebuilds an identical view with `Graph.fromBuffer` for free.
 */
export class Graph {
  readonly header: SnapshotHeader;
  readonly nodeCount: number;
  readonly linkCount: number;
  /** Entity type code per node (index into ENTITY_TYPES). */
  readonly types: Uint8Array;
  /** Person subtype code per node, NO_SUBTYPE for none. */
  readonly subtypes: Uint8Array;
  /** Search class per node: type code | OBSCURE_BIT. */
  readonly classes: Uint8Array;
  readonly popularity: Float32Array;
  /** CSR: the neighbours of node v are neighbours[offsets[v] .. offsets[v+1]), sorted by (neighbour, relation byte). */
  readonly offsets: Uint32Array;
  readonly neighbours: Uint32Array;
  /** Relation byte per adjacency entry: relationship code, tier (TIER_BITS), FORWARD_BIT when the owner is the first-named side. */
  readonly relations: Uint8Array;
  readonly nameOffsets: Uint32Array;
  readonly keyOffsets: Uint32Array;
  readonly keyHash: Uint32Array;
  readonly labelPositions: Uint32Array;
  /** Label id per labelled entry (NO_LABEL for a link with billing only). */
  readonly labelIds: Uint32Array;
  /** Billing position per labelled entry (NO_BILLING for none). */
  readonly labelBilling: Uint8Array;
  readonly labelOffsets: Uint32Array;
  readonly foldedOffsets: Uint32Array;
  readonly folded: Uint8Array;
  readonly typeaheadNodes: Uint32Array;
  readonly typeaheadTokens: Uint8Array;
  readonly typeaheadTypeStarts: Uint32Array;
  readonly typeaheadBlockMax: Float32Array;
  readonly typeaheadSuperMax: Float32Array;
  private readonly names: Buffer;
  private readonly keys: Buffer;
  private readonly labels: Buffer;
  private scratch = Buffer.alloc(256);

  private constructor(
    /** The memory behind every view; share it with workers. */
    readonly buffer: SharedArrayBuffer | ArrayBuffer,
    header: SnapshotHeader,
    sections: Map<number, { offset: number; length: number }>,
  ) {
    this.header = header;
    this.nodeCount = header.nodes;
    this.linkCount = header.links;
    const section = (name: SectionName, expectedElements?: number): { offset: number; length: number } => {
      const s = sections.get(SECTION[name]);
      if (!s) throw new SnapshotFormatError(`snapshot has no ${name} section`);
      const size = ELEMENT_BYTES[name];
      if (s.offset % size !== 0 || s.length % size !== 0) throw new SnapshotFormatError(`misaligned ${name} section`);
      if (expectedElements !== undefined && s.length / size !== expectedElements) {
        throw new SnapshotFormatError(`${name} section holds ${s.length / size} entries, expected ${expectedElements}`);
      }
      return s;
    };
    const u8 = (name: SectionName, n?: number): Uint8Array => {
      const s = section(name, n);
      return new Uint8Array(buffer, s.offset, s.length);
    };
    const u32 = (name: SectionName, n?: number): Uint32Array => {
      const s = section(name, n);
      return new Uint32Array(buffer, s.offset, s.length / 4);
    };
    const f32 = (name: SectionName, n?: number): Float32Array => {
      const s = section(name, n);
      return new Float32Array(buffer, s.offset, s.length / 4);
    };
    const bytes = (name: SectionName): Buffer => {
      const s = section(name);
      return Buffer.from(buffer, s.offset, s.length);
    };
    const n = header.nodes;
    this.types = u8('types', n);
    this.subtypes = u8('subtypes', n);
    this.classes = u8('classes', n);
    this.popularity = f32('popularity', n);
    this.nameOffsets = u32('nameOffsets', n + 1);
    this.names = bytes('names');
    this.keyOffsets = u32('keyOffsets', n + 1);
    this.keys = bytes('keys');
    this.keyHash = u32('keyHash');
    this.offsets = u32('offsets', n + 1);
    this.neighbours = u32('neighbours', header.adjacency);
    this.relations = u8('relations', header.adjacency);
    this.labelPositions = u32('labelPositions', header.labelled);
    this.labelIds = u32('labelIds', header.labelled);
    this.labelBilling = u8('labelBilling', header.labelled);
    this.labelOffsets = u32('labelOffsets', header.labels + 1);
    this.labels = bytes('labels');
    this.foldedOffsets = u32('foldedOffsets', n + 1);
    this.folded = u8('folded');
    this.typeaheadNodes = u32('typeaheadNodes', header.typeaheadEntries);
    this.typeaheadTokens = u8('typeaheadTokens', header.typeaheadEntries);
    this.typeaheadTypeStarts = u32('typeaheadTypeStarts');
    this.typeaheadBlockMax = f32('typeaheadBlockMax', Math.ceil(header.typeaheadEntries / TYPEAHEAD_BLOCK));
    this.typeaheadSuperMax = f32('typeaheadSuperMax', Math.ceil(header.typeaheadEntries / TYPEAHEAD_SUPER_BLOCK));
    // Cheap consistency checks that catch truncation and most corruption without touching every byte.
    if (this.offsets[n] !== header.adjacency) throw new SnapshotFormatError('adjacency offsets do not match the entry count');
    if (this.nameOffsets[n] !== this.names.length) throw new SnapshotFormatError('name offsets do not match the name blob');
    if (this.keyOffsets[n] !== this.keys.length) throw new SnapshotFormatError('key offsets do not match the key blob');
    if (this.keyHash.length < n) throw new SnapshotFormatError('key hash table too small');
  }

  /** Builds the views over a buffer holding a whole snapshot file (e.g. one received by a worker). */
  static fromBuffer(buffer: SharedArrayBuffer | ArrayBuffer): Graph {
    if (buffer.byteLength < HEADER_BYTES) throw new SnapshotFormatError('file too short for a snapshot header');
    const view = new DataView(buffer);
    const magic = Buffer.from(buffer, 0, 8).toString('latin1');
    if (magic !== SNAPSHOT_MAGIC) throw new SnapshotFormatError('not a Cinema DNA graph snapshot (bad magic)');
    const version = view.getUint32(8, true);
    if (version !== SNAPSHOT_VERSION) {
      throw new SnapshotFormatError(`snapshot format version ${version} is not supported (expected ${SNAPSHOT_VERSION}); rebuild it`);
    }
    const sectionCount = view.getUint32(12, true);
    const header: SnapshotHeader = {
      version,
      nodes: view.getUint32(16, true),
      links: view.getUint32(20, true),
      adjacency: view.getUint32(24, true),
      labels: view.getUint32(28, true),
      labelled: view.getUint32(32, true),
      typeaheadEntries: view.getUint32(36, true),
    };
    const tableEnd = HEADER_BYTES + sectionCount * SECTION_ENTRY_BYTES;
    if (tableEnd > buffer.byteLength) throw new SnapshotFormatError('truncated section table');
    const sections = new Map<number, { offset: number; length: number }>();
    for (let i = 0; i < sectionCount; i++) {
      const at = HEADER_BYTES + i * SECTION_ENTRY_BYTES;
      const id = view.getUint32(at, true);
      const offset = Number(view.getBigUint64(at + 8, true));
      const length = Number(view.getBigUint64(at + 16, true));
      if (offset < tableEnd || offset + length > buffer.byteLength) {
        throw new SnapshotFormatError(`section ${id} lies outside the file (truncated snapshot?)`);
      }
      sections.set(id, { offset, length });
    }
    return new Graph(buffer, header, sections);
  }

  /** Entity name (display form, with accents). */
  name(index: number): string {
    return this.names.toString('utf8', this.nameOffsets[index]!, this.nameOffsets[index + 1]!);
  }

  /** External key, e.g. "movie:tt0133093". */
  key(index: number): EntityKey {
    return entityKey(entityTypeOf(this.types[index]!), this.sourceId(index));
  }

  /** The source's own id, e.g. "tt0133093" (the key without its type). */
  sourceId(index: number): string {
    return this.keys.toString('utf8', this.keyOffsets[index]!, this.keyOffsets[index + 1]!);
  }

  type(index: number): EntityType {
    return entityTypeOf(this.types[index]!);
  }

  subtype(index: number): PersonSubtype | null {
    return subtypeOf(this.subtypes[index]!);
  }

  degree(index: number): number {
    return this.offsets[index + 1]! - this.offsets[index]!;
  }

  /** True for an index of an existing node. */
  has(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.nodeCount;
  }

  /** The entity at `index` as plain data. */
  entity(index: number): GraphEntity {
    return {
      index,
      key: this.key(index),
      id: this.sourceId(index),
      type: this.type(index),
      subtype: this.subtype(index),
      name: this.name(index),
      popularity: this.popularity[index]!,
    };
  }

  /** Node index of an external key ("person:nm0000206"), or -1 when the graph has no such entity. */
  resolve(key: string): number {
    const parts = parseEntityKey(key);
    if (!parts) return -1;
    const typeCode = TYPE_CODE[parts.type];
    const source = parts.id;
    if (this.scratch.length < source.length * 3) this.scratch = Buffer.alloc(source.length * 3);
    const len = this.scratch.write(source, 0, 'utf8');
    const table = this.keyHash;
    const cap = table.length;
    if (cap === 0) return -1;
    const keyBytes = this.keys;
    for (let slot = hashKey(typeCode, this.scratch, 0, len) % cap; ; slot = slot + 1 === cap ? 0 : slot + 1) {
      const entry = table[slot]!;
      if (entry === 0) return -1;
      const node = entry - 1;
      if (this.types[node] !== typeCode) continue;
      const start = this.keyOffsets[node]!;
      if (this.keyOffsets[node + 1]! - start !== len) continue;
      let same = true;
      for (let i = 0; i < len; i++) {
        if (keyBytes[start + i] !== this.scratch[i]) {
          same = false;
          break;
        }
      }
      if (same) return node;
    }
  }

  /** The node owning adjacency entry `position` (binary search over offsets). */
  ownerOf(position: number): number {
    const offsets = this.offsets;
    let lo = 0;
    let hi = this.nodeCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (offsets[mid]! <= position) lo = mid;
      else hi = mid - 1;
    }
    // Nodes with empty adjacency share an offset with the next one; the last such index owns it.
    return lo;
  }

  /**
   * Position of the entry `neighbour` with relation byte `relation` in `node`'s adjacency, or -1.
   * Adjacency lists are sorted by (neighbour, relation byte), so this is a binary search.
   */
  findEntry(node: number, neighbour: number, relation: number): number {
    const nb = this.neighbours;
    const rel = this.relations;
    let lo = this.offsets[node]!;
    let hi = this.offsets[node + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = nb[mid]!;
      if (v < neighbour || (v === neighbour && rel[mid]! < relation)) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.offsets[node + 1]! && nb[lo] === neighbour && rel[lo] === relation ? lo : -1;
  }

  /**
   * Index into labelIds/labelBilling of the link at adjacency entry `position` of `owner`, or -1.
   * Labels are stored once, on the forward copy of a link, so a backward entry looks up its mirror.
   */
  private labelledIndex(owner: number, position: number): number {
    const relation = this.relations[position]!;
    let forwardPosition = position;
    if ((relation & FORWARD_BIT) === 0) {
      forwardPosition = this.findEntry(this.neighbours[position]!, owner, relation | FORWARD_BIT);
      if (forwardPosition < 0) return -1;
    }
    const positions = this.labelPositions;
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (positions[mid]! < forwardPosition) lo = mid + 1;
      else hi = mid;
    }
    return lo < positions.length && positions[lo] === forwardPosition ? lo : -1;
  }

  /** Label (character, job...) of the link at adjacency entry `position` of `owner`, or null. */
  labelAt(owner: number, position: number): string | null {
    const at = this.labelledIndex(owner, position);
    if (at < 0) return null;
    const id = this.labelIds[at]!;
    if (id === NO_LABEL) return null;
    return this.labels.toString('utf8', this.labelOffsets[id]!, this.labelOffsets[id + 1]!);
  }

  /** 0-based billing position of the (cast) link at adjacency entry `position` of `owner`, or null. */
  billingAt(owner: number, position: number): number | null {
    const at = this.labelledIndex(owner, position);
    if (at < 0) return null;
    const billing = this.labelBilling[at]!;
    return billing === NO_BILLING ? null : billing;
  }

  /** Bytes held by the graph proper (everything but the typeahead sections). */
  structureBytes(): number {
    const arrays: ArrayBufferView[] = [
      this.types, this.subtypes, this.classes, this.popularity, this.nameOffsets, this.names, this.keyOffsets,
      this.keys, this.keyHash, this.offsets, this.neighbours, this.relations, this.labelPositions, this.labelIds,
      this.labelBilling, this.labelOffsets, this.labels,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, 0);
  }

  /** Bytes held by the typeahead sections. */
  typeaheadBytes(): number {
    const arrays: ArrayBufferView[] = [
      this.foldedOffsets, this.folded, this.typeaheadNodes, this.typeaheadTokens, this.typeaheadTypeStarts,
      this.typeaheadBlockMax, this.typeaheadSuperMax,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, 0);
  }
}

// Large reads in chunks so the async loader yields to the event loop (health checks keep answering).
const READ_CHUNK = 64 * 1024 * 1024;

/**
 * Reads a snapshot file into a SharedArrayBuffer and returns its view. Asynchronous and chunked, so
 * a server keeps serving (status "loading") while a large graph loads.
 */
export async function loadSnapshot(path: string): Promise<Graph> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = new SharedArrayBuffer(size);
    const bytes = new Uint8Array(buffer);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, Math.min(READ_CHUNK, size - offset), offset);
      if (bytesRead === 0) throw new SnapshotFormatError(`${path}: file shrank while reading`);
      offset += bytesRead;
    }
    return Graph.fromBuffer(buffer);
  } finally {
    await handle.close();
  }
}

/** Synchronous variant of loadSnapshot for scripts and benchmarks. */
export function loadSnapshotSync(path: string): Graph {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    const buffer = new SharedArrayBuffer(size);
    const bytes = new Uint8Array(buffer);
    let offset = 0;
    while (offset < size) {
      const read = readSync(fd, bytes, offset, Math.min(READ_CHUNK, size - offset), offset);
      if (read === 0) throw new SnapshotFormatError(`${path}: file shrank while reading`);
      offset += read;
    }
    return Graph.fromBuffer(buffer);
  } finally {
    closeSync(fd);
  }
}

/** Format version of a snapshot file, or null when there is none or it is not a snapshot. */
export function snapshotVersion(path: string): number | null {
  if (!existsSync(path)) return null;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(12);
    if (readSync(fd, head, 0, 12, 0) < 12 || head.toString('latin1', 0, 8) !== SNAPSHOT_MAGIC) return null;
    return head.readUInt32LE(8);
  } finally {
    closeSync(fd);
  }
}
