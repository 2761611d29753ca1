import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type ImportPreview } from '@cinema-dna/shared-types';
import type { Request, RequestHandler, Response } from 'express';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { AppError } from '../../platform/errors.js';
import type { DiaryImportService } from './import-service.js';
import { formatCount, IMPORT_LIMITS, importInvalid, type ImportLimits } from './letterboxd.js';
import type { UserDataExport } from './ports.js';
import type { DiaryService } from './service.js';
import { yieldToEventLoop } from './time-slices.js';
import { UploadBytes } from './upload-reader.js';

/** The film diary's routes (spec §7): all signed in, each user's own entries only. */
export function diaryRoutes(routes: ApiRoutes, deps: { service: DiaryService; imports: DiaryImportService; userData: UserDataExport }): void {
  const api = routes.group({ name: 'Diary', description: 'The film diary: what you watched, when, and how you liked it; Letterboxd import and export.' });
  api.get(
    '/diary',
    {
      access: 'user',
      summary: 'Your film diary',
      description: 'Newest watched date first, then the newest entry of the day. `year` keeps the entries whose date starts with it.',
      inputName: 'Diary',
      example: { query: { year: '2026' } },
    },
    async ({ query }, req, res) => {
      res.set('Cache-Control', 'private, no-store').json({ entries: await deps.service.list(currentUser(req).id, query.year) });
    },
  );
  api.post(
    '/diary',
    {
      access: 'user',
      summary: 'Log a movie',
      description:
        'A movie of the catalog, the day it was watched (YYYY-MM-DD, 1870 to tomorrow), a rating of 0.5–5 in half stars (0 or none for none), notes (≤ 2000), location (≤ 200), rewatch and private flags. Without a posterPath the catalog’s poster is used.',
      inputName: 'Diary entry',
      example: (c) => ({ body: { movieId: c.movie.id, movieTitle: c.movie.name, watchedDate: '2026-01-15', rating: 4.5, notes: 'Worth every minute.', rewatch: false, isPrivate: false } }),
      errors: { 404: 'The catalog holds no such movie.' },
    },
    async ({ body }, req, res) => {
      res.status(201).json(await deps.service.create(currentUser(req).id, body));
    },
  );
  api.patch(
    '/diary/:entryId',
    {
      access: 'user',
      summary: 'Edit a diary entry',
      description: 'Any of the fields of a new entry. Only your own entries: another user’s is a 404.',
      inputName: 'Diary entry',
      errors: { 404: 'No such entry of yours, or no such movie.' },
    },
    async ({ params: { entryId }, body }, req, res) => {
      res.json(await deps.service.update(currentUser(req).id, entryId, body));
    },
  );
  api.delete(
    '/diary/:entryId',
    {
      access: 'user',
      summary: 'Delete a diary entry',
      description: 'Only your own entries: another user’s is a 404.',
      inputName: 'Diary entry',
      errors: { 404: 'No such entry of yours.' },
    },
    async ({ params: { entryId } }, req, res) => {
      await deps.service.remove(currentUser(req).id, entryId);
      res.status(204).end();
    },
  );
  api.post(
    '/diary/import',
    {
      access: 'user',
      summary: 'Upload a Letterboxd export',
      description:
        'The body is the file itself (application/zip or text/csv, at most 50 MB): the export’s zip, one of its CSVs (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv; `name` says which), or a CSV in Letterboxd’s import format. Answers how its films match the catalog; nothing is written until the commit. ' +
        `Limits (each refusal names its own in \`details: { limit, value }\`): ${formatCount(IMPORT_LIMITS.rows)} rows in all, ${formatCount(IMPORT_LIMITS.cellChars)} characters a value, ${IMPORT_LIMITS.columns} values a row, 50 MB unzipped, ${IMPORT_LIMITS.timeMs / 1000} s to read it; the newest ${IMPORT_LIMITS.previewsPerUser} previews of a user are kept.`,
      inputName: 'Import',
      errors: {
        400: 'IMPORT_INVALID: not a zip or CSV of an export, or a file lacks columns (the message names the file and the columns), or past the row, value or column limit (`details.limit`: rows, cellChars, columns, zipEntries).',
        413: 'PAYLOAD_TOO_LARGE: over 50 MB, or its zip over 50 MB once unzipped (`details.limit`: bytes, unzippedBytes).',
        429: 'RATE_LIMITED: another upload of yours is being read.',
        503: 'SERVICE_UNAVAILABLE: the server is reading too many uploads, or this one took over the time budget (`details.limit`: uploadsAtOnce, timeMs).',
      },
    },
    async ({ query }, req, res) => {
      const upload = res.locals.upload as UploadBytes | undefined;
      if (!upload) throw importInvalid('Send the file itself as the request body (application/zip or text/csv).', { file: query.name });
      await sendPreview(res, await deps.imports.preview(currentUser(req).id, upload, query.name));
    },
  );
  api.post(
    '/diary/import/:importId/commit',
    {
      access: 'user',
      summary: 'Commit a Letterboxd import',
      description:
        'Writes the import in one transaction: diary entries, watched marks and ratings, watchlist items, reviews, each dated as on Letterboxd. One diary entry per diary.csv row; a review goes on the diary entry of the same film and watched date (its Letterboxd URI differs from the diary row’s), never a second one: a review of a day with no diary entry of that film is logged as one entry of that day, a review without a watched date goes to reviews only. `choices` settle ambiguous and unmatched films by key (a movie id, or null to skip). Rows already there are never written twice: `skippedRows` counts them (`alreadyImported`) apart from rows of films left out (`notImported`) and reviews with nothing to import. Imports record no feed events and pay no points.',
      inputName: 'Import',
      example: { params: { importId: '00000000-0000-4000-8000-000000000000' }, body: { choices: { 'don|': 'don-1978' } } },
      errors: { 404: 'No such import of yours.', 409: 'The import was committed already.' },
    },
    async ({ params: { importId }, body }, req, res) => {
      res.json(await deps.imports.commit(currentUser(req).id, importId, body));
    },
  );
  api.get(
    '/diary/export.csv',
    {
      access: 'user',
      summary: 'Export your diary as CSV',
      description: 'Letterboxd’s import format: Title, Year, imdbID, tmdbID, WatchedDate, Rating10 (the rating × 2), Rewatch (true/false), Tags, Review (the notes). Private entries included.',
    },
    async (_input, req, res) => {
      const csv = await deps.service.exportCsv(currentUser(req).id);
      res.set('Cache-Control', 'private, no-store').attachment('cinema-dna-diary.csv').type('text/csv; charset=utf-8').send(csv);
    },
  );
  api.get(
    '/users/me/export',
    {
      access: 'user',
      summary: 'Export everything of yours',
      description: 'Your account (without the password hash), diary, watchlist, reviews, saved connections, follows, points ledger and badges, as one JSON attachment.',
    },
    async (_input, req, res) => {
      const data = await deps.userData(currentUser(req).id);
      res.set('Cache-Control', 'private, no-store').attachment('cinema-dna-export.json').type('application/json').send(JSON.stringify(data, null, 2));
    },
  );
}

