import { DiaryEntryCreateSchema, DiaryEntrySchema, DiaryEntryUpdateSchema, DiaryListSchema, DiaryQuerySchema } from '@cinema-dna/shared-types';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes, RouteGroup } from '../../platform/auth/route-registry.js';
import type { DiaryService } from './service.js';

const EntryParamsSchema = z.object({ entryId: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The diary entry’s id.' }) });

/** The film diary's routes (spec §7): all signed in, each user's own entries only. */
export function diaryRoutes(routes: ApiRoutes, deps: { service: DiaryService }): RouteGroup {
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
  return api;
}
