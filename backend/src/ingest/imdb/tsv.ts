import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ImportInputError } from '../importer.js';
import { isGzip } from '../gzip.js';

/**
 * IMDb's TSV format: one record per line, fields split on tabs, `\N` for null, and NO quoting — a
 * title may contain `"` freely, so a CSV parser would misread it. The reader is the importer's hot
 * loop (≈100M lines at full scale): it decodes the file in large blocks and marks field boundaries
 * in one reusable TsvRow instead of allocating an array of strings per line; callers slice only the
 * fields they keep.
 */
export class TsvRow {
  /** The decoded block holding the current line. */
  text = '';
  /** 1-based line number in the file (the header is line 1). */
  line = 0;
  /** Number of fields on the current line. */
  count = 0;
  /** starts[i] is where field i begins; field i ends at starts[i + 1] - 1. */
  readonly starts: Int32Array;

  constructor(readonly file: string, maxFields: number) {
    this.starts = new Int32Array(maxFields + 2);
  }

  field(i: number): string {
    return this.text.slice(this.starts[i]!, this.starts[i + 1]! - 1);
  }

  /** `\N` (IMDb's null) or empty. */
  isNull(i: number): boolean {
    const start = this.starts[i]!;
    const length = this.starts[i + 1]! - 1 - start;
    return length === 0 || (length === 2 && this.text.charCodeAt(start) === 92 && this.text.charCodeAt(start + 1) === 78);
  }

  /** The field, or undefined for null. */
  optional(i: number): string | undefined {
    return this.isNull(i) ? undefined : this.field(i);
  }

  equals(i: number, value: string): boolean {
    const start = this.starts[i]!;
    return this.starts[i + 1]! - 1 - start === value.length && this.text.startsWith(value, start);
  }

  /** A non-negative decimal integer; NaN for null or anything else. */
  integer(i: number): number {
    const text = this.text;
    const start = this.starts[i]!;
    const end = this.starts[i + 1]! - 1;
    if (end === start || end - start > 15) return NaN;
    let value = 0;
    for (let p = start; p < end; p++) {
      const digit = text.charCodeAt(p) - 48;
      if (digit < 0 || digit > 9) return NaN;
      value = value * 10 + digit;
    }
    return value;
  }

  /** A decimal number such as `7.3`; NaN for null or anything else. */
  decimal(i: number): number {
    if (this.isNull(i)) return NaN;
    const value = Number(this.field(i));
    return Number.isFinite(value) ? value : NaN;
  }

  /**
   * The number of an IMDb id with a two-letter prefix (`tt0133093` → 133093, `nm0000206` → 206),
   * or -1 when the field is not one. Ids must fit 31 bits (IMDb's are under 10^9).
   */
  id(i: number, prefix: string): number {
    const text = this.text;
    const start = this.starts[i]!;
    const end = this.starts[i + 1]! - 1;
    if (end - start < 3 || end - start > 11 || text.charCodeAt(start) !== prefix.charCodeAt(0) || text.charCodeAt(start + 1) !== prefix.charCodeAt(1)) return -1;
    let value = 0;
    for (let p = start + 2; p < end; p++) {
      const digit = text.charCodeAt(p) - 48;
      if (digit < 0 || digit > 9) return -1;
      value = value * 10 + digit;
    }
    return value <= 0x7fffffff ? value : -1;
  }

  error(reason: string): ImportInputError {
    return new ImportInputError(reason, path.basename(this.file), this.line);
  }
}

/** `<name>.gz` when present (the published form), else `<name>`; undefined when neither exists. */
export function findInput(dir: string, name: string): string | undefined {
  for (const candidate of [path.join(dir, `${name}.gz`), path.join(dir, name)]) if (existsSync(candidate)) return candidate;
  return undefined;
}


export interface ReadTsvOptions {
  signal?: AbortSignal;
  /** Called once per block with the compressed bytes read so far (progress). */
  onBytes?: (bytes: number) => void;
}

/**
 * Streams `file` (gzipped or plain), checks that its header is exactly `columns` and that every line
 * has that many fields, and calls `onRow` with the reused TsvRow. `onRow` returns a promise only
 * when it must wait (writer back-pressure); the reader then awaits it before moving on. Returns the
 * number of data rows.
 */
export async function readTsv(
  file: string,
  columns: readonly string[],
  onRow: (row: TsvRow) => void | Promise<void>,
  { signal, onBytes }: ReadTsvOptions = {},
): Promise<number> {
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  let input: Readable = raw;
  if (isGzip(file)) {
    const gunzip = createGunzip({ chunkSize: 1 << 17 });
    // .pipe() does not forward errors: a read error must end the iteration below.
    raw.on('error', (error) => gunzip.destroy(error));
    input = raw.pipe(gunzip);
  }
  input.setEncoding('utf8');
  const row = new TsvRow(file, columns.length);
  const expected = columns.length;
  let carry = '';
  let rows = 0;
  let line = 0;

  /** One line, text[start, end): split into row.starts and checked. */
  const split = (text: string, start: number, end: number): void => {
    const starts = row.starts;
    starts[0] = start;
    let count = 1;
    let tab = text.indexOf('\t', start);
    while (tab !== -1 && tab < end) {
      if (count === expected) {
        count++;
        break;
      }
      starts[count++] = tab + 1;
      tab = text.indexOf('\t', tab + 1);
    }
    row.text = text;
    row.line = line;
    row.count = count;
    if (count !== expected) {
      // Count every field for the message (the fast loop stops one past the expected count).
      const found = text.slice(start, end).split('\t').length;
      throw row.error(`expected ${expected} tab-separated fields, found ${found}`);
    }
    starts[count] = end + 1;
  };

  const header = (text: string, start: number, end: number) => {
    const found = text.slice(start, end).split('\t');
    if (found.join('\t') !== columns.join('\t')) {
      throw new ImportInputError(`unexpected header "${found.join(' ')}", expected "${columns.join(' ')}"`, path.basename(file), 1);
    }
  };

  try {
    for await (const chunk of input as AsyncIterable<string>) {
      if (signal?.aborted) throw signal.reason ?? new Error('import aborted');
      const text = carry.length > 0 ? carry + chunk : chunk;
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        line++;
        const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        if (line === 1) header(text, start, end);
        else if (end > start) {
          split(text, start, end);
          rows++;
          const pending = onRow(row);
          if (pending) await pending;
        }
        start = nl + 1;
      }
      carry = text.slice(start);
      onBytes?.(raw.bytesRead);
    }
    if (carry.length > 0) {
      line++;
      const end = carry.charCodeAt(carry.length - 1) === 13 ? carry.length - 1 : carry.length;
      if (line === 1) header(carry, 0, end);
      else if (end > 0) {
        split(carry, 0, end);
        rows++;
        const pending = onRow(row);
        if (pending) await pending;
      }
    }
  } catch (error) {
    if (error instanceof ImportInputError || error === signal?.reason) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_')) throw new ImportInputError(`not a valid gzip file (${(error as Error).message})`, path.basename(file), line || undefined);
    throw error;
  } finally {
    raw.destroy();
    input.destroy();
  }
  if (line === 0) throw new ImportInputError('empty file (no header)', path.basename(file), 1);
  return rows;
}
