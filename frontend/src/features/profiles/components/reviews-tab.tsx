import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, LoadFailed, StarRating, entityPathOf, relativeTime } from '../../social';
import { useUserReviews } from '../api/get-user-reviews';

/** Spec §8 empty state. */
export const NO_REVIEWS_YET = 'No Reviews Yet';

/** The Reviews tab: a read-only list of the user's reviews, newest first. */
export function ReviewsTab({ userId }: { userId: number }) {
  const reviews = useUserReviews(userId);
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
    <ul aria-label="Reviews" className="grid gap-3">
      {reviews.data.map((review) => {
        const path = entityPathOf(`${review.entityType}:${review.entityId}`);
        return (
          <li key={review.id}>
            <article className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium text-bone-50">{review.title}</h3>
                <StarRating rating={review.rating} />
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
