import { Star, StarHalf } from 'lucide-react';

/** Up to five stars (halves allowed), read out as "4.5 out of 5 stars". */
export function StarRating({ rating }: { rating: number }) {
  const stars = Array.from({ length: 5 }, (_, index) => (rating >= index + 1 ? 'full' : rating >= index + 0.5 ? 'half' : 'empty'));
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex items-center gap-0.5 align-[-2px]">
      {stars.map((kind, index) =>
        kind === 'half' ? (
          <StarHalf key={index} aria-hidden className="size-3.5 fill-amber-glow text-amber-glow" />
        ) : (
          <Star key={index} aria-hidden className={kind === 'full' ? 'size-3.5 fill-amber-glow text-amber-glow' : 'size-3.5 text-ink-600'} />
        ),
      )}
    </span>
  );
}
