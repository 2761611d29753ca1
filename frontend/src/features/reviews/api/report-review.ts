import type { ReviewReport } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** POST /api/reviews/{reviewId}/report (201): one report per member and review; a repeat gets the same answer. */
export const reportReview = ({ reviewId, report }: { reviewId: number; report: ReviewReport }) =>
  api.post('/api/reviews/:reviewId/report', { params: { reviewId }, body: report });

export function useReportReview() {
  return useMutation({ mutationFn: reportReview });
}
