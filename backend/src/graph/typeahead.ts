/**
 * Typeahead over every entity name: prefix matching at any word start, one-edit fuzzy matching,
 * accents folded, case-insensitive. Ranked by match quality — the whole name, then a word start,
 * then one edit away — then, on equal quality, films, people, collections and awards before the hub
 * types (genre, keyword, company, location: "titanic" the film before the keyword), then popularity.
 *
 * Index (built once by the snapshot builder, stored in the snapshot, so loading costs nothing):
 * - `folded`: every name folded with foldText, concatenated; `foldedOffsets` per node.
 * - entries: one per word start (after a space or an apostrophe) of each folded name, as (node, byte offset of the word), sorted by
 *   (entity type, folded text from the word start). A query is then a binary search for its range,
 *   and a type filter is just a sub-range.
 * - `blockMax` / `superMax`: highest popularity per 32 / 1024 entries, so picking the top K of a
 *   range of hundreds of thousands of entries skips the blocks that cannot beat the current K-th.
 */
import { Buffer } from 'node:buffer';
import { ENTITY_TYPES, type EntityType, type PersonSubtype } from '@cinema-dna/shared-types';
import { byteRank, foldText } from './fold.js';
import { HUB_TYPES, TYPE_CODE } from './model.js';
import { TYPEAHEAD_BLOCK, TYPEAHEAD_SUPER_BLOCK, type Graph } from './snapshot.js';

/** Words starting past this byte of a folded name are not indexed (they are still matched from earlier words). */
const MAX_TOKEN_OFFSET = 255;
const MAX_TOKENS_PER_NAME = 12;
/** Queries shorter than this (folded) match nothing, per the spec. */
export const TYPEAHEAD_MIN_CHARS = 2;
/** Fuzzy matching starts at this many folded bytes; below it one edit matches almost everything. */
const FUZZY_MIN_BYTES = 4;
/** Leading bytes a fuzzy match must share with the query. */
const FUZZY_PREFIX_BYTES = 1;
export const TYPEAHEAD_DEFAULT_LIMIT = 20;
export const TYPEAHEAD_MAX_LIMIT = 100;
const FUZZY_ALPHABET = Buffer.from("abcdefghijklmnopqrstuvwxyz0123456789 '", 'latin1');
/** Entries whose rest of the name equals the query ("titanic", "the titanic") scanned for whole-name matches, per type. */
const WHOLE_NAME_SCAN = 1024;
const HUB_TYPE_SET: ReadonlySet<EntityType> = new Set(HUB_TYPES);
const APOSTROPHE = 0x27;

/** By type code: whether the type is a hub (ranked after the others on equal match quality). */
const HUB_CODES: readonly boolean[] = ENTITY_TYPES.map((t) => HUB_TYPE_SET.has(t));

/** Arrays of the typeahead sections, as written into the snapshot. */
export interface TypeaheadSections {
  foldedOffsets: Uint32Array;
  folded: Uint8Array;
  nodes: Uint32Array;
  tokens: Uint8Array;
  typeStarts: Uint32Array;
  blockMax: Float32Array;
  superMax: Float32Array;
}

/** What the builder hands over: the names blob and per-node attributes. */
export interface TypeaheadBuildInput {
  nodeCount: number;
  types: Uint8Array;
  popularity: Float32Array;
  nameOffsets: Uint32Array;
  names: Uint8Array;
}

function compareSuffixes(folded: Uint8Array, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < n; i++) {
    const d = folded[aStart + i]! - folded[bStart + i]!;
    if (d !== 0) return d;
  }
  return aEnd - aStart - (bEnd - bStart);
}

