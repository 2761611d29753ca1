import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { IMPORT_LIMITS, readUpload } from './letterboxd.js';
import { diaryCsv } from './test-fixtures/hostile-uploads.js';
import { chunkText, FILMS_PER_CHUNK, packUpload, UploadBytes, UploadReader, type FilmToPreview } from './upload-reader.js';

const WATCHED = Buffer.from('Date,Name,Year,Letterboxd URI\n2025-01-01,Heat,1995,https://boxd.it/a\n2025-01-02,Jaws,1975,https://boxd.it/b\n');

describe('UploadBytes', () => {
  it('keeps the bytes in 1 MB blocks of shared memory, whatever the chunks, and joins them back', () => {
    const source = Buffer.alloc(UploadBytes.BLOCK_BYTES * 2 + 123);
    for (let i = 0; i < source.length; i++) source[i] = i % 251;
    const upload = new UploadBytes();
    for (let at = 0; at < source.length; at += 65_000) upload.append(source.subarray(at, at + 65_000));
    expect(upload.length).toBe(source.length);
    expect(upload.blocks).toHaveLength(3);
    expect(upload.blocks.every((block) => block instanceof SharedArrayBuffer)).toBe(true);
    expect(Buffer.from(UploadBytes.join(upload.blocks, upload.length)).equals(source)).toBe(true);
  });
});

describe('packUpload', () => {
  it('groups rows into films (first seen first, rows per file) and packs them in chunks; the rows go gzipped, in order', () => {
    const packed = packUpload(readUpload(diaryCsv(FILMS_PER_CHUNK + 10), 'diary.csv'));
    expect(packed.filmCount).toBe(FILMS_PER_CHUNK + 10);
    expect(packed.films).toHaveLength(2);
    const films = packed.films.flatMap((span) => JSON.parse(chunkText(packed, span)) as FilmToPreview[]);
    expect(films[0]).toEqual({ key: 'unknown film number 0|1999', name: 'Unknown Film Number 0', year: 1999, tmdbId: null, imdbId: null, title: 'unknown film number 0', rows: { 'diary.csv': 1 } });
    const rows = packed.rowParts.flatMap((span) => (JSON.parse(gunzipSync(Buffer.from(chunkText(packed, span), 'base64')).toString()) as { rows: [string, { line: number }][] }).rows);
    expect(rows.map(([, row]) => row.line)).toEqual(Array.from({ length: FILMS_PER_CHUNK + 10 }, (_, index) => index + 2));
    expect(packed.rowParts.length).toBeGreaterThan(1);
  });
});

describe('UploadReader', () => {
  const reader = new UploadReader();
  afterAll(() => reader.close());
  const soon = (ms: number) => performance.now() + ms;

  it('reads an upload in its worker thread, and answers a refusal as the AppError it is', async () => {
    const packed = await reader.read(UploadBytes.of(WATCHED), 'watched.csv', IMPORT_LIMITS, soon(20_000));
    expect(packed.files).toEqual([{ name: 'watched.csv', rows: 2 }]);
    const refused = await reader.read(UploadBytes.of(diaryCsv(20)), 'diary.csv', { ...IMPORT_LIMITS, rows: 10 }, soon(20_000)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, code: 'IMPORT_INVALID', details: { file: 'diary.csv', line: 12, limit: 'rows', value: 10 } });
  });

  it('stops an upload past its time budget with a 503 naming it, replaces its busy worker, and reads the next', async () => {
    await reader.read(UploadBytes.of(WATCHED), 'watched.csv', IMPORT_LIMITS, soon(20_000));
    // Half a second of parsing for the worker; 100 ms allowed.
    const big = UploadBytes.of(diaryCsv(50_000));
    const started = performance.now();
    const [slow, waiting] = await Promise.all([
      reader.read(big, 'diary.csv', { ...IMPORT_LIMITS, timeMs: 100 }, soon(100)).catch((error: unknown) => error),
      // Queued behind it with a budget of its own: it gets a fresh worker once the first is stopped.
      reader.read(UploadBytes.of(WATCHED), 'watched.csv', IMPORT_LIMITS, soon(20_000)),
    ]);
    expect(slow).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { limit: 'timeMs', value: 100 } });
    expect(waiting.files).toEqual([{ name: 'watched.csv', rows: 2 }]);
    expect(performance.now() - started).toBeLessThan(10_000);
    // One still waiting when its deadline passes is answered then, not when its turn comes.
    const settled: string[] = [];
    const [first, second] = await Promise.all([
      reader.read(big, 'diary.csv', IMPORT_LIMITS, soon(20_000)).finally(() => settled.push('first')),
      reader
        .read(UploadBytes.of(WATCHED), 'watched.csv', { ...IMPORT_LIMITS, timeMs: 50 }, soon(50))
        .catch((error: unknown) => error)
        .finally(() => settled.push('second')),
    ]);
    expect(first.files).toEqual([{ name: 'diary.csv', rows: 50_000 }]);
    expect(second).toMatchObject({ status: 503, details: { limit: 'timeMs', value: 50 } });
    expect(settled).toEqual(['second', 'first']);
  });
});
