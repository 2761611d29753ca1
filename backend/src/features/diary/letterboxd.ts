/**
 * Reading a Letterboxd export: its zip, or one of its CSVs, or a CSV in Letterboxd's import format
 * (what GET /api/diary/export.csv writes). Pure: bytes in, typed rows out; nothing touches a database.
 * It runs in the import's worker thread (upload-worker.ts), within IMPORT_LIMITS.
 */
import { isUtf8 } from 'node:buffer';
import { IMPORT_MAX_BYTES, IMPORT_WARNINGS_MAX, LETTERBOXD_FILES, type ImportWarning, type LetterboxdFile } from '@cinema-dna/shared-types';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors.js';
import { inflateZipEntries, listZipEntries, looksLikeZip, ZipError } from './zip-reader.js';

/**
 * What one import may hold and take; each refusal names its limit (`details: { limit, value }`). A
 * real export is far inside them: a member with 10,000 films logged has some 40,000 rows in all.
 */
export const IMPORT_LIMITS = {
  /** The upload itself, the HTTP body (413 past it; a longer stream is cut off there). */
  uploadBytes: IMPORT_MAX_BYTES,
  /** A zip's export files together once inflated, counted as they inflate, not as declared (413). */
  unzippedBytes: IMPORT_MAX_BYTES,
  /** Entries in a zip's directory (400). */
  zipEntries: 10_000,
  /** Rows of all the upload's files together, headers not counted (400). */
  rows: 100_000,
  /** Characters in one value of a CSV (400). */
  cellChars: 100_000,
  /** Values in one row of a CSV (400). */
  columns: 50,
  /** Reading, matching and storing one upload, waiting for the worker included (503 past it). */
  timeMs: 30_000,
  /** Previews kept per user: the newest; older ones are deleted, committed or not. */
  previewsPerUser: 3,
  /** Uploads one server process reads at once (503 past it), and one user (429). */
  uploadsAtOnce: 4,
  uploadsPerUser: 1,
} as const;
export type ImportLimits = { readonly [K in keyof typeof IMPORT_LIMITS]: number };

/** One row of one file, with its values checked. */
export interface LetterboxdRow {
  file: LetterboxdFile;
  /** 1-based line of the CSV (the header is line 1). */
  line: number;
  name: string;
  year: number | null;
  /** Letterboxd URI: a diary entry's own (boxd.it) in diary.csv and reviews.csv, the film's elsewhere. */
  uri: string | null;
  /** The `Date` column: when it was logged, rated or added. */
  date: string | null;
  /** Diary and reviews: the day it was watched. */
  watchedDate: string | null;
  /** 0.5–5 in half stars, or null. */
  rating: number | null;
  rewatch: boolean;
  tags: string | null;
  review: string | null;
  tmdbId: string | null;
  imdbId: string | null;
}

export interface ParsedUpload {
  files: { name: LetterboxdFile; rows: number }[];
  rows: LetterboxdRow[];
  warnings: ImportWarning[];
  warningCount: number;
}

/** Columns each file of an export must have (names as Letterboxd writes them). */
export const REQUIRED_COLUMNS: Readonly<Record<LetterboxdFile, readonly string[]>> = {
  'diary.csv': ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Watched Date'],
  'ratings.csv': ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'],
  'watched.csv': ['Date', 'Name', 'Year', 'Letterboxd URI'],
  'watchlist.csv': ['Date', 'Name', 'Year', 'Letterboxd URI'],
  'reviews.csv': ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Review', 'Watched Date'],
};
/** Letterboxd's import format (our export): the columns it must have; imdbID, tmdbID, Tags, Review are optional. */
export const IMPORT_FORMAT_REQUIRED = ['Title', 'Year', 'WatchedDate', 'Rating10', 'Rewatch'] as const;

export const importInvalid = (message: string, details: Record<string, unknown> = {}) => new AppError(400, 'IMPORT_INVALID', message, details);
/** 100000 → "100,000". */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** Header names compared without case, spaces or underscores: "Watched Date", "watcheddate", "WatchedDate". */
const columnKey = (name: string) => name.replace(/[\s_]/g, '').toLowerCase();

