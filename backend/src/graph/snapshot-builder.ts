/**
 * Builds a graph snapshot file from streamed entities and links. Memory stays at the typed arrays
 * plus one key→index Map: importers can feed millions of rows without holding row objects.
 */
import { closeSync, openSync, renameSync, writeSync, unlinkSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import {
  LINK_TIERS,
  parseEntityKey,
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
  TIER_BITS,
  TIER_SHIFT,
  TYPE_CODE,
} from './model.js';
import { linkTierCode, MAIN_ROLE_WEIGHT } from './tiers.js';
import {
  HEADER_BYTES,
  NO_BILLING,
  NO_LABEL,
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
  /**
   * Person subtype, used for people without credit links; a person with credits gets their main
   * role from them (see deriveSubtypes).
   */
  subtype?: PersonSubtype | null;
  /** Any non-negative popularity measure (TMDB popularity, vote count...); higher is more popular. */
  popularity?: number;
}

/** A link between two entity keys, named in its relationship's direction ("person acted_in movie"). */
export interface LinkInput {
  from: string;
  to: string;
  relationship: Relationship;
  /** Character for acted_in, job(s) for crew, category for awards... */
  label?: string | null;
  /** acted_in: 0-based position in the source's billing order (decides the link's tier, orders cast lists). */
  billing?: number | null;
}

/** Reserved for builder settings; none today. */
export type SnapshotBuilderOptions = Record<string, never>;

/** What `write` produced. */
export interface SnapshotBuildStats {
  entities: number;
  links: number;
  duplicateLinks: number;
  danglingLinks: number;
  adjacency: number;
  labelled: number;
  typeaheadEntries: number;
  /** Hub entities (genre, keyword, company, location), skipped by the search's strict pass. */
  hubEntities: number;
  /** Links per tier (core, supporting, obscure). */
  tiers: Record<(typeof LINK_TIERS)[number], number>;
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
const DIRECT_CODES = [...new Set(Object.keys(SUBTYPE_OF_RELATIONSHIP).map((r) => RELATIONSHIP_CODE[r as Relationship]))].sort((a, b) => a - b);
/** Billing positions are stored in a byte; later ones all sort last. */
const MAX_BILLING = NO_BILLING - 1;

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
  /** Relationship code | tier << TIER_SHIFT (the direction bit is added per adjacency entry). */
  private readonly linkRelation = new Growable(u8);
  /** 0 = no label, otherwise label id + 1. */
  private readonly linkLabel = new Growable(u32);
  private readonly linkBilling = new Growable(u8);
  private readonly labelIndex = new Map<string, number>();
  private readonly labelOffsets = new Growable(u32);
  private readonly labels = new Growable(u8);
  private dangling = 0;

  constructor(_options: SnapshotBuilderOptions = {}) {
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
    const parts = parseEntityKey(entity.key);
    if (parts?.type !== entity.type) throw new TypeError(`entity key "${entity.key}" must look like "${entity.type}:<source id>"`);
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
    this.keys.pushUtf8(parts.id);
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
    return this.addLinkByIndex(from, to, link.relationship, link.label, link.billing);
  }

  /** addLink for callers that kept the indices returned by addEntity (no key lookups). */
  addLinkByIndex(from: number, to: number, relationship: Relationship, label?: string | null, billing?: number | null): boolean {
    const code = (RELATIONSHIP_CODE as Record<string, number | undefined>)[relationship];
    if (code === undefined) throw new TypeError(`unknown relationship "${relationship}"`);
    const n = this.types.length;
    if (!(from >= 0 && from < n && to >= 0 && to < n)) throw new RangeError(`link endpoint out of range (${from}, ${to})`);
    if (from === to) return false;
    const billed = billing !== null && billing !== undefined && Number.isFinite(billing) && billing >= 0;
    this.linkFrom.push(from);
    this.linkTo.push(to);
    this.linkRelation.push(code | (linkTierCode(relationship, label, billed ? billing : null) << TIER_SHIFT));
    this.linkLabel.push(label ? this.labelId(label) + 1 : 0);
    this.linkBilling.push(billed ? Math.min(MAX_BILLING, Math.floor(billing)) : NO_BILLING);
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
    const { classes, hubs } = this.classify(n, types);
    const tiers = { core: 0, supporting: 0, obscure: 0 };
    for (let p = 0; p < csr.relations.length; p++) {
      const byte = csr.relations[p]!;
      if (byte & FORWARD_BIT) tiers[LINK_TIERS[(byte & TIER_BITS) >>> TIER_SHIFT]!]++;
    }
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
      ['labelBilling', csr.labelBilling],
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
        hubEntities: hubs,
        tiers,
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
   * neighbour * 256 + relation byte (exact below 2^53), and each list is sorted natively — by
   * neighbour, then direction, tier and relationship, so among parallel links to one neighbour the
   * best tier comes first (the search relies on that). A link given twice (same endpoints,
   * relationship and direction, e.g. by two sources) is kept once, with its best tier. Labels and
   * billing positions are then attached to forward entries.
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
      let runStart = write;
      let runNeighbour = -1;
      for (let i = start; i < end; i++) {
        const k = keys[i]!;
        const neighbour = Math.floor(k / 256);
        if (neighbour !== runNeighbour) {
          runNeighbour = neighbour;
          runStart = write;
        } else if (sameLinkBefore(keys, runStart, write, neighbour, (k - neighbour * 256) & SAME_LINK)) {
          continue;
        }
        keys[write++] = k;
      }
    }
    offsets[n] = write;

    // Labels and billing go on the forward copy of each link; the first label of duplicates wins,
    // and the earliest billing.
    const labelAt = new Uint32Array(write);
    const billingAt = new Uint8Array(write).fill(NO_BILLING);
    const label = this.linkLabel.array;
    const billing = this.linkBilling.array;
    for (let l = 0; l < links; l++) {
      const id = label[l]!;
      const billed = billing[l]!;
      if (id === 0 && billed === NO_BILLING) continue;
      const p = forwardEntry(keys, offsets, from[l]!, to[l]!, relation[l]! & RELATIONSHIP_MASK);
      if (p < 0) continue;
      if (labelAt[p] === 0) labelAt[p] = id;
      if (billed < billingAt[p]!) billingAt[p] = billed;
    }
    let labelled = 0;
    for (let p = 0; p < write; p++) if (labelAt[p] !== 0 || billingAt[p] !== NO_BILLING) labelled++;
    const labelPositions = new Uint32Array(labelled);
    const labelIds = new Uint32Array(labelled);
    const labelBilling = new Uint8Array(labelled);
    for (let p = 0, j = 0; p < write; p++) {
      if (labelAt[p] === 0 && billingAt[p] === NO_BILLING) continue;
      labelPositions[j] = p;
      labelIds[j] = labelAt[p] === 0 ? NO_LABEL : labelAt[p]! - 1;
      labelBilling[j++] = billingAt[p]!;
    }

    const neighbours = new Uint32Array(write);
    const relations = new Uint8Array(write);
    for (let p = 0; p < write; p++) {
      const k = keys[p]!;
      const v = Math.floor(k / 256);
      neighbours[p] = v;
      relations[p] = k - v * 256;
    }
    return { offsets, neighbours, relations, labelPositions, labelIds, labelBilling };
  }

  /**
   * A person's subtype is their main role: the credit relationship with the most links, each
   * weighted by its tier (MAIN_ROLE_WEIGHT), ties going to acted_in, directed, wrote, produced,
   * composed, crew in that order. People without credits keep the subtype their source gave.
   */
  private deriveSubtypes(n: number, types: Uint8Array, subtypes: Uint8Array, offsets: Uint32Array, relations: Uint8Array): void {
    const person = TYPE_CODE.person;
    const scores = new Float64Array(RELATIONSHIPS.length);
    const isCredit = new Uint8Array(RELATIONSHIPS.length);
    for (const code of DIRECT_CODES) isCredit[code] = 1;
    const tierWeight = LINK_TIERS.map((tier) => MAIN_ROLE_WEIGHT[tier]);
    for (let v = 0; v < n; v++) {
      if (types[v] !== person) continue;
      scores.fill(0);
      let credited = false;
      for (let p = offsets[v]!; p < offsets[v + 1]!; p++) {
        const byte = relations[p]!;
        const code = byte & RELATIONSHIP_MASK;
        // Credits are named from the person's side ("person acted_in movie").
        if ((byte & FORWARD_BIT) === 0 || isCredit[code] === 0) continue;
        scores[code]! += tierWeight[(byte & TIER_BITS) >>> TIER_SHIFT] ?? 1;
        credited = true;
      }
      if (!credited) continue;
      let best = DIRECT_CODES[0]!;
      for (const code of DIRECT_CODES) if (scores[code]! > scores[best]!) best = code;
      subtypes[v] = SUBTYPE_CODE[SUBTYPE_OF_RELATIONSHIP[RELATIONSHIPS[best]!]!];
    }
  }

  /** Search classes: type code, plus OBSCURE_BIT for the hub types. */
  private classify(n: number, types: Uint8Array) {
    const hubTypes = new Set(HUB_TYPES.map((t) => TYPE_CODE[t]));
    const classes = new Uint8Array(n);
    let hubs = 0;
    for (let v = 0; v < n; v++) {
      const t = types[v]!;
      const hub = hubTypes.has(t);
      classes[v] = t | (hub ? OBSCURE_BIT : 0);
      if (hub) hubs++;
    }
    return { classes, hubs };
  }
}

/** Direction and relationship of an entry: what makes two entries to one neighbour the same link. */
const SAME_LINK = FORWARD_BIT | RELATIONSHIP_MASK;

/** Whether keys[runStart, end) — entries to `neighbour` — hold the link `link` (direction | relationship). */
function sameLinkBefore(keys: Float64Array, runStart: number, end: number, neighbour: number, link: number): boolean {
  for (let j = runStart; j < end; j++) if (((keys[j]! - neighbour * 256) & SAME_LINK) === link) return true;
  return false;
}

/** Position of `owner`'s forward entry to `neighbour` with relationship `code` (any tier), or -1. */
function forwardEntry(keys: Float64Array, offsets: Uint32Array, owner: number, neighbour: number, code: number): number {
  const target = neighbour * 256;
  let lo = offsets[owner]!;
  const end = offsets[owner + 1]!;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  for (let p = lo; p < end && keys[p]! < target + 256; p++) if (((keys[p]! - target) & SAME_LINK) === (FORWARD_BIT | code)) return p;
  return -1;
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
