import type { ReviewReport } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/reviews/{reviewId}/report (201): one report per member and review; a repeat gets the same answer. */
export const reportReview = ({ reviewId, report }: { reviewId: number; report: ReviewReport }) =>
  apiFetch<{ reported: true; message: string }>(`/api/reviews/${reviewId}/report`, { method: 'POST', body: report });

export function useReportReview() {
  return useMutation({ mutationFn: reportReview });
}