/** Films of a preview serialized per slice when it is sent. */
const FILMS_PER_SLICE = 1000;

/**
 * Sends a preview. One of 100,000 films is some 20 MB of JSON: stringified in one go (res.json) it would
 * hold the event loop for a hundred milliseconds or more, so a large one is written a slice of films at
 * a time, waiting for the connection to drain.
 */
async function sendPreview(res: Response, preview: ImportPreview): Promise<void> {
  if (preview.films.length <= FILMS_PER_SLICE) {
    res.json(preview);
    return;
  }
  const { films, ...rest } = preview;
  res.status(200).type('application/json');
  const head = JSON.stringify(rest);
  await writeOrWait(res, `${head.slice(0, -1)},"films":[`);
  for (let start = 0; start < films.length && !res.destroyed; start += FILMS_PER_SLICE) {
    const slice = films.slice(start, start + FILMS_PER_SLICE).map((film) => JSON.stringify(film));
    await writeOrWait(res, `${start === 0 ? '' : ','}${slice.join(',')}`);
    await yieldToEventLoop();
  }
  res.end(']}');
}

/** Writes, then waits while the connection's buffer is full (or until it closes). */
function writeOrWait(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Uploads this process is reading now (body, parse, match, store), in all and per user. */
const reading = { all: 0, byUser: new Map<number, number>() };

const payloadTooLarge = (limitBytes: number) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large', { limit: 'bytes', value: limitBytes, limitBytes });

/**
 * Reads a Letterboxd upload's raw body for POST /api/diary/import only, into `res.locals.upload`; the
 * app's JSON limit stays small everywhere else. Up to IMPORT_LIMITS.uploadBytes (50 MB): a longer body,
 * declared or streamed, is answered 413 as soon as it passes the limit, and the rest is neither read nor
 * kept (closeAfterAnswer: a 1 GB stream stops at about 50 MB). A caller who is not signed in is not read
 * at all: the route's guard answers them. At most `uploadsAtOnce` uploads are read at once by this
 * process (503 past it) and `uploadsPerUser` of one user (429): each holds up to 50 MB until its preview
 * is sent.
 */
export function diaryUploadBody(limits: Pick<ImportLimits, 'uploadBytes' | 'uploadsAtOnce' | 'uploadsPerUser'> = IMPORT_LIMITS): RequestHandler {
  return (req, res, next) => {
    // Mounted at /diary/import: the upload itself, not its commit below it.
    if (req.method !== 'POST' || (req.path !== '/' && req.path !== '')) return next();
    // A JSON body was read by the app's JSON parser already: no file here (the route says so).
    if ((req as Request & { _body?: boolean })._body || req.readableEnded) return next();
    if (!req.user) {
      // The guard answers 401; the body is not read (nor drained to its end after the answer).
      closeAfterAnswer(req, res);
      return next();
    }
    const userId = req.user.id;
    const refuse = (error: AppError, retryAfterSeconds?: number) => {
      closeAfterAnswer(req, res);
      if (retryAfterSeconds) res.set('Retry-After', String(retryAfterSeconds));
      next(error);
    };
    if ((reading.byUser.get(userId) ?? 0) >= limits.uploadsPerUser) {
      return refuse(new AppError(429, 'RATE_LIMITED', 'One upload at a time: wait until your other import has been read.', { limit: 'uploadsPerUser', value: limits.uploadsPerUser }), 5);
    }
    if (reading.all >= limits.uploadsAtOnce) {
      return refuse(new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is reading other imports: try again in a minute.', { limit: 'uploadsAtOnce', value: limits.uploadsAtOnce }), 30);
    }
    if (Number(req.headers['content-length']) > limits.uploadBytes) return refuse(payloadTooLarge(limits.uploadBytes));

    // Counted until the answer is sent or the connection is gone.
    reading.all++;
    reading.byUser.set(userId, (reading.byUser.get(userId) ?? 0) + 1);
    res.once('close', () => {
      reading.all--;
      const left = reading.byUser.get(userId)! - 1;
      if (left > 0) reading.byUser.set(userId, left);
      else reading.byUser.delete(userId);
    });
    readRawBody(req, limits.uploadBytes).then(
      (body) => {
        res.locals.upload = body;
        // The bytes are not a JSON body: the route's input checks must not walk them.
        req.body = undefined;
        next();
      },
      (error: unknown) => (error === BODY_TOO_LARGE ? refuse(payloadTooLarge(limits.uploadBytes)) : next(error)),
    );
  };
}

/** How long a refused upload's connection stays open after the answer (unread) before it is closed. */
const LINGER_MS = 2000;

/**
 * A refused upload's body is not read on: its connection is closed LINGER_MS after the answer has gone
 * out (unless the body had all arrived). Left alone, Node drains a body to its end after the answer: a
 * gigabyte if a gigabyte is sent. Closed at once, with the client's bytes unread, the kernel resets the
 * connection and a client still sending may lose the answer with it (nginx lingers for the same
 * reason); meanwhile its sending just stalls.
 */
function closeAfterAnswer(req: Request, res: Response): void {
  req.pause();
  // Marks the body as being read, so Node leaves it alone after the answer (a paused stream buffers
  // one chunk at most, then stops reading the connection).
  if (!req.complete) req.read(0);
  res.once('finish', () => {
    setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, LINGER_MS).unref();
  });
}

const BODY_TOO_LARGE = Symbol('body too large');
/** Bytes of an upload read in one turn of the event loop at most. */
const READ_BYTES_PER_TURN = 1024 * 1024;

/**
 * The raw body, decoded when it is compressed (gzip, deflate, br), rejecting with BODY_TOO_LARGE the
 * moment it passes `limit` bytes (decoded), having stopped reading. Kept as UploadBytes: never one big
 * buffer on this thread.
 */
function readRawBody(req: Request, limit: number): Promise<UploadBytes> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : encoding === 'identity' ? null : undefined;
  if (decoder === undefined) return Promise.reject(new AppError(415, 'VALIDATION_FAILED', 'Unsupported request body encoding'));
  const stream: Readable = decoder ? req.pipe(decoder) : req;
  return new Promise((resolve, reject) => {
    const body = new UploadBytes();
    let settled = false;
    const settle = (error: unknown) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      if (error) {
        req.unpipe();
        req.pause();
        decoder?.destroy();
        reject(error);
      } else resolve(body);
    };
    let sinceTurn = 0;
    const onData = (chunk: Buffer) => {
      if (body.length + chunk.length > limit) return settle(BODY_TOO_LARGE);
      body.append(chunk);
      // A fast client fills the socket faster than a turn of the event loop drains it (libuv reads up
      // to 32 chunks in a row): after each megabyte, reading waits for the next turn.
      sinceTurn += chunk.length;
      if (sinceTurn >= READ_BYTES_PER_TURN) {
        sinceTurn = 0;
        stream.pause();
        setImmediate(() => {
          if (!settled) stream.resume();
        });
      }
    };
    stream.on('data', onData);
    stream.once('end', () => settle(null));
    stream.once('error', () => settle(new AppError(400, 'VALIDATION_FAILED', 'Request could not be read', { reason: 'body' })));
    // The client gave up half-way: nobody waits for an answer.
    req.once('close', () => {
      if (!req.complete) settle(new AppError(400, 'VALIDATION_FAILED', 'Request could not be read', { reason: 'aborted' }));
    });
  });
}
