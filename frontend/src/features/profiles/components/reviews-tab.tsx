import type { Review } from '@cinema-dna/shared-types';
import { Flag, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { authState } from '../../auth';
import { ReportReviewDialog } from '../../reviews';
import { EmptyState, LoadFailed, StarRating, entityPathOf, relativeTime } from '../../social';
import { useUserReviews } from '../api/get-user-reviews';

/** Spec §8 empty state. */
export const NO_REVIEWS_YET = 'No Reviews Yet';

/** The Reviews tab: the user's reviews, newest first; a signed-in visitor may report one to the moderators. */
export function ReviewsTab({ userId }: { userId: number }) {
  const reviews = useUserReviews(userId);
  const viewer = useSnapshot(authState).user;
  const [reporting, setReporting] = useState<Review | null>(null);
  const canReport = Boolean(viewer) && viewer?.id !== userId;
  if (reviews.isError) return <LoadFailed what="Reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />;
  if (!reviews.data)
    return (
      <div aria-busy="true" aria-label="Loading reviews" className="grid gap-3">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-32 rounded-2xl" />
        ))}
      </div>
    );
  if (reviews.data.length === 0) return <EmptyState title={NO_REVIEWS_YET} icon={<MessageSquare aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />} />;
  return (
    <>
      <ReviewList reviews={reviews.data} onReport={canReport ? setReporting : undefined} />
      <ReportReviewDialog review={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

function ReviewList({ reviews, onReport }: { reviews: Review[]; onReport?: (review: Review) => void }) {
  return (
    <ul aria-label="Reviews" className="grid gap-3">
      {reviews.map((review) => {
        const path = entityPathOf(`${review.entityType}:${review.entityId}`);
        return (
          <li key={review.id}>
            <article className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium text-bone-50">{review.title}</h3>
                <div className="flex items-center gap-2">
                  <StarRating rating={review.rating} />
                  {onReport && (
                    <Button variant="ghost" size="sm" onClick={() => onReport(review)} aria-label={`Report review: ${review.title}`} className="text-bone-500">
                      <Flag aria-hidden className="size-3.5" />
                      Report
                    </Button>
                  )}
                </div>
              </div>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-bone-300">{review.content}</p>
              <p className="mt-3 flex flex-wrap items-center gap-x-3 text-xs text-bone-500">
                <time dateTime={review.createdAt}>{relativeTime(review.createdAt)}</time>
                {path && (
                  <Link to={path} className="text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:decoration-amber-glow">
                    View the {review.entityType}
                  </Link>
                )}
              </p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
