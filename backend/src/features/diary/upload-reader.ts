/**
 * Reading uploads off the main thread. An upload is up to 50 MB of zip or CSV: inflating, checking and
 * parsing it takes hundreds of milliseconds, seconds for a hostile one, which on the event loop would
 * hold every other request of the server. So a worker thread reads it (letterboxd.ts), groups its rows
 * into films and packs them as JSON text in small chunks, which the main thread then matches and stores
 * a slice at a time (import-service.ts).
 *
 * The bytes cross over in shared memory both ways (UploadBytes, PackedUpload.text): the main thread
 * never copies or decodes a whole upload in one go.
 *
 * One worker, one upload at a time, others wait their turn; each within the import's time budget,
 * waiting included: a worker still on an upload past its budget is terminated (a synchronous parse
 * cannot be interrupted otherwise) and the next upload gets a fresh one. The worker is started on the
 * first upload and stopped after a while without one. As the search workers (graph/worker-pool.ts), it
 * runs dist/features/diary/upload-worker.js when compiled, and upload-worker.ts through a tsx
 * bootstrap from the sources (vitest, tsx).
 */
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { ImportWarning, LetterboxdFile } from '@cinema-dna/shared-types';
import { AppError, type ErrorBody } from '../../platform/errors.js';
import type { ImportLimits, LetterboxdRow, ParsedUpload } from './letterboxd.js';
import { filmKey, normalizeTitle, type FilmToMatch } from './matcher.js';

/**
 * An upload's bytes as they arrive, copied a network chunk at a time into 1 MB blocks of shared memory:
 * the worker reads them where they are. Gathering 50 MB into one buffer (Buffer.concat) and handing it
 * over (a copy, or a transfer of a buffer other views may share) would cost the main thread a few
 * hundred milliseconds in one go on a machine with slow page faults; a 64 kB copy costs nothing.
 */
export class UploadBytes {
  static readonly BLOCK_BYTES = 1024 * 1024;
  readonly blocks: SharedArrayBuffer[] = [];
  length = 0;

  /** The bytes of a buffer (tests, callers of the service): copied whole. */
  static of(bytes: Uint8Array): UploadBytes {
    const upload = new UploadBytes();
    upload.append(bytes);
    return upload;
  }

  append(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      const offset = this.length % UploadBytes.BLOCK_BYTES;
      if (offset === 0) this.blocks.push(new SharedArrayBuffer(UploadBytes.BLOCK_BYTES));
      const take = Math.min(chunk.length - at, UploadBytes.BLOCK_BYTES - offset);
      new Uint8Array(this.blocks.at(-1)!, offset, take).set(chunk.subarray(at, at + take));
      at += take;
      this.length += take;
    }
  }

  /** One contiguous copy (in the worker). */
  static join(blocks: readonly SharedArrayBuffer[], length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    blocks.forEach((block, index) => {
      const start = index * UploadBytes.BLOCK_BYTES;
      bytes.set(new Uint8Array(block, 0, Math.min(UploadBytes.BLOCK_BYTES, length - start)), start);
    });
    return bytes;
  }
}

/** A film of the upload as the main thread matches and previews it. */
export interface FilmToPreview extends FilmToMatch {
  /** Its rows per file, e.g. { 'diary.csv': 2, 'ratings.csv': 1 }. */
  rows: Record<string, number>;
}

/** Where a chunk lies in PackedUpload.text: [start, end). */
export type TextSpan = [number, number];

/**
 * An upload read and packed by the worker. The bulk is UTF-8 text in shared memory, which the main
 * thread decodes a chunk at a time: a structured clone of it all (tens of MB for 100,000 rows) would
 * be deserialized in one go when the message arrives, holding the event loop.
 */
export interface PackedUpload {
  files: { name: LetterboxdFile; rows: number }[];
  warnings: ImportWarning[];
  warningCount: number;
  filmCount: number;
  text: SharedArrayBuffer;
  /** Chunks of films, FILMS_PER_CHUNK at most each, in the order first seen: JSON arrays of FilmToPreview. */
  films: TextSpan[];
  /** Stored parts of rows, in upload order: base64 of the gzipped JSON `{ "rows": [film key, row][] }`. */
  rowParts: TextSpan[];
}

/** A chunk of PackedUpload.text as a string. */
export const chunkText = (packed: PackedUpload, [start, end]: TextSpan) => Buffer.from(packed.text, start, end - start).toString('utf8');

