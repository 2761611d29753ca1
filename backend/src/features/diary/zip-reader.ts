/**
 * Reading a zip without believing it. A zip describes each file twice (its central directory and a
 * local header before the data) and says how large the file is once inflated; a hostile zip makes
 * these disagree: sizes declared far below what the data inflates to, many central entries pointing at
 * one compressed stream (each inflated again: a 261 kB zip held the server for seconds), a local
 * header for another file. So here:
 * - every entry's local header must say what its central one says (name, method, flags, CRC, sizes),
 *   every entry's data must lie before the central directory, and no two entries' data may overlap;
 * - inflation counts the bytes it really produces and stops at the caller's limit, and an entry whose
 *   real size or CRC is not the declared one is refused.
 *
 * Why not fflate's unzipSync (used before) or a zip library: unzipSync sizes its output from the
 * declared size and checks none of the above; yauzl, the most used zip reader on npm, checks real
 * against declared sizes but not overlapping entries, and is callback and stream based. node:zlib
 * inflates natively with a hard output cap (maxOutputLength), and this runs in the import's worker
 * thread anyway, so a synchronous reader is the simple one.
 */
import { crc32, inflateRawSync } from 'node:zlib';

/** Why a zip was refused; the message says it in words. */
export type ZipProblem =
  | 'notAZip'
  | 'tooManyEntries'
  | 'unsupported'
  | 'headersDisagree'
  | 'overlappingEntries'
  | 'outOfBounds'
  | 'sizeMismatch'
  | 'crcMismatch'
  | 'corruptData'
  | 'tooLarge';

export class ZipError extends Error {
  override readonly name = 'ZipError';
  constructor(
    readonly problem: ZipProblem,
    message: string,
  ) {
    super(message);
  }
}

/** One file of a zip, as its central directory declares it (checked against its local header). */
export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's compressed bytes start and end. */
  dataStart: number;
  dataEnd: number;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const STORED = 0;
const DEFLATED = 8;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** The zip's signature at its start (a local header, or the end record of an empty zip). */
export const looksLikeZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06);

/**
 * Every entry of the zip, after checking the directory against the local headers and the layout.
 * At most `maxEntries` (a directory of millions of entries is refused before it is walked).
 */
export function listZipEntries(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => {
    const value = view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('outOfBounds', 'a size or offset is out of range');
    return Number(value);
  };
  const within = (at: number, length: number) => at >= 0 && length >= 0 && at + length <= zip.length;

  // The end of central directory record: the last one, at most 64 kB of comment from the end.
  let end = -1;
  for (let at = zip.length - 22; at >= 0 && at >= zip.length - 22 - MAX16; at--) {
    if (u32(at) === EOCD && at + 22 + u16(at + 20) <= zip.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('notAZip', 'it is damaged or not a zip');
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== u16(end + 10)) throw new ZipError('unsupported', 'it is split over several files');
  let count = u16(end + 10);
  let directorySize = u32(end + 12);
  let directoryStart = u32(end + 16);
  // Where the central directory must end: at the end record, or at the ZIP64 one before it.
  let directoryLimit = end;
  if (count === MAX16 || directorySize === MAX32 || directoryStart === MAX32) {
    const locator = end - 20;
    if (locator < 0 || u32(locator) !== EOCD64_LOCATOR) throw new ZipError('notAZip', 'its ZIP64 end record is missing');
    const end64 = u64(locator + 8);
    if (!within(end64, 56) || u32(end64) !== EOCD64 || end64 > locator - 56) throw new ZipError('outOfBounds', 'its ZIP64 end record is out of place');
    count = u64(end64 + 32);
    directorySize = u64(end64 + 40);
    directoryStart = u64(end64 + 48);
    directoryLimit = end64;
  }
  if (count > maxEntries) throw new ZipError('tooManyEntries', `it holds ${count} entries`);
  if (directoryStart + directorySize > directoryLimit) throw new ZipError('outOfBounds', 'its central directory is out of place');

  const entries: (ZipEntry & { localStart: number; end: number })[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directoryStart + directorySize || u32(at) !== CENTRAL) throw new ZipError('outOfBounds', 'its central directory is cut short');
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    let compressedSize = u32(at + 20);
    let size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localStart = u32(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directoryStart + directorySize) throw new ZipError('outOfBounds', 'its central directory is cut short');
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    // ZIP64: the sizes and offset that do not fit in 32 bits follow in the extra field, in this order.
    if (size === MAX32 || compressedSize === MAX32 || localStart === MAX32) {
      const zip64 = findExtra(zip, view, at + 46 + nameLength, extraLength, 0x0001);
      if (!zip64) throw new ZipError('headersDisagree', 'an entry lacks its ZIP64 sizes');
      let field = zip64.start;
      const take = () => {
        if (field + 8 > zip64.end) throw new ZipError('headersDisagree', 'an entry’s ZIP64 sizes are cut short');
        const value = u64(field);
        field += 8;
        return value;
      };
      if (size === MAX32) size = take();
      if (compressedSize === MAX32) compressedSize = take();
      if (localStart === MAX32) localStart = take();
    }
    if (flags & FLAG_ENCRYPTED) throw new ZipError('unsupported', 'it is encrypted');
    if (method !== STORED && method !== DEFLATED) throw new ZipError('unsupported', `an entry uses compression method ${method} (only stored and deflated files are read)`);
    if (method === STORED && compressedSize !== size) throw new ZipError('sizeMismatch', 'a stored entry declares two sizes');

    // The local header must tell the same story.
    if (!within(localStart, 30) || u32(localStart) !== LOCAL) throw new ZipError('outOfBounds', 'an entry’s local header is missing');
    const localFlags = u16(localStart + 6);
    const localNameLength = u16(localStart + 26);
    const localExtraLength = u16(localStart + 28);
    const dataStart = localStart + 30 + localNameLength + localExtraLength;
    const localName = zip.subarray(localStart + 30, localStart + 30 + localNameLength);
    if (u16(localStart + 8) !== method || (localFlags & (FLAG_ENCRYPTED | FLAG_DESCRIPTOR)) !== (flags & (FLAG_ENCRYPTED | FLAG_DESCRIPTOR)) || !sameBytes(localName, nameBytes)) {
      throw new ZipError('headersDisagree', 'an entry’s local header names another file or method');
    }
    let localCompressed = u32(localStart + 18);
    let localSize = u32(localStart + 22);
    if (localSize === MAX32 || localCompressed === MAX32) {
      const zip64 = findExtra(zip, view, localStart + 30 + localNameLength, localExtraLength, 0x0001);
      if (zip64 && zip64.end - zip64.start >= 16) {
        localSize = u64(zip64.start);
        localCompressed = u64(zip64.start + 8);
      }
    }
    const localCrc = u32(localStart + 14);
    // With a data descriptor, the local header may leave CRC and sizes at zero: the descriptor has them.
    const deferred = (flags & FLAG_DESCRIPTOR) !== 0 && localCrc === 0 && localCompressed === 0 && localSize === 0;
    if (!deferred && (localCrc !== crc || localCompressed !== compressedSize || localSize !== size)) {
      throw new ZipError('headersDisagree', 'an entry’s local header declares other sizes than the directory');
    }
    const dataEnd = dataStart + compressedSize;
    let entryEnd = dataEnd;
    if (flags & FLAG_DESCRIPTOR) entryEnd = checkDescriptor(zip, view, dataEnd, { crc, compressedSize, size });
    if (entryEnd > directoryStart) throw new ZipError('outOfBounds', 'an entry’s data runs into the central directory');
    entries.push({ name: new TextDecoder().decode(nameBytes), method, crc, compressedSize, size, dataStart, dataEnd, localStart, end: entryEnd });
    at = next;
  }

  // No two entries may share bytes: each file's data is its own (the overlapping-entries bomb).
  const byStart = entries.toSorted((a, b) => a.localStart - b.localStart);
  for (let index = 1; index < byStart.length; index++) {
    if (byStart[index]!.localStart < byStart[index - 1]!.end) throw new ZipError('overlappingEntries', 'two of its entries overlap (share the same data)');
  }
  return entries.map(({ name, method, crc, compressedSize, size, dataStart, dataEnd }) => ({ name, method, crc, compressedSize, size, dataStart, dataEnd }));
}