/** Builds the typeahead sections (offline, in the snapshot builder). */
export function buildTypeaheadIndex(input: TypeaheadBuildInput): TypeaheadSections {
  const { nodeCount, types, popularity, nameOffsets, names } = input;
  const nameBuffer = Buffer.from(names.buffer, names.byteOffset, names.byteLength);
  const foldedOffsets = new Uint32Array(nodeCount + 1);
  let folded = new Uint8Array(Math.max(1024, names.length + 16));
  let foldedLength = 0;
  let entryNodes = new Uint32Array(Math.max(1024, nodeCount * 3));
  let entryTokens = new Uint8Array(entryNodes.length);
  let entries = 0;

  for (let v = 0; v < nodeCount; v++) {
    foldedOffsets[v] = foldedLength;
    const name = nameBuffer.toString('utf8', nameOffsets[v]!, nameOffsets[v + 1]!);
    const f = foldText(name);
    if (f.length === 0) continue;
    if (foldedLength + f.length * 3 > folded.length) {
      const next = new Uint8Array(Math.max(folded.length * 2, foldedLength + f.length * 3));
      next.set(folded.subarray(0, foldedLength));
      folded = next;
    }
    const written = Buffer.from(folded.buffer, folded.byteOffset + foldedLength, folded.length - foldedLength).write(f, 'utf8');
    if (entries + MAX_TOKENS_PER_NAME > entryNodes.length) {
      const nodesNext = new Uint32Array(entryNodes.length * 2);
      nodesNext.set(entryNodes);
      entryNodes = nodesNext;
      const tokensNext = new Uint8Array(entryNodes.length);
      tokensNext.set(entryTokens);
      entryTokens = tokensNext;
    }
    let tokens = 0;
    for (let i = 0; i < written && i <= MAX_TOKEN_OFFSET && tokens < MAX_TOKENS_PER_NAME; i++) {
      const before = i === 0 ? 0x20 : folded[foldedLength + i - 1];
      const atWordStart = (before === 0x20 || before === APOSTROPHE) && folded[foldedLength + i] !== APOSTROPHE;
      if (!atWordStart) continue;
      // One-letter words ("a", "j") are only reachable from an earlier word; they'd match anything.
      const oneLetter = i + 1 >= written || folded[foldedLength + i + 1] === 0x20;
      if (i > 0 && oneLetter) continue;
      entryNodes[entries] = v;
      entryTokens[entries] = i;
      entries++;
      tokens++;
    }
    foldedLength += written;
  }
  foldedOffsets[nodeCount] = foldedLength;
  folded = folded.slice(0, foldedLength);

  const order = sortEntries(entries, entryNodes, entryTokens, types, folded, foldedOffsets);
  const nodes = new Uint32Array(entries);
  const tokens = new Uint8Array(entries);
  const typeStarts = new Uint32Array(ENTITY_TYPES.length + 1);
  for (let i = 0; i < entries; i++) {
    const e = order[i]!;
    nodes[i] = entryNodes[e]!;
    tokens[i] = entryTokens[e]!;
    typeStarts[types[nodes[i]!]! + 1]!++;
  }
  for (let t = 0; t < ENTITY_TYPES.length; t++) typeStarts[t + 1]! += typeStarts[t]!;

  const blockMax = new Float32Array(Math.ceil(entries / TYPEAHEAD_BLOCK)).fill(-Infinity);
  const superMax = new Float32Array(Math.ceil(entries / TYPEAHEAD_SUPER_BLOCK)).fill(-Infinity);
  for (let i = 0; i < entries; i++) {
    const p = popularity[nodes[i]!]!;
    const b = (i / TYPEAHEAD_BLOCK) | 0;
    if (p > blockMax[b]!) blockMax[b] = p;
    const s = (i / TYPEAHEAD_SUPER_BLOCK) | 0;
    if (p > superMax[s]!) superMax[s] = p;
  }
  return { foldedOffsets, folded, nodes, tokens, typeStarts, blockMax, superMax };
}

/**
 * Sorts entry ids by (type, folded suffix). A comparator sort of ~10M entries takes minutes in JS,
 * so the bulk is a native BigUint64Array sort of packed keys (type, first characters as order-
 * preserving 6-bit ranks, entry id); only runs with equal packed prefixes get a byte comparator.
 */
