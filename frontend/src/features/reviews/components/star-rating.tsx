import { plural } from '@cinema-dna/shared-types';
import { Star, StarHalf } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/class-names';

/** The review rating display is fixed to 5 stars (spec §5). */
export const STAR_COUNT = 5;
const STARS = Array.from({ length: STAR_COUNT }, (_, i) => i + 1);

/** "3.5 out of 5 stars". */
export const ratingLabel = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} out of ${STAR_COUNT} stars`;

/** Stars shown for a rating of 0.5 to 5 (half stars for an imported Letterboxd rating). */
export function StarRatingDisplay({ value, className, size = 'sm' }: { value: number; className?: string; size?: 'sm' | 'md' }) {
  const icon = size === 'sm' ? 'size-3.5' : 'size-5';
  return (
    <span role="img" aria-label={ratingLabel(value)} className={cn('inline-flex items-center gap-0.5', className)}>
      {STARS.map((star) => {
        const full = value >= star;
        const half = !full && value >= star - 0.5;
        return (
          <span key={star} aria-hidden className={cn('relative inline-block', icon)}>
            <Star className={cn('absolute inset-0 text-ink-500', icon)} strokeWidth={1.6} />
            {full && <Star className={cn('absolute inset-0 fill-amber-glow text-amber-glow', icon)} strokeWidth={1.6} />}
            {half && <StarHalf className={cn('absolute inset-0 fill-amber-glow text-amber-glow', icon)} strokeWidth={1.6} />}
          </span>
        );
      })}
    </span>
  );
}

interface StarRatingInputProps {
  /** 0 means none; a half star (from an import) shows as one until a star is picked. */
  value: number;
  onChange: (value: number) => void;
  /** The group's accessible name. */
  label?: string;
  /** Offer a way back to 0 (the diary's rating is optional; a review's is not). */
  clearable?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * 1 to 5 whole stars as a radio group: click or arrow keys pick, hovering previews. With `clearable`,
 * picking the current star again, or the Clear button, sets it back to 0 (no rating).
 */
export function StarRatingInput({ value, onChange, label = 'Rating', clearable = false, invalid, describedBy }: StarRatingInputProps) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  const checkedStar = Math.ceil(value);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, star: number) {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = Math.min(STAR_COUNT, Math.max(1, star + step));
    onChange(next);
    (event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next - 1])?.focus();
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="radiogroup" aria-label={label} aria-invalid={invalid || undefined} aria-describedby={describedBy} className="flex items-center" onMouseLeave={() => setHovered(0)}>
        {STARS.map((star) => {
          const full = shown >= star;
          const half = !full && shown >= star - 0.5;
          const checked = checkedStar === star;
          return (
            <button
              key={star}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={plural(star, 'star')}
              tabIndex={checked || (checkedStar === 0 && star === 1) ? 0 : -1}
              onClick={() => onChange(clearable && value === star ? 0 : star)}
              onMouseEnter={() => setHovered(star)}
              onKeyDown={(event) => onKeyDown(event, star)}
              className="rounded-md p-1 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-amber-glow"
            >
              <span aria-hidden className="relative block size-7">
                <Star className="absolute inset-0 size-7 text-ink-500" strokeWidth={1.5} />
                {full && <Star className="absolute inset-0 size-7 fill-amber-glow text-amber-glow" strokeWidth={1.5} />}
                {half && <StarHalf className="absolute inset-0 size-7 fill-amber-glow text-amber-glow" strokeWidth={1.5} />}
              </span>
            </button>
          );
        })}
      </div>
      <span className="text-sm tabular-nums text-bone-400" aria-live="polite">
        {value > 0 ? ratingLabel(value) : 'No rating'}
      </span>
      {clearable && value > 0 && (
        <button type="button" onClick={() => onChange(0)} className="text-xs font-medium text-bone-400 underline underline-offset-4 hover:text-bone-100">
          Clear rating
        </button>
      )}
    </div>
  );
}