/** The file name without folders, lower case. */
const baseName = (name: string) => name.split(/[\\/]/).pop()!.trim().toLowerCase();
const knownFile = (name: string): LetterboxdFile | null => (LETTERBOXD_FILES as readonly string[]).includes(name) ? (name as LetterboxdFile) : null;

/**
 * Reads an upload: a zip of an export (its known files at the root), or one CSV named as in an export
 * (diary.csv...) or written in Letterboxd's import format. Anything else is a 400 IMPORT_INVALID saying
 * which file and which columns are wrong; past a limit, a 400 or 413 naming it.
 */
export function readUpload(body: Uint8Array, fileName: string, limits: ImportLimits = IMPORT_LIMITS): ParsedUpload {
  if (body.length === 0) throw importInvalid('The file is empty.', { file: fileName });
  const sources: { name: string; bytes: Uint8Array }[] = [];
  if (looksLikeZip(body)) {
    sources.push(...readZip(body, fileName, limits));
    if (sources.length === 0) {
      throw importInvalid(`The zip holds none of the files of a Letterboxd export (${LETTERBOXD_FILES.join(', ')}) at its root.`, { file: fileName, expected: LETTERBOXD_FILES });
    }
  } else {
    sources.push({ name: baseName(fileName), bytes: body });
  }

  const rows: LetterboxdRow[] = [];
  const warnings: ImportWarning[] = [];
  let warningCount = 0;
  const warn = (file: LetterboxdFile, line: number, message: string) => {
    warningCount++;
    if (warnings.length < IMPORT_WARNINGS_MAX) warnings.push({ file, line, message });
  };
  const files = new Map<LetterboxdFile, number>();
  let rowsSoFar = 0;
  // A stable order: diary before reviews, so a review's diary row is known when the review is read.
  for (const source of sources.toSorted((a, b) => fileOrder(a.name) - fileOrder(b.name))) {
    checkText(source.bytes, source.name);
    rowsSoFar += measureCsv(source.bytes, source.name, limits, rowsSoFar);
    const parsed = readCsv(source.name, source.bytes, warn);
    files.set(parsed.file, (files.get(parsed.file) ?? 0) + parsed.rows.length);
    // One by one: spreading 130,000 rows into one push() call overflows the stack.
    for (const row of parsed.rows) rows.push(row);
  }
  return { files: [...files].map(([name, count]) => ({ name, rows: count })), rows, warnings, warningCount };
}