function sortEntries(
  entries: number,
  entryNodes: Uint32Array,
  entryTokens: Uint8Array,
  types: Uint8Array,
  folded: Uint8Array,
  foldedOffsets: Uint32Array,
): Uint32Array {
  const idBits = Math.max(1, Math.ceil(Math.log2(entries + 1)));
  if (idBits > 32) throw new RangeError('too many typeahead entries');
  const chars = Math.floor((64 - 3 - idBits) / 6);
  const loPrefixBits = 32 - idBits; // prefix bits that land in the low word
  const keys = new BigUint64Array(entries);
  const words = new Uint32Array(keys.buffer);
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const lo = littleEndian ? 0 : 1;
  const hi = 1 - lo;
  for (let e = 0; e < entries; e++) {
    const v = entryNodes[e]!;
    const start = foldedOffsets[v]! + entryTokens[e]!;
    const end = foldedOffsets[v + 1]!;
    let prefix = types[v]!;
    for (let c = 0; c < chars; c++) prefix = prefix * 64 + (start + c < end ? byteRank(folded[start + c]!) : 0);
    const low = prefix % 2 ** loPrefixBits;
    words[2 * e + lo] = (low * 2 ** idBits + e) >>> 0;
    words[2 * e + hi] = Math.floor(prefix / 2 ** loPrefixBits) >>> 0;
  }
  keys.sort();
  const order = new Uint32Array(entries);
  const idMask = idBits === 32 ? 0xffffffff : 2 ** idBits - 1;
  for (let i = 0; i < entries; i++) order[i] = (words[2 * i + lo]! & idMask) >>> 0;

  const samePrefix = (a: number, b: number): boolean =>
    words[2 * a + hi] === words[2 * b + hi] &&
    Math.floor(words[2 * a + lo]! / 2 ** idBits) === Math.floor(words[2 * b + lo]! / 2 ** idBits);
  const compare = (a: number, b: number): number => {
    const va = entryNodes[a]!;
    const vb = entryNodes[b]!;
    return (
      compareSuffixes(folded, foldedOffsets[va]! + entryTokens[a]!, foldedOffsets[va + 1]!, foldedOffsets[vb]! + entryTokens[b]!, foldedOffsets[vb + 1]!) ||
      a - b
    );
  };
  for (let i = 0; i < entries; ) {
    let j = i + 1;
    while (j < entries && samePrefix(i, j)) j++;
    if (j - i > 1) order.subarray(i, j).sort(compare);
    i = j;
  }
  return order;
}

/** One typeahead answer. */
export interface TypeaheadHit {
  index: number;
  key: string;
  type: EntityType;
  subtype: PersonSubtype | null;
  name: string;
  popularity: number;
  /** True when found only by the one-edit fuzzy pass. */
  fuzzy: boolean;
}

export interface TypeaheadOptions {
  /** Only entities of this type (or these types). */
  type?: EntityType | readonly EntityType[];
  /** At most this many hits (default 20, at most 100). */
  limit?: number;
  /** Run the one-edit pass when prefix matches do not fill the limit (default true). */
  fuzzy?: boolean;
}

/** A bounded best-K list of distinct nodes by popularity (K ≤ 100, so arrays beat a heap). */
class TopK {
  readonly nodes: number[] = [];
  readonly scores: number[] = [];
  constructor(readonly k: number) {}

  get full(): boolean {
    return this.nodes.length >= this.k;
  }

  /** Popularity a candidate must exceed to enter. */
  get threshold(): number {
    return this.full ? this.scores[this.scores.length - 1]! : -Infinity;
  }

  offer(node: number, score: number): void {
    if (this.full && score <= this.scores[this.scores.length - 1]!) return;
    if (this.nodes.includes(node)) return;
    let i = this.nodes.length;
    while (i > 0 && this.scores[i - 1]! < score) i--;
    this.nodes.splice(i, 0, node);
    this.scores.splice(i, 0, score);
    if (this.nodes.length > this.k) {
      this.nodes.pop();
      this.scores.pop();
    }
  }
}

/** Query side of the typeahead index, over a loaded Graph. Allocation per query is a few small arrays. */
export class TypeaheadIndex {
  private readonly folded: Uint8Array;
  private readonly foldedOffsets: Uint32Array;
  private readonly nodes: Uint32Array;
  private readonly tokens: Uint8Array;
  private readonly typeStarts: Uint32Array;
  private readonly blockMax: Float32Array;
  private readonly superMax: Float32Array;
  private readonly popularity: Float32Array;

