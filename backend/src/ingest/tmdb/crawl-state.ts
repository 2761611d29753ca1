import { createReadStream, existsSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { createGunzip, gzip as gzipCallback } from 'node:zlib';
import type { TmdbMovieDetails, TmdbPersonDetails } from './schemas.js';

const gzip = promisify(gzipCallback);

export const MOVIE_LISTS = ['popular', 'top_rated'] as const;
export type MovieList = (typeof MOVIE_LISTS)[number];

/** What `stateFile` holds: enough to continue a crawl where an interrupted run stopped. */
export interface CrawlCheckpoint {
  version: 1;
  baseUrl: string;
  lists: Record<MovieList, { totalPages: number | null; pagesDone: number[] }>;
  /** Movie ids found on the list pages, in the order found. */
  movieIds: number[];
  /** Movies fetched and cached (or gone: 404). */
  moviesDone: number[];
  /** Length of the movie cache that holds exactly the records of `moviesDone`. */
  moviesBytes: number;
  peopleDone: number[];
  peopleBytes: number;
  /** The last run wrote the source; the next one starts a fresh crawl. */
  complete: boolean;
}

/**
 * Fetched bodies, one gzip member per JSON line, appended as they arrive. Concatenated gzip members
 * are one valid gzip stream, so the file stays readable however many runs appended to it; a record
 * half-written when a run was killed lies past the checkpointed length and is cut off on resume.
 */
export class RecordCache<T> {
  /** Bytes of complete records. */
  bytes: number;
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    validBytes: number,
  ) {
    if (existsSync(file)) truncateSync(file, validBytes);
    else writeFileSync(file, '');
    this.bytes = validBytes;
  }

  /** Appends one record; resolves once it is on disk (appends are serialised, in call order). */
  append(record: T): Promise<void> {
    const write = this.tail.then(async () => {
      const member = await gzip(`${JSON.stringify(record)}\n`);
      await appendFile(this.file, member);
      this.bytes += member.length;
    });
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Every complete record, streamed. */
  async *read(): AsyncGenerator<T> {
    await this.tail;
    if (this.bytes === 0) return;
    const input = createReadStream(this.file, { start: 0, end: this.bytes - 1 }).pipe(createGunzip());
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (line) yield JSON.parse(line) as T;
    }
  }
}

/**
 * The crawl's checkpoint and its two caches (`<state>.movies.ndjson.gz`, `<state>.people.ndjson.gz`).
 * The checkpoint is written atomically (temp file + rename) at most once per `intervalMs`, and always
 * when a phase ends or the run stops; it only ever names records already on disk.
 */
export class CrawlState {
  readonly movies: RecordCache<TmdbMovieDetails>;
  readonly people: RecordCache<TmdbPersonDetails>;
  readonly moviesDone: Set<number>;
  readonly peopleDone: Set<number>;
  private readonly movieIdSet: Set<number>;
  private lastSaved = 0;

  private constructor(
    readonly file: string,
    private readonly checkpoint: CrawlCheckpoint,
    /** True when this run continues an interrupted one. */
    readonly resumed: boolean,
    private readonly intervalMs: number,
  ) {
    const base = file.replace(/\.json$/, '');
    this.movies = new RecordCache(`${base}.movies.ndjson.gz`, checkpoint.moviesBytes);
    this.people = new RecordCache(`${base}.people.ndjson.gz`, checkpoint.peopleBytes);
    this.moviesDone = new Set(checkpoint.moviesDone);
    this.peopleDone = new Set(checkpoint.peopleDone);
    this.movieIdSet = new Set(checkpoint.movieIds);
  }

  /**
   * Continues the crawl recorded in `file` when it is unfinished, for the same API, and its caches are
   * intact; otherwise starts a fresh one (a finished crawl is re-crawled: popular lists change daily).
   */
  static open(file: string, baseUrl: string, intervalMs = 1000): CrawlState {
    const previous = readCheckpoint(file);
    const base = file.replace(/\.json$/, '');
    const intact = (cache: string, bytes: number) => bytes === 0 || (existsSync(cache) && statSync(cache).size >= bytes);
    const usable =
      previous &&
      !previous.complete &&
      previous.baseUrl === baseUrl &&
      intact(`${base}.movies.ndjson.gz`, previous.moviesBytes) &&
      intact(`${base}.people.ndjson.gz`, previous.peopleBytes);
    if (!usable) {
      rmSync(`${base}.movies.ndjson.gz`, { force: true });
      rmSync(`${base}.people.ndjson.gz`, { force: true });
    }
    const checkpoint: CrawlCheckpoint = usable
      ? previous
      : {
          version: 1,
          baseUrl,
          lists: { popular: { totalPages: null, pagesDone: [] }, top_rated: { totalPages: null, pagesDone: [] } },
          movieIds: [],
          moviesDone: [],
          moviesBytes: 0,
          peopleDone: [],
          peopleBytes: 0,
          complete: false,
        };
    return new CrawlState(file, checkpoint, Boolean(usable), intervalMs);
  }

  get movieIds(): readonly number[] {
    return this.checkpoint.movieIds;
  }

  list(name: MovieList): Readonly<CrawlCheckpoint['lists'][MovieList]> {
    return this.checkpoint.lists[name];
  }

  pageDone(name: MovieList, page: number, totalPages: number, movieIds: number[]): void {
    const list = this.checkpoint.lists[name];
    list.totalPages = totalPages;
    if (!list.pagesDone.includes(page)) list.pagesDone.push(page);
    for (const id of movieIds) {
      if (this.movieIdSet.has(id)) continue;
      this.movieIdSet.add(id);
      this.checkpoint.movieIds.push(id);
    }
  }

  /** Call once the movie's record (if any) is appended: the checkpoint must never name a missing record. */
  movieDone(id: number): void {
    this.moviesDone.add(id);
  }

  personDone(id: number): void {
    this.peopleDone.add(id);
  }

  markComplete(): void {
    this.checkpoint.complete = true;
  }

  /** Writes the checkpoint now (`force`) or when the last write is older than the interval. */
  save(force = false): void {
    const now = Date.now();
    if (!force && now - this.lastSaved < this.intervalMs) return;
    this.lastSaved = now;
    this.checkpoint.moviesDone = [...this.moviesDone];
    this.checkpoint.moviesBytes = this.movies.bytes;
    this.checkpoint.peopleDone = [...this.peopleDone];
    this.checkpoint.peopleBytes = this.people.bytes;
    const temp = `${this.file}.tmp-${process.pid}`;
    writeFileSync(temp, `${JSON.stringify(this.checkpoint)}\n`);
    renameSync(temp, this.file);
  }
}

function readCheckpoint(file: string): CrawlCheckpoint | null {
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as CrawlCheckpoint;
    return value.version === 1 && Array.isArray(value.movieIds) ? value : null;
  } catch {
    // A checkpoint we cannot read only costs a fresh crawl.
    return null;
  }
}
