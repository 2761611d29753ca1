import { ADMIN_PAGE_DEFAULT } from '@cinema-dna/shared-types';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount } from '../../../lib/number-format';
import { Button } from '../../../ui/button';

/** "51–100 of 1,234" with Previous / Next, under a paged admin table; nothing when one page holds it all. */
export function TablePager({ offset, shown, total, onOffset, label }: { offset: number; shown: number; total: number; onOffset: (offset: number) => void; label: string }) {
  if (total <= ADMIN_PAGE_DEFAULT && offset === 0) return null;
  const first = shown === 0 ? 0 : offset + 1;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-bone-400">
      <p aria-live="polite">
        {formatCount(first)}–{formatCount(offset + shown)} of {formatCount(total)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - ADMIN_PAGE_DEFAULT))}>
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={offset + shown >= total} onClick={() => onOffset(offset + ADMIN_PAGE_DEFAULT)}>
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
