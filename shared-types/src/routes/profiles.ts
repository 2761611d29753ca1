import { z } from 'zod';
import { EarnedBadgeSchema } from '../badges.js';
import { CompareQuerySchema, ProfileComparisonSchema, ProfileUpdateSchema, UserProfileSchema, YearStatsQuerySchema, YearStatsSchema } from '../profiles.js';
import { text } from '../text.js';
import { defineRoutes } from './define.js';

const UserParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The user’s id.' }) });
const UsernameParamsSchema = z.object({ username: text().min(1).max(100).meta({ description: 'The username (any case).' }) });
const BadgesSchema = z.object({ badges: z.array(EarnedBadgeSchema) });

/** The profiles routes: paths, and the schemas of their params, query, body and answers. */
export const profilesRoutes = defineRoutes({
  'GET /api/users/by-username/:username': { params: UsernameParamsSchema, responses: { 200: UserProfileSchema } },
  'GET /api/users/:id/profile': { params: UserParamsSchema, responses: { 200: UserProfileSchema } },
  'GET /api/users/:id/stats': { params: UserParamsSchema, responses: { 200: UserProfileSchema } },
  'PATCH /api/users/me/profile': { body: ProfileUpdateSchema, responses: { 200: UserProfileSchema } },
  'GET /api/users/:id/badges': { params: UserParamsSchema, responses: { 200: BadgesSchema } },
  'GET /api/users/:id/year-stats': { params: UserParamsSchema, query: YearStatsQuerySchema, responses: { 200: YearStatsSchema } },
  'GET /api/users/compare': { query: CompareQuerySchema, responses: { 200: ProfileComparisonSchema } },
});