/** Films per chunk: matching one chunk takes a few milliseconds. */
export const FILMS_PER_CHUNK = 2000;
/** Characters of rows' JSON per stored part: gzipped, a part is a short statement even on PGlite. */
export const ROW_PART_CHARS = 256 * 1024;

/** Groups an upload's rows into films, and packs the films and the rows (gzipped) as text (in the worker). */
export function packUpload(upload: ParsedUpload): PackedUpload {
  const films = new Map<string, FilmToPreview>();
  const rowParts: string[] = [];
  let part: string[] = [];
  let partChars = 0;
  const closePart = () => {
    rowParts.push(gzipSync(`{"rows":[${part.join(',')}]}`).toString('base64'));
    part = [];
    partChars = 0;
  };
  for (const row of upload.rows) {
    const key = filmKey(row);
    let film = films.get(key);
    if (!film) {
      film = { key, name: row.name, year: row.year, tmdbId: row.tmdbId, imdbId: row.imdbId, title: normalizeTitle(row.name), rows: {} };
      films.set(key, film);
    }
    film.rows[row.file] = (film.rows[row.file] ?? 0) + 1;
    const json = JSON.stringify([key, row] satisfies [string, LetterboxdRow]);
    part.push(json);
    partChars += json.length;
    if (partChars >= ROW_PART_CHARS) closePart();
  }
  if (part.length > 0) closePart();
  const all = [...films.values()];
  const filmChunks: string[] = [];
  for (let start = 0; start < all.length; start += FILMS_PER_CHUNK) filmChunks.push(JSON.stringify(all.slice(start, start + FILMS_PER_CHUNK)));

  const chunks = [...filmChunks, ...rowParts];
  const text = new SharedArrayBuffer(chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0));
  const writer = Buffer.from(text);
  const spans: TextSpan[] = [];
  let at = 0;
  for (const chunk of chunks) {
    const written = writer.write(chunk, at);
    spans.push([at, at + written]);
    at += written;
  }
  return {
    files: upload.files,
    warnings: upload.warnings,
    warningCount: upload.warningCount,
    filmCount: all.length,
    text,
    films: spans.slice(0, filmChunks.length),
    rowParts: spans.slice(filmChunks.length),
  };
}

/** Main thread → worker. */
export interface UploadJobMessage {
  id: number;
  /** The upload's bytes (shared, not copied): UploadBytes' blocks. */
  blocks: SharedArrayBuffer[];
  length: number;
  fileName: string;
  limits: ImportLimits;
}

/** Worker → main thread. */
export type UploadWorkerMessage =
  | { kind: 'ready' }
  | { kind: 'read'; id: number; packed: PackedUpload }
  /** An AppError's status and body (the upload is refused), or status 0: a bug in the reader. */
  | { kind: 'refused'; id: number; status: number; body: ErrorBody };

/** The 503 of an upload past the time budget, waiting for the worker included. */
export const importTooSlow = (timeMs: number) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', `Reading the upload took longer than ${timeMs / 1000} s and was stopped: try again later, or upload the export’s files one at a time.`, {
    limit: 'timeMs',
    value: timeMs,
  });

/** Old-generation heap of the worker: a 50 MB upload parsed within the row and cell caps needs well under half of it. */
export const UPLOAD_WORKER_HEAP_MB = 512;
/** The worker is stopped after this long without an upload (its memory is given back). */
const IDLE_MS = 30_000;

// From TypeScript sources (vitest, tsx) the worker needs a bootstrap that registers tsx; compiled
// code runs dist/features/diary/upload-worker.js directly.
const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

function spawnWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (RUNNING_FROM_SOURCE) {
    return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
      workerData: { entry: new URL('./upload-worker.ts', import.meta.url).href },
      // Resolve workspace packages to their TypeScript sources, as vitest does.
      execArgv: ['--conditions=source'],
      resourceLimits,
    });
  }
  return new Worker(new URL('./upload-worker.js', import.meta.url), { resourceLimits });
}

interface Job {
  id: number;
  message: UploadJobMessage;
  timer: NodeJS.Timeout;
  resolve: (packed: PackedUpload) => void;
  reject: (error: Error) => void;
}

