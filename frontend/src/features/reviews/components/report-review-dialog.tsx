import { ADMIN_TEXTS, REPORT_REASONS, REPORT_REASON_LABELS, type Review } from '@cinema-dna/shared-types';
import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Field, Textarea } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useReportReview } from '../api/report-review';

type Reason = (typeof REPORT_REASONS)[number];

function reportErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return 'Your session has ended. Please sign in again.';
    return error.serverMessage ?? 'The report could not be sent. Please try again.';
  }
  return 'The report could not be sent. Please try again.';
}
export const REPORT_NOTE_MAX = 500;

/**
 * Reports someone else's review to the moderators: a reason (required) and an optional note. What
 * was chosen stays if the report fails; the dialog closes with the server's thanks when it lands.
 */
export function ReportReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportReview();

  function close() {
    if (report.isPending) return;
    setReason(null);
    setNote('');
    setError(null);
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!review) return;
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    const trimmed = note.trim();
    report.mutate(
      { reviewId: review.id, report: { reason, ...(trimmed ? { note: trimmed } : {}) } },
      {
        onSuccess: (answer) => {
          toast({ title: answer?.message ?? ADMIN_TEXTS.reviewReported });
          setReason(null);
          setNote('');
          setError(null);
          onClose();
        },
        onError: (failure) => setError(reportErrorText(failure)),
      },
    );
  }

  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <div className="pr-6">
            <DialogTitle>Report this review</DialogTitle>
            <DialogDescription>{review ? <>“{review.title}” by {review.author.displayName || review.author.username}. A moderator will look at it.</> : null}</DialogDescription>
          </div>
          <fieldset className="mt-6">
            <legend className="text-sm font-medium text-bone-100">Reason</legend>
            <div role="radiogroup" aria-label="Reason" className="mt-2 grid gap-2">
              {REPORT_REASONS.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition-colors',
                    reason === value ? 'border-amber-glow/60 bg-amber-glow/5 text-bone-50' : 'border-ink-600 text-bone-300 hover:border-ink-500',
                  )}
                >
                  <input
                    type="radio"
                    name="report-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setError(null);
                    }}
                    className="size-4 accent-amber-glow"
                  />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <Field label="Note" optional className="mt-5" hint={`Up to ${REPORT_NOTE_MAX} characters.`}>
            {({ id, describedBy }) => (
              <Textarea id={id} aria-describedby={describedBy} value={note} maxLength={REPORT_NOTE_MAX} onChange={(event) => setNote(event.target.value)} className="min-h-24" placeholder="What should the moderator know?" />
            )}
          </Field>
          {error && (
            <p role="alert" className="mt-4 text-sm text-scarlet">
              {error}
            </p>
          )}
          <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={report.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={report.isPending}>
              <Flag aria-hidden className="size-4" />
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
