/**
 * Builds a graph snapshot file from streamed entities and links. Memory stays at the typed arrays
 * plus one key→index Map: importers can feed millions of rows without holding row objects.
 */
import { closeSync, openSync, renameSync, writeSync, unlinkSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import {
  RELATIONSHIPS,
  type EntityType,
  type PersonSubtype,
  type Relationship,
} from '@cinema-dna/shared-types';
import {
  FORWARD_BIT,
  HUB_TYPES,
  NO_SUBTYPE,
  OBSCURE_BIT,
  RELATIONSHIP_CODE,
  RELATIONSHIP_MASK,
  SUBTYPE_CODE,
  SUBTYPE_OF_RELATIONSHIP,
  TYPE_CODE,
} from './model.js';
import {
  HEADER_BYTES,
  SECTION,
  SECTION_ENTRY_BYTES,
  SNAPSHOT_MAGIC,
  SNAPSHOT_VERSION,
  hashKey,
  type SectionName,
} from './snapshot.js';
import { buildTypeaheadIndex } from './typeahead.js';

/** An entity as importers stream it. `key` is "<type>:<source id>", e.g. "movie:tt0133093". */
export interface EntityInput {
  key: string;
  type: EntityType;
  name: string;
  /** Person subtype; when absent it is derived from the person's most frequent credit. */
  subtype?: PersonSubtype | null;
  /** Any non-negative popularity measure (TMDB popularity, vote count...); higher is more popular. */
  popularity?: number;
}

/** A link between two entity keys, named in its relationship's direction ("person acted_in movie"). */
export interface LinkInput {
  from: string;
  to: string;
  relationship: Relationship;
  /** Character for acted_in, job for crew, category for awards... */
  label?: string | null;
}

export interface SnapshotBuilderOptions {
  /**
   * People and movies at or below this popularity are "obscure" (skipped by default searches unless
   * needed). Default: the 10th percentile of person/movie popularity, or none when that percentile
   * equals the median (no spread, e.g. a source without popularity).
   */
  obscureThreshold?: number;
}

/** What `write` produced. */
export interface SnapshotBuildStats {
  entities: number;
  links: number;
  duplicateLinks: number;
  danglingLinks: number;
  adjacency: number;
  labelled: number;
  typeaheadEntries: number;
  obscureThreshold: number;
  obscureEntities: number;
  bytes: number;
  elapsedMs: number;
}

type NumericArray = Uint8Array | Uint32Array | Float32Array;

/** Append-only typed array; grows by 1.5x so amortised pushes stay O(1). */
class Growable<A extends NumericArray> {
  array: A;
  length = 0;
  constructor(
    private readonly make: (n: number) => A,
    capacity = 1024,
  ) {
    this.array = make(capacity);
  }

  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.array.length) return;
    const next = this.make(Math.max(needed, Math.ceil(this.array.length * 1.5)));
    next.set(this.array.subarray(0, this.length) as never);
    this.array = next;
  }

  push(value: number): void {
    if (this.length === this.array.length) this.reserve(1);
    this.array[this.length++] = value;
  }

  /** Appends `text` as UTF-8 (byte arrays only); returns the bytes written. */
  pushUtf8(text: string): number {
    this.reserve(text.length * 3);
    const arr = this.array as Uint8Array;
    const written = Buffer.from(arr.buffer, arr.byteOffset + this.length, arr.length - this.length).write(text, 'utf8');
    this.length += written;
    return written;
  }

  /** Copy trimmed to length. */
  trimmed(): A {
    return this.array.slice(0, this.length) as A;
  }
}

const u8 = (n: number) => new Uint8Array(n);
const u32 = (n: number) => new Uint32Array(n);
const f32 = (n: number) => new Float32Array(n);
const DIRECT_CODES = new Set(Object.keys(SUBTYPE_OF_RELATIONSHIP).map((r) => RELATIONSHIP_CODE[r as Relationship]));

/** Collects entities and links, then writes a snapshot file with `write`. */
export class SnapshotBuilder {
  private readonly index = new Map<string, number>();
  private readonly types = new Growable(u8);
  private readonly subtypes = new Growable(u8);
  private readonly popularity = new Growable(f32);
  private readonly nameOffsets = new Growable(u32);
  private readonly names = new Growable(u8);
  private readonly keyOffsets = new Growable(u32);
  private readonly keys = new Growable(u8);
  private readonly linkFrom = new Growable(u32);
  private readonly linkTo = new Growable(u32);
  private readonly linkRelation = new Growable(u8);
  /** 0 = no label, otherwise label id + 1. */
  private readonly linkLabel = new Growable(u32);
  private readonly labelIndex = new Map<string, number>();
  private readonly labelOffsets = new Growable(u32);
  private readonly labels = new Growable(u8);
  private dangling = 0;

