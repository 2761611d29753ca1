import { z } from 'zod';
import { AdminEntityRefSchema } from './admin.js';
import { text } from './text.js';

/*
 * Moderation (the admin Content tab): readers' reports of reviews and the moderator's queue.
 */

// ---------------------------------------------------------------- moderation (Content tab)

export const REPORT_REASONS = ['spam', 'offensive', 'spoilers', 'off-topic', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  spoilers: 'Unmarked spoilers',
  'off-topic': 'Not about this title',
  other: 'Something else',
};

/** POST /api/reviews/{id}/report: one report per user and review (again: the same answer, not counted twice). */
export const ReviewReportSchema = z.object({ reason: ReportReasonSchema, note: text().trim().max(500).optional() });
export type ReviewReport = z.infer<typeof ReviewReportSchema>;
export const ReviewReportedSchema = z.object({ reported: z.literal(true), message: z.string() });

export const ModerationStateSchema = z.enum(['open', 'hidden', 'all']);
export const ModerationQuerySchema = z.object({ state: ModerationStateSchema.default('open') });

/** A reported review in the moderation queue. */
export const ReportedReviewSchema = z.object({
  reviewId: z.number().int(),
  title: z.string(),
  content: z.string(),
  rating: z.number().int(),
  entity: AdminEntityRefSchema,
  author: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
  hidden: z.boolean(),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
  notes: z.array(z.string()),
  lastReportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof ReportedReviewSchema>;
export const ReportedReviewsResponseSchema = z.object({ reviews: z.array(ReportedReviewSchema) });
export const ReviewIdParamsSchema = z.object({ reviewId: z.coerce.number().int().positive().max(2_147_483_647) });
