import { inflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deflated, deflatedRun, forgeOverlappingZip, forgeZip, type ForgedEntry } from './test-fixtures/hostile-uploads.js';
import { inflateZipEntries, listZipEntries, ZipError, type ZipProblem } from './zip-reader.js';

const CSV = 'Date,Name,Year,Letterboxd URI\n2025-01-01,Heat,1995,https://boxd.it/z\n';
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();
/** Every file of a zip, read within `maxBytes`. */
const readAll = (zip: Uint8Array, maxBytes = 1024 * 1024) => {
  const entries = listZipEntries(zip, 100);
  return Object.fromEntries(inflateZipEntries(zip, entries, maxBytes).map((bytes, index) => [entries[index]!.name, text(bytes)]));
};
function problemOf(run: () => unknown): ZipProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipError) return error.problem;
    throw error;
  }
  throw new Error('expected a ZipError');
}
const entry = (overrides: Partial<ForgedEntry> = {}): ForgedEntry => ({ name: 'watched.csv', method: 8, ...deflated(CSV), ...overrides });

describe('listZipEntries and inflateZipEntries', () => {
  it('read zips as zip tools write them: deflated and stored files, folders, data descriptors', () => {
    const written = zipSync({ 'watched.csv': strToU8(CSV), 'lists/a.csv': strToU8('x'), 'stored.csv': [strToU8(CSV), { level: 0 }] });
    expect(readAll(written)).toEqual({ 'watched.csv': CSV, 'lists/a.csv': 'x', 'stored.csv': CSV });
    // A streaming writer: sizes and CRC in a descriptor after the data, zeros in the local header.
    expect(readAll(forgeZip([entry({ descriptor: true }), entry({ name: 'diary.csv', descriptor: true })]))).toEqual({ 'watched.csv': CSV, 'diary.csv': CSV });
  });

  it.each<[string, Partial<ForgedEntry>, ZipProblem]>([
    ['another name in the local header', { local: { name: 'diary.csv' } }, 'headersDisagree'],
    ['another method in the local header', { local: { method: 0 } }, 'headersDisagree'],
    ['another size in the local header', { local: { size: 1 } }, 'headersDisagree'],
    ['another compressed size in the local header', { local: { compressedSize: 3 } }, 'headersDisagree'],
    ['another CRC in the local header', { local: { crc: 1 } }, 'headersDisagree'],
    ['a data descriptor in one header only', { local: { flags: 0x0008 } }, 'headersDisagree'],
    ['a local header offset pointing into the data', { localOffset: 7 }, 'outOfBounds'],
    ['a compressed size running into the central directory', { compressedSize: 5000, local: { compressedSize: 5000 } }, 'outOfBounds'],
    ['a size declared smaller than what it inflates to', { size: 10, local: { size: 10 } }, 'sizeMismatch'],
    ['a size declared larger than what it inflates to', { size: 1000, local: { size: 1000 } }, 'sizeMismatch'],
    ['a wrong CRC', { crc: 12345, local: { crc: 12345 } }, 'crcMismatch'],
    ['an encrypted file', { flags: 0x0001, local: { flags: 0x0001 } }, 'unsupported'],
    ['another compression method (bzip2)', { method: 12 }, 'unsupported'],
    ['damaged compressed data', { data: new Uint8Array([0xff, 0xff, 0xff, 0xff]) }, 'corruptData'],
  ])('refuse %s', (_what, overrides, problem) => {
    expect(problemOf(() => readAll(forgeZip([entry(overrides)])))).toBe(problem);
  });

  it('refuse entries whose data overlap, before inflating any', () => {
    // Two central entries on one local header (same name, so the headers agree).
    const pointing = forgeZip([entry()], { alsoPointingAtFirst: ['watched.csv'] });
    expect(problemOf(() => listZipEntries(pointing, 100))).toBe('overlappingEntries');
  });

  it('refuse the overlapping-entries bomb: headers that agree, streams that share a kernel', async () => {
    const zip = forgeOverlappingZip(['diary.csv', 'watched.csv', 'reviews.csv'], await deflatedRun(4), 1000);
    const started = performance.now();
    expect(problemOf(() => listZipEntries(zip, 100))).toBe('overlappingEntries');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('count what really inflates and stop at the limit, whatever the declared size', async () => {
    const run = await deflatedRun(64);
    // Declares 1 kB, inflates 64 MB: stopped once past 4 MB (one 16 kB zlib chunk past it at most).
    const lie = forgeZip([{ name: 'diary.csv', method: 8, ...run, size: 1000 }]);
    const entries = listZipEntries(lie, 100);
    let started = performance.now();
    inflateRawSync(run.data);
    const whole = performance.now() - started;
    started = performance.now();
    expect(problemOf(() => inflateZipEntries(lie, entries, 4 * 1024 * 1024))).toBe('tooLarge');
    // Stopped at 4 MB of 64: a small part of the time inflating it whole takes.
    expect(performance.now() - started).toBeLessThan(whole / 3);
    // The limit holds for the files together, and for stored files too.
    const two = zipSync({ 'a.csv': strToU8('x'.repeat(600)), 'b.csv': [strToU8('y'.repeat(600)), { level: 0 }] });
    expect(problemOf(() => inflateZipEntries(two, listZipEntries(two, 100), 1000))).toBe('tooLarge');
    expect(inflateZipEntries(two, listZipEntries(two, 100), 1200).map((bytes) => bytes.length)).toEqual([600, 600]);
  });

  it('refuse a directory with more entries than allowed, and what is not a zip', () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`${index}.csv`, strToU8('x')])));
    expect(problemOf(() => listZipEntries(many, 10))).toBe('tooManyEntries');
    expect(listZipEntries(many, 11)).toHaveLength(11);
    expect(problemOf(() => listZipEntries(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 10))).toBe('notAZip');
    // Cut short: the central directory is gone.
    expect(problemOf(() => listZipEntries(many.subarray(0, many.length - 30), 100))).toBe('notAZip');
  });
});
