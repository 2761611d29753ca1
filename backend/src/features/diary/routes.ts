import {
  DiaryEntryCreateSchema,
  DiaryEntrySchema,
  DiaryEntryUpdateSchema,
  DiaryListSchema,
  DiaryQuerySchema,
  IMPORT_MAX_BYTES,
  ImportCommitSchema,
  ImportPreviewSchema,
  ImportSummarySchema,
  text,
} from '@cinema-dna/shared-types';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { DiaryImportService } from './import-service.js';
import { importInvalid } from './letterboxd.js';
import type { UserDataExport } from './ports.js';
import type { DiaryService } from './service.js';

const ImportQuerySchema = z.object({
  name: text().trim().min(1).max(255).default('diary.csv').meta({ description: 'The uploaded file’s name: "letterboxd-export.zip", "diary.csv"... (a zip is known by its bytes).' }),
});
const ImportParamsSchema = z.object({ importId: text().min(1).max(100).meta({ description: 'The import’s id, from its preview.' }) });
const EntryParamsSchema = z.object({ entryId: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The diary entry’s id.' }) });

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
      query: DiaryQuerySchema,
      example: { query: { year: '2026' } },
      responses: { 200: DiaryListSchema },
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
      body: DiaryEntryCreateSchema,
      example: { body: { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', watchedDate: '2026-01-15', rating: 4.5, notes: 'Witness me.', rewatch: false, isPrivate: false } },
      responses: { 201: DiaryEntrySchema },
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
      params: EntryParamsSchema,
      body: DiaryEntryUpdateSchema,
      responses: { 200: DiaryEntrySchema },
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
      params: EntryParamsSchema,
      responses: { 204: { description: 'Deleted.' } },
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
        'The body is the file itself (application/zip or text/csv, at most 50 MB): the export’s zip, one of its CSVs (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv; `name` says which), or a CSV in Letterboxd’s import format. Answers how its films match the catalog; nothing is written until the commit.',
      inputName: 'Import',
      query: ImportQuerySchema,
      body: null,
      responses: { 200: ImportPreviewSchema },
      errors: { 400: 'IMPORT_INVALID: not a zip or CSV of an export, or a file lacks columns (the message names the file and the columns).', 413: 'Over 50 MB.' },
    },
    async ({ query }, req, res) => {
      const upload = res.locals.upload as Buffer | undefined;
      if (!upload) throw importInvalid('Send the file itself as the request body (application/zip or text/csv).', { file: query.name });
      res.json(await deps.imports.preview(currentUser(req).id, upload, query.name));
    },
  );
  api.post(
    '/diary/import/:importId/commit',
    {
      access: 'user',
      summary: 'Commit a Letterboxd import',
      description:
        'Writes the import in one transaction: diary entries, watched marks and ratings, watchlist items, reviews. `choices` settle ambiguous and unmatched films by key (a movie id, or null to skip). Rows already there are never written twice. Imports record no feed events and pay no points.',
      inputName: 'Import',
      params: ImportParamsSchema,
      body: ImportCommitSchema,
      example: { params: { importId: '00000000-0000-4000-8000-000000000000' }, body: { choices: { 'don|': 'don-1978' } } },
      responses: { 200: ImportSummarySchema },
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
      responses: { 200: { description: 'The diary as CSV.', contentType: 'text/csv', headers: { 'Content-Disposition': 'attachment; filename=cinema-dna-diary.csv' } } },
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
      responses: { 200: { description: 'Everything of yours as JSON.', contentType: 'application/json', headers: { 'Content-Disposition': 'attachment; filename=cinema-dna-export.json' } } },
    },
    async (_input, req, res) => {
      const data = await deps.userData(currentUser(req).id);
      res.set('Cache-Control', 'private, no-store').attachment('cinema-dna-export.json').type('application/json').send(JSON.stringify(data, null, 2));
    },
  );
}

/**
 * Reads a Letterboxd upload's raw body (up to 50 MB) for POST /api/diary/import only, into
 * `res.locals.upload`; the app's JSON limit stays small everywhere else. A caller who is not signed
 * in is not read at all: the route's guard answers them.
 */
export function diaryUploadBody(): RequestHandler {
  const raw = express.raw({ type: () => true, limit: IMPORT_MAX_BYTES });
  return (req, res, next) => {
    if (!req.user) return next();
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (Buffer.isBuffer(req.body)) res.locals.upload = req.body;
      // The bytes are not a JSON body: the route's input checks must not walk them.
      req.body = undefined;
      next();
    });
  };
}
