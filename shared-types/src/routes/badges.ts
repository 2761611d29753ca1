import { z } from 'zod';
import { BadgeProgressSchema, BadgeSchema, EarnedBadgeSchema } from '../badges.js';
import { defineRoutes } from './define.js';

/** The badges routes: paths, and the schemas of their params, query, body and answers. */
export const badgesRoutes = defineRoutes({
  'GET /api/badges/available': { responses: { 200: z.array(BadgeSchema) } },
  'GET /api/users/me/badges': { responses: { 200: z.array(EarnedBadgeSchema) } },
  'GET /api/users/me/badge-progress': { responses: { 200: BadgeProgressSchema } },
});