  constructor(private readonly graph: Graph) {
    this.folded = graph.folded;
    this.foldedOffsets = graph.foldedOffsets;
    this.nodes = graph.typeaheadNodes;
    this.tokens = graph.typeaheadTokens;
    this.typeStarts = graph.typeaheadTypeStarts;
    this.blockMax = graph.typeaheadBlockMax;
    this.superMax = graph.typeaheadSuperMax;
    this.popularity = graph.popularity;
  }

  /** Entities whose name has a word starting with `query` (then one-edit matches), most popular first. */
  search(query: string, options: TypeaheadOptions = {}): TypeaheadHit[] {
    const limit = Math.max(1, Math.min(TYPEAHEAD_MAX_LIMIT, Math.floor(options.limit ?? TYPEAHEAD_DEFAULT_LIMIT)));
    const q = Buffer.from(foldText(query), 'utf8');
    if (q.length < TYPEAHEAD_MIN_CHARS) return [];
    const typeFilter = options.type === undefined ? ENTITY_TYPES : typeof options.type === 'string' ? [options.type] : options.type;
    const ranges: Array<[number, number]> = typeFilter.map((t) => [this.typeStarts[TYPE_CODE[t]]!, this.typeStarts[TYPE_CODE[t] + 1]!]);

    const hubs = typeFilter.map((t) => HUB_TYPE_SET.has(t));

    const whole: number[] = [];
    const prefix = [new TopK(limit), new TopK(limit)]; // [favoured types, hub types]
    ranges.forEach(([lo, hi], r) => {
      const start = this.lowerBound(q, q.length, lo, hi);
      const end = this.upperBound(q, q.length, start, hi);
      this.collectWholeNames(q.length, start, Math.min(end, start + WHOLE_NAME_SCAN), whole);
      this.collect(start, end, prefix[hubs[r] ? 1 : 0]!);
    });
    const popularity = this.popularity;
    const types = this.graph.types;
    whole.sort((a, b) => Number(HUB_CODES[types[a]!]) - Number(HUB_CODES[types[b]!]) || popularity[b]! - popularity[a]!);
    const hits: TypeaheadHit[] = [];
    const taken = new Set<number>();
    const take = (nodes: readonly number[], fuzzy: boolean) => {
      for (const v of nodes) {
        if (hits.length >= limit) return;
        if (taken.has(v)) continue;
        taken.add(v);
        hits.push(this.hit(v, fuzzy));
      }
    };
    take(whole, false);
    for (const top of prefix) take(top.nodes, false);
    if (hits.length >= limit || options.fuzzy === false || q.length < FUZZY_MIN_BYTES) return hits;

    const fuzzy = [new TopK(limit), new TopK(limit)];
    ranges.forEach(([lo, hi], r) => this.collectFuzzy(q, lo, hi, fuzzy[hubs[r] ? 1 : 0]!));
    for (const top of fuzzy) take(top.nodes, true);
    return hits;
  }

  /**
   * Whole-name matches: in a query's range, the entries whose rest of the name is exactly the query
   * sort first; of those, the ones starting at the name's first byte are the whole name.
   */
  private collectWholeNames(length: number, start: number, end: number, out: number[]): void {
    for (let i = start; i < end; i++) {
      const v = this.nodes[i]!;
      if (this.foldedOffsets[v + 1]! - this.foldedOffsets[v]! - this.tokens[i]! !== length) return;
      if (this.tokens[i] === 0) out.push(v);
    }
  }

  private hit(index: number, fuzzy: boolean): TypeaheadHit {
    const g = this.graph;
    return { index, key: g.key(index), type: g.type(index), subtype: g.subtype(index), name: g.name(index), popularity: g.popularity[index]!, fuzzy };
  }

  /** Compares entry `i`'s suffix, cut to `len` bytes, with q[0, len). */
  private compareEntry(i: number, q: Uint8Array, len: number): number {
    const v = this.nodes[i]!;
    const start = this.foldedOffsets[v]! + this.tokens[i]!;
    const available = this.foldedOffsets[v + 1]! - start;
    const n = Math.min(len, available);
    const folded = this.folded;
    for (let k = 0; k < n; k++) {
      const d = folded[start + k]! - q[k]!;
      if (d !== 0) return d;
    }
    return available < len ? -1 : 0;
  }

