import { z } from 'zod';
import { EntityReviewsSchema, ReviewCreateSchema, ReviewSchema, ReviewUpdateSchema, UserReviewsSchema } from '../community.js';
import { EntityTypeSchema } from '../entities.js';
import { ModerationQuerySchema, ReportedReviewSchema, ReportedReviewsResponseSchema, ReviewIdParamsSchema, ReviewReportSchema, ReviewReportedSchema } from '../moderation.js';
import { text } from '../text.js';
import { defineRoutes } from './define.js';

const positiveId = (description: string) => z.coerce.number().int().positive().max(2_147_483_647).meta({ description });
const ReviewParamsSchema = z.object({ reviewId: positiveId('The review’s id.') });
const UserParamsSchema = z.object({ id: positiveId('The user’s id.') });
const EntityParamsSchema = z.object({
  type: EntityTypeSchema.meta({ description: 'The entity’s type.' }),
  id: text().min(1).max(200).meta({ description: 'The entity’s id.' }),
});

/** The reviews routes: paths, and the schemas of their params, query, body and answers. */
export const reviewsRoutes = defineRoutes({
  'POST /api/reviews': { body: ReviewCreateSchema, responses: { 201: ReviewSchema } },
  'PATCH /api/reviews/:reviewId': { params: ReviewParamsSchema, body: ReviewUpdateSchema, responses: { 200: ReviewSchema } },
  'DELETE /api/reviews/:reviewId': { params: ReviewParamsSchema, responses: { 204: { description: 'Deleted.' } } },
  'POST /api/reviews/:reviewId/report': { params: ReviewParamsSchema, body: ReviewReportSchema, responses: { 201: ReviewReportedSchema, 200: ReviewReportedSchema } },
  'GET /api/entity/:type/:id/reviews': { params: EntityParamsSchema, responses: { 200: EntityReviewsSchema } },
  'GET /api/users/:id/reviews': { params: UserParamsSchema, responses: { 200: UserReviewsSchema } },
  'GET /api/admin/reports': { query: ModerationQuerySchema, responses: { 200: ReportedReviewsResponseSchema } },
  'POST /api/admin/reviews/:reviewId/hide': { params: ReviewIdParamsSchema, body: null, responses: { 200: ReportedReviewSchema } },
  'POST /api/admin/reviews/:reviewId/restore': { params: ReviewIdParamsSchema, body: null, responses: { 200: ReportedReviewSchema } },
});