/** The export's files of a zip, inflated within the limits; zip-reader.ts checks the zip itself. */
function readZip(body: Uint8Array, fileName: string, limits: ImportLimits): { name: string; bytes: Uint8Array }[] {
  try {
    // Only the export's own files at the root; deleted/, orphaned/, lists/... are not imported.
    const wanted = listZipEntries(body, limits.zipEntries).filter((entry) => knownFile(entry.name.toLowerCase()));
    const names = wanted.map((entry) => entry.name.toLowerCase());
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) throw importInvalid(`The zip holds ${twice} twice.`, { file: fileName });
    const inflated = inflateZipEntries(body, wanted, limits.unzippedBytes);
    return wanted.map((_entry, index) => ({ name: names[index]!, bytes: inflated[index]! }));
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    if (error.problem === 'tooLarge') {
      const value = limits.unzippedBytes;
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The zip is too large once unzipped: its export files may hold ${formatMegabytes(value)} at most.`, {
        file: fileName,
        limit: 'unzippedBytes',
        value,
        limitBytes: value,
      });
    }
    if (error.problem === 'tooManyEntries') {
      const value = limits.zipEntries;
      throw importInvalid(`The zip holds more than ${formatCount(value)} files: a Letterboxd export has far fewer.`, { file: fileName, limit: 'zipEntries', value });
    }
    throw importInvalid(`The zip could not be read: ${error.message}.`, { file: fileName, reason: error.problem });
  }
}

const formatMegabytes = (bytes: number) => `${formatCount(Math.round(bytes / 1024 / 1024))} MB`;

const fileOrder = (name: string) => {
  const index = (LETTERBOXD_FILES as readonly string[]).indexOf(name);
  return index < 0 ? LETTERBOXD_FILES.length : index;
};

/** UTF-8 without NUL: NUL never appears in a CSV of an export (and no database stores it), so this is a binary file. */
function checkText(bytes: Uint8Array, file: string): void {
  if (!isUtf8(bytes) || bytes.indexOf(0) >= 0) throw importInvalid(`${file} is not a UTF-8 text file: upload the zip or a CSV of your Letterboxd export.`, { file });
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Checks a CSV's shape against the limits before it is parsed, in one pass over its bytes: its rows
 * (after `rowsBefore` rows of the upload's other files), the values in a row, the characters in a
 * value. It stops at the first excess, so a 49 MB file past the row cap is read only up to the cap,
 * and csv-parse never builds a row of a million values. Quoting as csv-parse reads it (a quote opens a
 * value only at its start; "" inside quotes is one quote); empty lines are not rows; lines are counted
 * as readCsv counts them (records, the header being line 1). Answers the file's rows, header not counted.
 */
export function measureCsv(bytes: Uint8Array, file: string, limits: ImportLimits, rowsBefore = 0): number {
  let records = 0;
  let values = 1;
  let chars = 0;
  let quoted = false;
  let valueStart = true;
  let lineHasBytes = false;
  const tooLong = () =>
    importInvalid(`${file} line ${formatCount(records + 1)} holds a value over ${formatCount(limits.cellChars)} characters: no value of a Letterboxd export is that long.`, {
      file,
      line: records + 1,
      limit: 'cellChars',
      value: limits.cellChars,
    });
  const endRecord = () => {
    records++;
    if (records - 1 + rowsBefore > limits.rows) {
      const message =
        rowsBefore === 0
          ? `${file} holds more than ${formatCount(limits.rows)} rows: an import reads at most ${formatCount(limits.rows)}.`
          : `${file} takes the upload past ${formatCount(limits.rows)} rows at line ${formatCount(records)}: an import reads at most ${formatCount(limits.rows)} rows in all its files; upload them one at a time.`;
      throw importInvalid(message, { file, line: records, limit: 'rows', value: limits.rows });
    }
    values = 1;
    chars = 0;
    valueStart = true;
    lineHasBytes = false;
  };
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (quoted) {
      if (byte === QUOTE) {
        if (bytes[index + 1] !== QUOTE) {
          quoted = false;
          continue;
        }
        index++;
      }
      // A character starts at every byte but a UTF-8 continuation byte.
      if ((byte & 0xc0) !== 0x80 && ++chars > limits.cellChars) throw tooLong();
      continue;
    }
    if (byte === COMMA) {
      lineHasBytes = true;
      valueStart = true;
      chars = 0;
      if (++values > limits.columns) {
        throw importInvalid(`${file} line ${formatCount(records + 1)} has more than ${formatCount(limits.columns)} columns.`, { file, line: records + 1, limit: 'columns', value: limits.columns });
      }
      continue;
    }
    if (byte === LF || byte === CR) {
      if (lineHasBytes) endRecord();
      continue;
    }
    lineHasBytes = true;
    if (byte === QUOTE && valueStart) {
      quoted = true;
      valueStart = false;
      continue;
    }
    valueStart = false;
    if ((byte & 0xc0) !== 0x80 && ++chars > limits.cellChars) throw tooLong();
  }
  if (lineHasBytes) endRecord();
  return Math.max(0, records - 1);
}

type Warn = (file: LetterboxdFile, line: number, message: string) => void;

function readCsv(name: string, bytes: Uint8Array, warn: Warn): { file: LetterboxdFile; rows: LetterboxdRow[] } {
  let records: string[][];
  try {
    // csv-parse reads the bytes as they are (a Buffer over them, no copy); measureCsv bounded them.
    records = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const where = error instanceof CsvError && 'lines' in error ? ` (line ${String((error as CsvError & { lines: number }).lines)})` : '';
    throw importInvalid(`${name} is not a valid CSV file${where}.`, { file: name });
  }
  const header = records[0];
  if (!header || header.length < 2) throw importInvalid(`${name} is not a CSV file of a Letterboxd export: it has no header row.`, { file: name });
  const columns = new Map(header.map((column, index) => [columnKey(column), index]));
  const has = (column: string) => columns.has(columnKey(column));

  // Letterboxd's import format (our own export) is recognised by its columns, whatever its name.
  const importFormat = has('Title') && !has('Name') && ['WatchedDate', 'Rating10', 'tmdbID', 'imdbID'].some(has);
  const file: LetterboxdFile | null = importFormat ? 'diary.csv' : knownFile(name);
  if (!file) {
    throw importInvalid(`${name} is not a file of a Letterboxd export: upload the export's zip, one of ${LETTERBOXD_FILES.join(', ')}, or a CSV in Letterboxd's import format.`, {
      file: name,
      expected: LETTERBOXD_FILES,
    });
  }
  const required = importFormat ? IMPORT_FORMAT_REQUIRED : REQUIRED_COLUMNS[file];
  const missing = required.filter((column) => !has(column));
  if (missing.length > 0) {
    throw importInvalid(`${name} lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`, { file: name, missingColumns: missing, expectedColumns: required });
  }

  // Column positions found once, not per row.
  const positions = new Map<string, number | undefined>();
  const cell = (record: string[], column: string): string | null => {
    if (!positions.has(column)) positions.set(column, columns.get(columnKey(column)));
    const index = positions.get(column);
    const value = index === undefined ? undefined : record[index]?.trim();
    return value ? value : null;
  };
  const rows: LetterboxdRow[] = [];
  for (let index = 1; index < records.length; index++) {
    const record = records[index]!;
    const line = index + 1;
    const title = cell(record, importFormat ? 'Title' : 'Name');
    if (!title) {
      warn(file, line, 'No film title: the row is left out.');
      continue;
    }
    const yearText = cell(record, 'Year');
    const year = yearText && /^\d{4}$/.test(yearText) ? Number(yearText) : null;
    if (yearText && year === null) warn(file, line, `"${yearText}" is not a year: matched on the title alone.`);

    const rating = readRating(importFormat ? cell(record, 'Rating10') : cell(record, 'Rating'), importFormat ? 10 : 5);
    if (rating === undefined) warn(file, line, `The rating is not 0.5–5 stars in halves: ${title} is imported without it.`);

    const watchedText = cell(record, importFormat ? 'WatchedDate' : 'Watched Date');
    const dateText = cell(record, 'Date');
    let watchedDate = watchedText && isDate(watchedText) ? watchedText : null;
    if (watchedText && !watchedDate) warn(file, line, `"${watchedText}" is not a date (YYYY-MM-DD).`);
    // A diary row needs its day: the logged date stands in for a missing watched date.
    if (file === 'diary.csv' && !watchedDate && dateText && isDate(dateText)) watchedDate = dateText;
    if (file === 'diary.csv' && !watchedDate) {
      warn(file, line, `No watched date: ${title} is left out of the diary.`);
      continue;
    }
    const rewatchText = (cell(record, 'Rewatch') ?? '').toLowerCase();
    const tmdbId = cell(record, 'tmdbID');
    const imdbId = cell(record, 'imdbID');
    rows.push({
      file,
      line,
      name: title,
      year,
      uri: cell(record, 'Letterboxd URI'),
      date: dateText && isDate(dateText) ? dateText : null,
      watchedDate,
      rating: rating ?? null,
      rewatch: rewatchText === 'yes' || rewatchText === 'true',
      tags: cell(record, 'Tags'),
      review: cell(record, 'Review'),
      tmdbId: tmdbId && /^\d+$/.test(tmdbId) ? tmdbId : null,
      imdbId: imdbId && /^tt\d+$/.test(imdbId) ? imdbId : null,
    });
  }
  return { file, rows };
}

/** Half stars from a 0.5–5 rating (or 1–10 in the import format); null when empty, undefined when invalid. */
function readRating(text: string | null, scale: 5 | 10): number | null | undefined {
  if (text === null) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (value === 0) return null;
  const stars = scale === 10 ? value / 2 : value;
  return stars >= 0.5 && stars <= 5 && Number.isInteger(stars * 2) ? stars : undefined;
}

/** YYYY-MM-DD on the calendar, from 1870 to tomorrow (as a diary entry's date). */
export function isDate(value: string): boolean {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1870-01-01' || value > tomorrow) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
