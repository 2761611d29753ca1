/**
 * Reading a Letterboxd export: its zip, or one of its CSVs, or a CSV in Letterboxd's import format
 * (what GET /api/diary/export.csv writes). Pure: bytes in, typed rows out; nothing touches a database.
 */
import { IMPORT_WARNINGS_MAX, LETTERBOXD_FILES, type ImportWarning, type LetterboxdFile } from '@cinema-dna/shared-types';
import { CsvError, parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { AppError } from '../../platform/errors.js';

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

/** Unzipped, the known files together may not exceed this (a zip bomb is refused before it is inflated). */
const UNZIPPED_MAX_BYTES = 200 * 1024 * 1024;

export const importInvalid = (message: string, details: Record<string, unknown> = {}) => new AppError(400, 'IMPORT_INVALID', message, details);

/** Header names compared without case, spaces or underscores: "Watched Date", "watcheddate", "WatchedDate". */
const columnKey = (name: string) => name.replace(/[\s_]/g, '').toLowerCase();

const isZip = (body: Uint8Array) => body.length >= 4 && body[0] === 0x50 && body[1] === 0x4b && (body[2] === 0x03 || body[2] === 0x05) && (body[3] === 0x04 || body[3] === 0x06);

/** The file name without folders, lower case. */
const baseName = (name: string) => name.split(/[\\/]/).pop()!.trim().toLowerCase();
const knownFile = (name: string): LetterboxdFile | null => (LETTERBOXD_FILES as readonly string[]).includes(name) ? (name as LetterboxdFile) : null;

/**
 * Reads an upload: a zip of an export (its known files at the root), or one CSV named as in an export
 * (diary.csv...) or written in Letterboxd's import format. Anything else is a 400 IMPORT_INVALID saying
 * which file and which columns are wrong.
 */
export function readUpload(body: Uint8Array, fileName: string): ParsedUpload {
  if (body.length === 0) throw importInvalid('The file is empty.', { file: fileName });
  const sources: { name: string; text: string }[] = [];
  if (isZip(body)) {
    let entries: Record<string, Uint8Array>;
    let declared = 0;
    try {
      entries = unzipSync(body, {
        // Only the export's own files at the root; deleted/, orphaned/, lists/... are not imported.
        filter: (file) => {
          if (!knownFile(file.name.toLowerCase())) return false;
          declared += file.originalSize;
          if (declared > UNZIPPED_MAX_BYTES) throw importInvalid('The zip is too large once unzipped.', { file: fileName, limitBytes: UNZIPPED_MAX_BYTES });
          return true;
        },
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw importInvalid('The zip could not be read: it is damaged or not a zip.', { file: fileName });
    }
    for (const [name, bytes] of Object.entries(entries)) sources.push({ name: name.toLowerCase(), text: decode(bytes, name) });
    if (sources.length === 0) {
      throw importInvalid(`The zip holds none of the files of a Letterboxd export (${LETTERBOXD_FILES.join(', ')}) at its root.`, { file: fileName, expected: LETTERBOXD_FILES });
    }
  } else {
    sources.push({ name: baseName(fileName), text: decode(body, fileName) });
  }

  const rows: LetterboxdRow[] = [];
  const warnings: ImportWarning[] = [];
  let warningCount = 0;
  const warn = (file: LetterboxdFile, line: number, message: string) => {
    warningCount++;
    if (warnings.length < IMPORT_WARNINGS_MAX) warnings.push({ file, line, message });
  };
  const files = new Map<LetterboxdFile, number>();
  // A stable order: diary before reviews, so a review's diary row is known when the review is read.
  for (const source of sources.toSorted((a, b) => fileOrder(a.name) - fileOrder(b.name))) {
    const parsed = readCsv(source.name, source.text, warn);
    files.set(parsed.file, (files.get(parsed.file) ?? 0) + parsed.rows.length);
    rows.push(...parsed.rows);
  }
  return { files: [...files].map(([name, count]) => ({ name, rows: count })), rows, warnings, warningCount };
}

const fileOrder = (name: string) => {
  const index = (LETTERBOXD_FILES as readonly string[]).indexOf(name);
  return index < 0 ? LETTERBOXD_FILES.length : index;
};

function decode(bytes: Uint8Array, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = '\u0000';
  }
  // NUL never appears in a CSV of an export (and no database stores it): this is a binary file.
  if (text.includes('\u0000')) throw importInvalid(`${file} is not a UTF-8 text file: upload the zip or a CSV of your Letterboxd export.`, { file });
  return text;
}

type Warn = (file: LetterboxdFile, line: number, message: string) => void;

function readCsv(name: string, text: string, warn: Warn): { file: LetterboxdFile; rows: LetterboxdRow[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
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

  const cell = (record: string[], column: string): string | null => {
    const index = columns.get(columnKey(column));
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
