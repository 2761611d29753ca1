import type { Review } from '@cinema-dna/shared-types';
import { Flag, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { StarRatingDisplay } from './star-rating';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

interface ReviewCardProps {
  review: Review;
  /** Shows Edit and Delete (the author's own review). */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Shows Report (a signed-in member reading someone else's review). */
  onReport?: () => void;
  /** A line above the title, e.g. a link to the reviewed entity on a profile. */
  context?: ReactNode;
  /** Hides the author line (a profile lists one author's reviews). */
  hideAuthor?: boolean;
  className?: string;
}

/** One review: stars, title, text, author and date; the author gets Edit and Delete. */
export function ReviewCard({ review, onEdit, onDelete, onReport, context, hideAuthor, className }: ReviewCardProps) {
  const edited = review.updatedAt !== review.createdAt;
  return (
    <article aria-label={`Review: ${review.title}`} data-testid="review-card" className={cn('rounded-2xl border border-ink-700 bg-ink-850/60 p-5', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {context}
          <StarRatingDisplay value={review.rating} />
          <h3 className="mt-2 break-words font-display text-lg font-medium leading-snug text-bone-50">{review.title}</h3>
        </div>
        {onReport && (
          <Button variant="ghost" size="sm" onClick={onReport} aria-label={`Report review: ${review.title}`} className="text-bone-500">
            <Flag aria-hidden className="size-3.5" />
            Report
          </Button>
        )}
        {(onEdit || onDelete) && (
          <div className="flex gap-1">
            {onEdit && (
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label="Edit your review">
                <Pencil aria-hidden className="size-4" />
                Edit
              </Button>
            )}
            {onDelete && (
              <Button variant="ghost-danger" size="sm" onClick={onDelete} aria-label="Delete your review">
                <Trash2 aria-hidden className="size-4" />
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
      <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-bone-300">{review.content}</p>
      <p className="mt-4 text-xs text-bone-500">
        {!hideAuthor && (
          <>
            <span className="font-medium text-bone-300">{review.author.displayName || review.author.username}</span>
            {' · '}
          </>
        )}
        <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        {edited && ' · edited'}
      </p>
    </article>
  );
}
