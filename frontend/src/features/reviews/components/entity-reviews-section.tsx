import { endSentence, REVIEW_DUPLICATE, type Review, type ReviewableType } from '@cinema-dna/shared-types';
import { LogIn, MessageSquareText, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { authState, openLoginDialog } from '../../auth';
import { useCreateReview } from '../api/create-review';
import { useDeleteReview } from '../api/delete-review';
import { useEntityReviews } from '../api/get-entity-reviews';
import { useUpdateReview } from '../api/update-review';
import { REVIEW_TEXTS } from '../lib/review-texts';
import { ConfirmDeleteDialog } from './confirm-dialog';
import { ReportReviewDialog } from './report-review-dialog';
import { ReviewCard } from './review-card';
import { ReviewForm, type ReviewFormValues } from './review-form';
import { StarRatingDisplay } from './star-rating';

/** The server's reason for a refused write: the duplicate explained, else its message, else `fallback`. */
export function reviewErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 409) return REVIEW_DUPLICATE;
    if (error.status === 401) return 'Your session has ended. Please sign in again.';
    return error.serverMessage ?? fallback;
  }
  return fallback;
}

interface EntityReviewsSectionProps {
  entityType: ReviewableType;
  entityId: string;
  entityName: string;
}

/** An entity's reviews: count and average, the list, and writing, editing or deleting your own. */
export function EntityReviewsSection({ entityType, entityId, entityName }: EntityReviewsSectionProps) {
  const { user } = useSnapshot(authState);
  const reviews = useEntityReviews(entityType, entityId);
  const createMutation = useCreateReview();
  const updateMutation = useUpdateReview();
  const deleteMutation = useDeleteReview();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [reporting, setReporting] = useState<Review | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const own = user ? reviews.data?.reviews.find((review) => review.author.id === user.id) : undefined;
  const others = reviews.data?.reviews.filter((review) => review !== own) ?? [];

  function create(values: ReviewFormValues) {
    setFormError(null);
    createMutation.mutate(
      { entityId, entityType, ...values },
      {
        onSuccess: () => toast({ title: REVIEW_TEXTS.postedTitle, description: REVIEW_TEXTS.posted }),
        onError: (error) => setFormError(reviewErrorText(error, REVIEW_TEXTS.postFailed)),
      },
    );
  }

  function update(review: Review, values: ReviewFormValues) {
    setFormError(null);
    updateMutation.mutate(
      { reviewId: review.id, body: values },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: REVIEW_TEXTS.updatedTitle, description: REVIEW_TEXTS.updated });
        },
        onError: (error) => setFormError(reviewErrorText(error, REVIEW_TEXTS.updateFailed)),
      },
    );
  }

  function remove() {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setEditing(false);
        toast({ title: REVIEW_TEXTS.deletedTitle, description: REVIEW_TEXTS.deleted });
      },
      onError: (error) => toast({ title: 'Error', description: reviewErrorText(error, REVIEW_TEXTS.deleteFailed), variant: 'destructive' }),
    });
  }

  // Beside the list: the sign-in prompt, the form to write one, or the form editing yours; nothing once yours is shown.
  const aside =
    user === undefined ? null : user === null ? (
            <div className="rounded-2xl border border-ink-700 bg-ink-850/60 p-5 sm:p-6">
              <h3 className="font-display text-xl font-medium text-bone-50">{REVIEW_TEXTS.writeTitle}</h3>
              <p className="mt-1 text-sm text-bone-400">{endSentence(`Sign in to rate and review ${entityName}`)}</p>
              <Button className="mt-4" onClick={() => openLoginDialog('login')}>
                <LogIn aria-hidden className="size-4" />
                Sign In
              </Button>
            </div>
          ) : own && editing ? (
            <ReviewForm
              key={`edit-${own.id}`}
              heading={REVIEW_TEXTS.editTitle}
              initial={{ rating: own.rating, title: own.title, content: own.content }}
              submitLabel="Save Changes"
              pending={updateMutation.isPending}
              error={formError}
              onSubmit={(values) => update(own, values)}
              onCancel={() => {
                setEditing(false);
                setFormError(null);
              }}
            />
          ) : !own && reviews.data ? (
            <ReviewForm key="create" heading={REVIEW_TEXTS.writeTitle} submitLabel="Post Review" pending={createMutation.isPending} error={formError} onSubmit={create} />
          ) : null;

  return (
    <section aria-labelledby="reviews-heading" className="mt-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-heading" className="font-display text-2xl font-medium tracking-tight text-bone-50">
            Reviews
          </h2>
          {reviews.data && reviews.data.count > 0 && (
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-bone-400" data-testid="reviews-summary">
              {reviews.data.averageRating !== null && (
                <>
                  <StarRatingDisplay value={Math.round(reviews.data.averageRating * 2) / 2} size="md" />
                  <span className="font-medium tabular-nums text-bone-100">{reviews.data.averageRating.toFixed(1)} average</span>
                  <span aria-hidden>·</span>
                </>
              )}
              <span>{plural(reviews.data.count, 'review')}</span>
            </p>
          )}
        </div>
      </div>

      <div className={cn('mt-6 grid gap-6 lg:items-start', aside && 'lg:grid-cols-[minmax(0,1fr)_24rem]')}>
        <div className="grid min-w-0 gap-4">
          {reviews.isPending && (
            <div aria-busy="true" aria-label="Loading reviews" className="grid gap-4">
              {[0, 1].map((row) => (
                <Skeleton key={row} className="h-32 rounded-2xl" />
              ))}
            </div>
          )}
          {reviews.isError && (
            <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-5">
              <p className="font-medium text-bone-50">The reviews could not be loaded.</p>
              <p className="mt-1 text-sm text-bone-400">{reviews.error instanceof ApiRequestError ? reviews.error.message : 'Please try again.'}</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => void reviews.refetch()}>
                <RotateCw aria-hidden className="size-4" />
                Try again
              </Button>
            </div>
          )}
          {reviews.data && reviews.data.count === 0 && (
            <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-10 text-center" data-testid="reviews-empty">
              <MessageSquareText aria-hidden className="mx-auto size-8 text-bone-500" strokeWidth={1.5} />
              <p className="mt-3 font-display text-xl text-bone-50">{REVIEW_TEXTS.emptyTitle}</p>
              <p className="mt-1 text-sm text-bone-400">{endSentence(`Be the first to say what you think of ${entityName}`)}</p>
            </div>
          )}
          {own && !editing && <ReviewCard review={own} onEdit={() => { setFormError(null); setEditing(true); }} onDelete={() => setDeleting(own)} className="border-amber-glow/30" />}
          {others.map((review) => (
            <ReviewCard key={review.id} review={review} onReport={user && review.author.id !== user.id ? () => setReporting(review) : undefined} />
          ))}
        </div>

        {aside && <div className="lg:sticky lg:top-24">{aside}</div>}
      </div>

      <ReportReviewDialog review={reporting} onClose={() => setReporting(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete your review?"
        description={<>Your review of {entityName} will be removed for good.</>}
        confirmLabel="Delete review"
        pending={deleteMutation.isPending}
        onConfirm={remove}
      />
    </section>
  );
}
