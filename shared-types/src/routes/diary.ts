import { z } from 'zod';
import { DiaryEntryCreateSchema, DiaryEntrySchema, DiaryEntryUpdateSchema, DiaryListSchema, DiaryQuerySchema, ImportCommitSchema, ImportPreviewSchema, ImportSummarySchema } from '../diary.js';
import { text } from '../text.js';
import { defineRoutes } from './define.js';

const ImportQuerySchema = z.object({
  name: text().trim().min(1).max(255).default('diary.csv').meta({ description: 'The uploaded file’s name: "letterboxd-export.zip", "diary.csv"... (a zip is known by its bytes).' }),
});
const ImportParamsSchema = z.object({ importId: text().min(1).max(100).meta({ description: 'The import’s id, from its preview.' }) });
const EntryParamsSchema = z.object({ entryId: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The diary entry’s id.' }) });

/** The diary routes: paths, and the schemas of their params, query, body and answers. */
export const diaryRoutes = defineRoutes({
  'GET /api/diary': { query: DiaryQuerySchema, responses: { 200: DiaryListSchema } },
  'POST /api/diary': { body: DiaryEntryCreateSchema, responses: { 201: DiaryEntrySchema } },
  'PATCH /api/diary/:entryId': { params: EntryParamsSchema, body: DiaryEntryUpdateSchema, responses: { 200: DiaryEntrySchema } },
  'DELETE /api/diary/:entryId': { params: EntryParamsSchema, responses: { 204: { description: 'Deleted.' } } },
  'POST /api/diary/import': { query: ImportQuerySchema, body: null, responses: { 200: ImportPreviewSchema } },
  'POST /api/diary/import/:importId/commit': { params: ImportParamsSchema, body: ImportCommitSchema, responses: { 200: ImportSummarySchema } },
  'GET /api/diary/export.csv': { responses: { 200: { description: 'The diary as CSV.', contentType: 'text/csv', headers: { 'Content-Disposition': 'attachment; filename=cinema-dna-diary.csv' } } } },
  'GET /api/users/me/export': { responses: { 200: { description: 'Everything of yours as JSON.', contentType: 'application/json', headers: { 'Content-Disposition': 'attachment; filename=cinema-dna-export.json' } } } },
});