  constructor(private readonly options: SnapshotBuilderOptions = {}) {
    this.nameOffsets.push(0);
    this.keyOffsets.push(0);
    this.labelOffsets.push(0);
  }

  get entityCount(): number {
    return this.types.length;
  }

  /** Links accepted so far (before duplicate removal). */
  get linkCount(): number {
    return this.linkFrom.length;
  }

  /** Node index of a key added earlier, or undefined. */
  indexOf(key: string): number | undefined {
    return this.index.get(key);
  }

  /**
   * Adds an entity and returns its node index. Adding a key again keeps the first name and takes
   * the higher popularity and any missing subtype, so overlapping sources merge instead of failing.
   */
  addEntity(entity: EntityInput): number {
    const typeCode = (TYPE_CODE as Record<string, number | undefined>)[entity.type];
    if (typeCode === undefined) throw new TypeError(`unknown entity type "${entity.type}"`);
    const prefix = `${entity.type}:`;
    if (!entity.key.startsWith(prefix) || entity.key.length === prefix.length) {
      throw new TypeError(`entity key "${entity.key}" must look like "${prefix}<source id>"`);
    }
    const popularity = Number.isFinite(entity.popularity) && entity.popularity! > 0 ? entity.popularity! : 0;
    const subtype = entity.subtype ? SUBTYPE_CODE[entity.subtype] : NO_SUBTYPE;
    if (subtype === undefined) throw new TypeError(`unknown person subtype "${entity.subtype}"`);
    const existing = this.index.get(entity.key);
    if (existing !== undefined) {
      if (popularity > this.popularity.array[existing]!) this.popularity.array[existing] = popularity;
      if (this.subtypes.array[existing] === NO_SUBTYPE) this.subtypes.array[existing] = subtype;
      return existing;
    }
    const i = this.types.length;
    if (i >= 0xfffffffe) throw new RangeError('too many entities for one snapshot');
    this.index.set(entity.key, i);
    this.types.push(typeCode);
    this.subtypes.push(subtype);
    this.popularity.push(popularity);
    this.names.pushUtf8(entity.name);
    this.nameOffsets.push(this.names.length);
    this.keys.pushUtf8(entity.key.slice(prefix.length));
    this.keyOffsets.push(this.keys.length);
    return i;
  }

  /**
   * Adds a link between two added entities. Returns false (and counts it as dangling) when an
   * endpoint is unknown, e.g. a credit of a title the importer skipped; self-links are ignored too.
   * Duplicates (same endpoints, relationship and direction) are removed at write time.
   */
  addLink(link: LinkInput): boolean {
    const from = this.index.get(link.from);
    const to = this.index.get(link.to);
    if (from === undefined || to === undefined) {
      this.dangling++;
      return false;
    }
    return this.addLinkByIndex(from, to, link.relationship, link.label);
  }

  /** addLink for callers that kept the indices returned by addEntity (no key lookups). */
  addLinkByIndex(from: number, to: number, relationship: Relationship, label?: string | null): boolean {
    const code = (RELATIONSHIP_CODE as Record<string, number | undefined>)[relationship];
    if (code === undefined) throw new TypeError(`unknown relationship "${relationship}"`);
    const n = this.types.length;
    if (!(from >= 0 && from < n && to >= 0 && to < n)) throw new RangeError(`link endpoint out of range (${from}, ${to})`);
    if (from === to) return false;
    this.linkFrom.push(from);
    this.linkTo.push(to);
    this.linkRelation.push(code);
    this.linkLabel.push(label ? this.labelId(label) + 1 : 0);
    return true;
  }

  private labelId(label: string): number {
    let id = this.labelIndex.get(label);
    if (id === undefined) {
      id = this.labelIndex.size;
      this.labelIndex.set(label, id);
      this.labels.pushUtf8(label);
      this.labelOffsets.push(this.labels.length);
    }
    return id;
  }