/** Reads uploads in a worker thread, one at a time, each within its deadline. */
export class UploadReader {
  private worker: Worker | null = null;
  private workerReady = false;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: { heapMb?: number; idleMs?: number } = {}) {}

  /**
   * The upload read, checked and packed; rejects with its AppError when it is refused, and with a 503
   * when `deadline` (performance.now() time) passes first.
   */
  read(body: UploadBytes, fileName: string, limits: ImportLimits, deadline: number): Promise<PackedUpload> {
    return new Promise<PackedUpload>((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = {
        id,
        message: { id, blocks: body.blocks, length: body.length, fileName, limits },
        resolve,
        reject,
        timer: setTimeout(() => this.expire(job, limits.timeMs), Math.max(0, deadline - performance.now())),
      };
      job.timer.unref();
      this.queue.push(job);
      this.pump();
    });
  }

  /** Stops the worker; waiting and running reads are refused. */
  async close(): Promise<void> {
    const closing = new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is stopping: try the upload again in a moment.');
    for (const job of this.queue.splice(0)) this.settle(job, closing);
    if (this.running) this.settle(this.running, closing);
    this.running = null;
    await this.stopWorker();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.worker) this.startWorker();
    if (!this.workerReady) return; // sent once the worker says it is ready
    const job = this.queue.shift()!;
    this.running = job;
    this.worker!.ref();
    this.worker!.postMessage(job.message);
  }

  private startWorker(): void {
    const worker = spawnWorker(this.options.heapMb ?? UPLOAD_WORKER_HEAP_MB);
    worker.unref(); // an idle worker must not keep the process alive
    this.worker = worker;
    this.workerReady = false;
    worker.on('message', (message: UploadWorkerMessage) => {
      if (worker !== this.worker) return;
      if (message.kind === 'ready') {
        this.workerReady = true;
        this.pump();
        return;
      }
      const job = this.running;
      if (!job || job.id !== message.id) return;
      this.running = null;
      if (message.kind === 'read') this.settle(job, null, message.packed);
      else this.settle(job, message.status > 0 ? new AppError(message.status, message.body.code, message.body.message, message.body.details) : new Error(message.body.message));
      this.afterJob();
    });
    worker.on('error', (error) => this.onWorkerLost(worker, error));
    worker.on('exit', (code) => this.onWorkerLost(worker, new Error(`the upload worker exited with code ${code}`)));
  }

  /** The worker died (out of memory, a crash): its upload is refused, the next one gets a new worker. */
  private onWorkerLost(worker: Worker, error: Error): void {
    if (worker !== this.worker) return;
    this.worker = null;
    this.workerReady = false;
    const job = this.running;
    this.running = null;
    if (job) {
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.settle(
        job,
        new AppError(503, 'SERVICE_UNAVAILABLE', 'The upload could not be read: its reader ran out of room. Try again, or upload the export’s files one at a time.', {
          reason: outOfMemory ? 'outOfMemory' : 'readerStopped',
          ...(outOfMemory ? { limit: 'workerHeapMb', value: this.options.heapMb ?? UPLOAD_WORKER_HEAP_MB } : {}),
        }),
      );
    } else if (!this.workerReady && this.queue.length > 0) {
      // It could not even start: refuse what waits rather than respawning in a loop.
      for (const waiting of this.queue.splice(0)) this.settle(waiting, new Error(`the upload worker failed to start: ${error.message}`, { cause: error }));
      return;
    }
    this.afterJob();
  }

  /** The job's deadline passed: out of the queue, or its worker (busy on it) is replaced. */
  private expire(job: Job, timeMs: number): void {
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    else if (this.running === job) {
      this.running = null;
      void this.stopWorker();
    } else return;
    this.settle(job, importTooSlow(timeMs));
    this.afterJob();
  }

  private afterJob(): void {
    if (this.queue.length > 0) return this.pump();
    this.worker?.unref();
    if (!this.worker) return;
    this.idleTimer = setTimeout(() => void this.stopWorker(), this.options.idleMs ?? IDLE_MS);
    this.idleTimer.unref();
  }

  private async stopWorker(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.workerReady = false;
    if (!worker) return;
    worker.removeAllListeners();
    worker.on('error', () => undefined); // a late 'error' without a listener would throw
    await worker.terminate();
  }

  private settle(job: Job, error: Error | null, packed?: PackedUpload): void {
    clearTimeout(job.timer);
    if (error) job.reject(error);
    else job.resolve(packed!);
  }
}
