import { formatCount, plural, POINT_RULES, REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '@cinema-dna/shared-types';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Field, Input, Textarea } from '../../../ui/form-field';
import { REVIEW_TEXTS } from '../lib/review-texts';
import { StarRatingInput } from './star-rating';

export interface ReviewFormValues {
  rating: number;
  title: string;
  content: string;
}

interface ReviewFormProps {
  heading: string;
  initial?: ReviewFormValues;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown above the buttons (a 409 duplicate, a validation message). */
  error?: string | null;
  onSubmit: (values: ReviewFormValues) => void;
  onCancel?: () => void;
}

type FieldErrors = Partial<Record<keyof ReviewFormValues, string>>;

/** Checks what the server would refuse: 1–5 stars, a title and a text (trimmed). */
export function reviewFormErrors(values: ReviewFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) errors.rating = REVIEW_TEXTS.ratingRequired;
  if (!values.title.trim()) errors.title = REVIEW_TEXTS.titleRequired;
  if (!values.content.trim()) errors.content = REVIEW_TEXTS.contentRequired;
  return errors;
}

const { points, minTextLength } = POINT_RULES.review;

/** Says, as the writer types, whether the text is long enough to earn review points (the server decides). */
export function paidReviewHint(content: string): string {
  const length = content.trim().length;
  if (length >= minTextLength) return `${plural(length, 'character')}: long enough to earn ${plural(points, 'point')} (your first review of this, within the daily limit).`;
  return `${formatCount(length)} of ${plural(minTextLength, 'character')}: a first review with a rating and at least ${plural(minTextLength, 'character')} earns ${plural(points, 'point')}.`;
}

/** Write or edit a review: 1–5 stars, a title and the text. What was typed stays on a failure. */
export function ReviewForm({ heading, initial, submitLabel, pending, error, onSubmit, onCancel }: ReviewFormProps) {
  const [values, setValues] = useState<ReviewFormValues>(initial ?? { rating: 0, title: '', content: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = reviewFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit({ rating: values.rating, title: values.title.trim(), content: values.content.trim() });
  }

  return (
    <form onSubmit={submit} aria-label={heading} noValidate className="grid gap-4 rounded-2xl border border-ink-700 bg-ink-850/60 p-5 sm:p-6">
      <h3 className="font-display text-xl font-medium text-bone-50">{heading}</h3>
      <div className="grid gap-1.5">
        <span id="review-rating-label" className="text-sm font-medium text-bone-100">
          Your rating
        </span>
        <StarRatingInput value={values.rating} onChange={(rating) => setValues((v) => ({ ...v, rating }))} label="Your rating" invalid={Boolean(errors.rating)} />
        {errors.rating && <p className="text-xs text-scarlet">{errors.rating}</p>}
      </div>
      <Field label="Title" error={errors.title}>
        {({ id, describedBy, invalid }) => (
          <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={REVIEW_TITLE_MAX} value={values.title} onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))} />
        )}
      </Field>
      <Field label="Review" error={errors.content} hint={paidReviewHint(values.content)}>
        {({ id, describedBy, invalid }) => (
          <Textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={REVIEW_CONTENT_MAX} className="min-h-28" value={values.content} onChange={(e) => setValues((v) => ({ ...v, content: e.target.value }))} />
        )}
      </Field>
      {error && (
        <p role="alert" className="rounded-xl border border-scarlet/40 bg-scarlet/5 px-3.5 py-2.5 text-sm text-bone-100">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