  /** First entry in [lo, hi) whose suffix is ≥ q (as a prefix). */
  private lowerBound(q: Uint8Array, len: number, lo: number, hi: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareEntry(mid, q, len) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First entry in [lo, hi) whose suffix is past every string starting with q. */
  private upperBound(q: Uint8Array, len: number, lo: number, hi: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareEntry(mid, q, len) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Offers every entry of [lo, hi) to `top`, skipping (super-)blocks that cannot beat its threshold. */
  private collect(lo: number, hi: number, top: TopK): void {
    const nodes = this.nodes;
    const popularity = this.popularity;
    let i = lo;
    while (i < hi) {
      if (top.full) {
        if (i % TYPEAHEAD_SUPER_BLOCK === 0 && i + TYPEAHEAD_SUPER_BLOCK <= hi && this.superMax[i / TYPEAHEAD_SUPER_BLOCK]! <= top.threshold) {
          i += TYPEAHEAD_SUPER_BLOCK;
          continue;
        }
        if (i % TYPEAHEAD_BLOCK === 0 && i + TYPEAHEAD_BLOCK <= hi && this.blockMax[i / TYPEAHEAD_BLOCK]! <= top.threshold) {
          i += TYPEAHEAD_BLOCK;
          continue;
        }
      }
      const v = nodes[i]!;
      const p = popularity[v]!;
      if (!top.full || p > top.threshold) top.offer(v, p);
      i++;
    }
  }

  /**
   * One-edit prefix matches: every deletion, transposition, substitution and insertion of q (except
   * edits that merely shorten or lengthen its end, which the prefix match already covers). The
   * first character must match, as in Lucene's fuzzy prefix length 1: edits there are rare typos
   * and by far the most expensive to try (each one is a search over the whole type's range). The
   * range of entries sharing q's first `pos` bytes narrows as `pos` grows, so the variants edited
   * at `pos` are searched only inside it.
   */
  private collectFuzzy(q: Buffer, lo: number, hi: number, top: TopK): void {
    const len = q.length;
    const variant = Buffer.alloc(len + 1);
    let rangeLo = this.lowerBound(q, FUZZY_PREFIX_BYTES, lo, hi);
    let rangeHi = this.upperBound(q, FUZZY_PREFIX_BYTES, rangeLo, hi);
    const tryVariant = (vlen: number): void => {
      const start = this.lowerBound(variant, vlen, rangeLo, rangeHi);
      if (start >= rangeHi || this.compareEntry(start, variant, vlen) !== 0) return;
      this.collect(start, this.upperBound(variant, vlen, start, rangeHi), top);
    };
    for (let pos = FUZZY_PREFIX_BYTES; pos < len && rangeLo < rangeHi; pos++) {
      q.copy(variant, 0, 0, pos);
      // deletion of q[pos] (not the last byte)
      if (pos < len - 1) {
        q.copy(variant, pos, pos + 1, len);
        tryVariant(len - 1);
      }
      // transposition of q[pos], q[pos+1]
      if (pos < len - 1 && q[pos] !== q[pos + 1]) {
        q.copy(variant, 0, 0, len);
        variant[pos] = q[pos + 1]!;
        variant[pos + 1] = q[pos]!;
        tryVariant(len);
      }
      // substitution of q[pos]
      q.copy(variant, 0, 0, len);
      for (const c of FUZZY_ALPHABET) {
        if (c === q[pos]) continue;
        variant[pos] = c;
        tryVariant(len);
      }
      // insertion before q[pos]
      q.copy(variant, pos + 1, pos, len);
      for (const c of FUZZY_ALPHABET) {
        variant[pos] = c;
        tryVariant(len + 1);
      }
      // Narrow to the entries sharing q[0, pos] for the next position's edits.
      const nextLo = this.lowerBound(q, pos + 1, rangeLo, rangeHi);
      rangeHi = this.upperBound(q, pos + 1, nextLo, rangeHi);
      rangeLo = nextLo;
    }
  }
}