/**
 * The bytes of `entries`, inflated. `maxBytes` caps what they may inflate to all together: the real
 * count, not the declared sizes, and inflation stops as soon as it is passed.
 */
export function inflateZipEntries(zip: Uint8Array, entries: readonly ZipEntry[], maxBytes: number): Uint8Array[] {
  let total = 0;
  const tooLarge = () => new ZipError('tooLarge', `its files hold more than ${maxBytes} bytes once unzipped`);
  return entries.map((entry) => {
    const compressed = zip.subarray(entry.dataStart, entry.dataEnd);
    // Declared sizes only help refuse early; the count below is what holds.
    if (total + entry.size > maxBytes) throw tooLarge();
    let bytes: Uint8Array;
    if (entry.method === STORED) {
      bytes = compressed;
    } else {
      try {
        // maxOutputLength: zlib stops once its output passes the room left (one 16 kB chunk past it at most).
        bytes = inflateRawSync(compressed, { maxOutputLength: Math.max(1, maxBytes - total) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw new ZipError('corruptData', 'an entry’s compressed data is damaged');
      }
    }
    total += bytes.length;
    if (total > maxBytes) throw tooLarge();
    if (bytes.length !== entry.size) throw new ZipError('sizeMismatch', `${entry.name} inflates to another size than it declares`);
    if (crc32(bytes) !== entry.crc) throw new ZipError('crcMismatch', `${entry.name} does not match its checksum`);
    return bytes;
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** An extra field's data (tag, then length, then data), or null. */
function findExtra(zip: Uint8Array, view: DataView, start: number, length: number, tag: number): { start: number; end: number } | null {
  const end = start + length;
  if (end > zip.length) throw new ZipError('outOfBounds', 'an entry’s extra field is cut short');
  for (let at = start; at + 4 <= end; ) {
    const size = view.getUint16(at + 2, true);
    if (at + 4 + size > end) throw new ZipError('outOfBounds', 'an entry’s extra field is cut short');
    if (view.getUint16(at, true) === tag) return { start: at + 4, end: at + 4 + size };
    at += 4 + size;
  }
  return null;
}

/** Checks a data descriptor after an entry's data against the directory; answers where it ends. */
function checkDescriptor(zip: Uint8Array, view: DataView, at: number, declared: { crc: number; compressedSize: number; size: number }): number {
  const signed = at + 4 <= zip.length && view.getUint32(at, true) === DESCRIPTOR;
  const start = signed ? at + 4 : at;
  // 32-bit sizes, or 64-bit ones (ZIP64): whichever agrees with the directory.
  if (start + 12 <= zip.length && view.getUint32(start, true) === declared.crc) {
    if (view.getUint32(start + 4, true) === declared.compressedSize % 2 ** 32 && view.getUint32(start + 8, true) === declared.size % 2 ** 32) return start + 12;
    if (start + 20 <= zip.length && Number(view.getBigUint64(start + 4, true)) === declared.compressedSize && Number(view.getBigUint64(start + 12, true)) === declared.size) return start + 20;
  }
  throw new ZipError('headersDisagree', 'an entry’s data descriptor declares other sizes than the directory');
}