  /**
   * Writes the snapshot to `path` (via a temporary file renamed into place, so a reader never sees
   * a half-written file). Synchronous and CPU-bound: run it in an importer process, not a server.
   */
  write(path: string): SnapshotBuildStats {
    const started = performance.now();
    const n = this.types.length;
    const types = this.types.array.subarray(0, n);
    const subtypes = this.subtypes.array.slice(0, n);
    const popularity = this.popularity.array.subarray(0, n);
    const csr = this.buildAdjacency(n);
    this.deriveSubtypes(n, types, subtypes, csr.offsets, csr.relations);
    const { classes, threshold, obscure } = this.classify(n, types, popularity);
    const nameOffsets = this.nameOffsets.array.subarray(0, n + 1);
    const names = this.names.array.subarray(0, this.names.length);
    const keyOffsets = this.keyOffsets.array.subarray(0, n + 1);
    const keys = this.keys.array.subarray(0, this.keys.length);
    const keyHash = buildKeyHash(n, types, keyOffsets, keys);
    const typeahead = buildTypeaheadIndex({ nodeCount: n, types, popularity, nameOffsets, names });

    const sections: Array<[SectionName, NumericArray]> = [
      ['types', types],
      ['subtypes', subtypes],
      ['classes', classes],
      ['popularity', popularity],
      ['nameOffsets', nameOffsets],
      ['names', names],
      ['keyOffsets', keyOffsets],
      ['keys', keys],
      ['keyHash', keyHash],
      ['offsets', csr.offsets],
      ['neighbours', csr.neighbours],
      ['relations', csr.relations],
      ['labelPositions', csr.labelPositions],
      ['labelIds', csr.labelIds],
      ['labelOffsets', this.labelOffsets.array.subarray(0, this.labelOffsets.length)],
      ['labels', this.labels.array.subarray(0, this.labels.length)],
      ['foldedOffsets', typeahead.foldedOffsets],
      ['folded', typeahead.folded],
      ['typeaheadNodes', typeahead.nodes],
      ['typeaheadTokens', typeahead.tokens],
      ['typeaheadTypeStarts', typeahead.typeStarts],
      ['typeaheadBlockMax', typeahead.blockMax],
      ['typeaheadSuperMax', typeahead.superMax],
    ];

    const header = Buffer.alloc(HEADER_BYTES + sections.length * SECTION_ENTRY_BYTES);
    header.write(SNAPSHOT_MAGIC, 0, 'latin1');
    header.writeUInt32LE(SNAPSHOT_VERSION, 8);
    header.writeUInt32LE(sections.length, 12);
    header.writeUInt32LE(n, 16);
    header.writeUInt32LE(csr.neighbours.length / 2, 20);
    header.writeUInt32LE(csr.neighbours.length, 24);
    header.writeUInt32LE(this.labelIndex.size, 28);
    header.writeUInt32LE(csr.labelPositions.length, 32);
    header.writeUInt32LE(typeahead.nodes.length, 36);
    header.writeFloatLE(threshold, 40);
    let offset = align8(header.length);
    sections.forEach(([name, array], i) => {
      const at = HEADER_BYTES + i * SECTION_ENTRY_BYTES;
      header.writeUInt32LE(SECTION[name], at);
      header.writeUInt32LE(array.BYTES_PER_ELEMENT, at + 4);
      header.writeBigUInt64LE(BigInt(offset), at + 8);
      header.writeBigUInt64LE(BigInt(array.byteLength), at + 16);
      offset = align8(offset + array.byteLength);
    });

    const tmp = `${path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      let position = 0;
      const put = (bytes: Uint8Array): void => {
        let done = 0;
        while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
        position += bytes.length;
      };
      const padding = Buffer.alloc(8);
      put(header);
      put(padding.subarray(0, align8(position) - position));
      for (const [, array] of sections) {
        put(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
        put(padding.subarray(0, align8(position) - position));
      }
      closeSync(fd);
      renameSync(tmp, path);
      return {
        entities: n,
        links: csr.neighbours.length / 2,
        duplicateLinks: this.linkFrom.length - csr.neighbours.length / 2,
        danglingLinks: this.dangling,
        adjacency: csr.neighbours.length,
        labelled: csr.labelPositions.length,
        typeaheadEntries: typeahead.nodes.length,
        obscureThreshold: threshold,
        obscureEntities: obscure,
        bytes: position,
        elapsedMs: performance.now() - started,
      };
    } catch (error) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      try {
        unlinkSync(tmp);
      } catch {
        // nothing to clean
      }
      throw error;
    }
  }

  /**
   * CSR from the link list: each link lands in both endpoints' lists as a float key
   * neighbour * 256 + relation byte (exact below 2^53), each list is sorted natively, and equal
   * neighbouring keys (duplicate links) are dropped. Labels are then attached to forward entries.
   */
  private buildAdjacency(n: number) {
    const links = this.linkFrom.length;
    const from = this.linkFrom.array;
    const to = this.linkTo.array;
    const relation = this.linkRelation.array;
    if (links * 2 > 0xffffffff) throw new RangeError('too many links for one snapshot');
    const offsets = new Uint32Array(n + 1);
    for (let l = 0; l < links; l++) {
      offsets[from[l]! + 1]!++;
      offsets[to[l]! + 1]!++;
    }
    for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
    const keys = new Float64Array(links * 2);
    const cursor = offsets.slice(0, n);
    for (let l = 0; l < links; l++) {
      const a = from[l]!;
      const b = to[l]!;
      const r = relation[l]!;
      keys[cursor[a]!++] = b * 256 + (r | FORWARD_BIT);
      keys[cursor[b]!++] = a * 256 + r;
    }
    let write = 0;
    for (let v = 0; v < n; v++) {
      const start = offsets[v]!;
      const end = offsets[v + 1]!;
      offsets[v] = write;
      if (end - start > 1) keys.subarray(start, end).sort();
      let previous = -1;
      for (let i = start; i < end; i++) {
        const k = keys[i]!;
        if (k !== previous) keys[write++] = k;
        previous = k;
      }
    }
    offsets[n] = write;

    // Attach labels to the forward copy of each labelled link; the first label of duplicates wins.
    const labelAt = new Uint32Array(write);
    const label = this.linkLabel.array;
    for (let l = 0; l < links; l++) {
      const id = label[l]!;
      if (id === 0) continue;
      const a = from[l]!;
      const target = to[l]! * 256 + (relation[l]! | FORWARD_BIT);
      let lo = offsets[a]!;
      let hi = offsets[a + 1]!;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < target) lo = mid + 1;
        else hi = mid;
      }
      if (labelAt[lo] === 0) labelAt[lo] = id;
    }
    let labelled = 0;
    for (let p = 0; p < write; p++) if (labelAt[p] !== 0) labelled++;
    const labelPositions = new Uint32Array(labelled);
    const labelIds = new Uint32Array(labelled);
    for (let p = 0, j = 0; p < write; p++) {
      if (labelAt[p] === 0) continue;
      labelPositions[j] = p;
      labelIds[j++] = labelAt[p]! - 1;
    }

    const neighbours = new Uint32Array(write);
    const relations = new Uint8Array(write);
    for (let p = 0; p < write; p++) {
      const k = keys[p]!;
      const v = Math.floor(k / 256);
      neighbours[p] = v;
      relations[p] = k - v * 256;
    }
    return { offsets, neighbours, relations, labelPositions, labelIds };
  }

  /** People without a subtype get the one of their most frequent credit (ties: acted_in first). */
  private deriveSubtypes(n: number, types: Uint8Array, subtypes: Uint8Array, offsets: Uint32Array, relations: Uint8Array): void {
    const person = TYPE_CODE.person;
    const counts = new Uint32Array(RELATIONSHIPS.length);
    for (let v = 0; v < n; v++) {
      if (types[v] !== person || subtypes[v] !== NO_SUBTYPE) continue;
      counts.fill(0);
      for (let p = offsets[v]!; p < offsets[v + 1]!; p++) counts[relations[p]! & RELATIONSHIP_MASK]!++;
      let best = -1;
      for (const code of DIRECT_CODES) if (counts[code]! > 0 && (best < 0 || counts[code]! > counts[best]!)) best = code;
      if (best >= 0) subtypes[v] = SUBTYPE_CODE[SUBTYPE_OF_RELATIONSHIP[RELATIONSHIPS[best]!]!];
    }
  }

  /** Search classes: type code, plus OBSCURE_BIT for hub types and for unpopular people and movies. */
  private classify(n: number, types: Uint8Array, popularity: Float32Array) {
    const person = TYPE_CODE.person;
    const movie = TYPE_CODE.movie;
    let threshold = this.options.obscureThreshold;
    if (threshold === undefined) {
      let count = 0;
      for (let v = 0; v < n; v++) if (types[v] === person || types[v] === movie) count++;
      const values = new Float32Array(count);
      for (let v = 0, j = 0; v < n; v++) if (types[v] === person || types[v] === movie) values[j++] = popularity[v]!;
      values.sort();
      const p10 = values[Math.floor(count * 0.1)] ?? 0;
      const median = values[Math.floor(count * 0.5)] ?? 0;
      threshold = count > 0 && p10 < median ? p10 : -Infinity;
    }
    const hubs = new Set(HUB_TYPES.map((t) => TYPE_CODE[t]));
    const classes = new Uint8Array(n);
    let obscure = 0;
    for (let v = 0; v < n; v++) {
      const t = types[v]!;
      const isObscure = hubs.has(t) || ((t === person || t === movie) && popularity[v]! <= threshold);
      classes[v] = t | (isObscure ? OBSCURE_BIT : 0);
      if (isObscure) obscure++;
    }
    return { classes, threshold, obscure };
  }
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

/** Open-addressing (linear probing) table of node index + 1, at a load factor of at most 0.6. */
function buildKeyHash(n: number, types: Uint8Array, keyOffsets: Uint32Array, keys: Uint8Array): Uint32Array {
  const capacity = Math.max(16, Math.ceil(n / 0.6));
  const table = new Uint32Array(capacity);
  for (let v = 0; v < n; v++) {
    let slot = hashKey(types[v]!, keys, keyOffsets[v]!, keyOffsets[v + 1]!) % capacity;
    while (table[slot] !== 0) slot = slot + 1 === capacity ? 0 : slot + 1;
    table[slot] = v + 1;
  }
  return table;
}
