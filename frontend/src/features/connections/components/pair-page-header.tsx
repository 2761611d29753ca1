import type { EntitySummary } from '@cinema-dna/shared-types';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';

/** The top of a page about one pair (a shared link, a result link): back to search, then "From ↔ To". */
export function PairPageHeader({ eyebrow, fromEntity, toEntity }: { eyebrow: string; fromEntity?: EntitySummary | null; toEntity?: EntitySummary | null }) {
  return (
    <>
      <Link to="/" className={buttonClasses('ghost', 'sm', '-ml-2')}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Search
      </Link>
      <header className="mb-10 mt-6">
        <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">{eyebrow}</p>
        {fromEntity && toEntity ? (
          <h1 className="mt-3 font-display text-4xl font-medium tracking-tight text-bone-50 sm:text-5xl">
            {fromEntity.name} <span className="text-amber-glow">↔</span> {toEntity.name}
          </h1>
        ) : (
          <Skeleton className="mt-3 h-12 w-2/3" />
        )}
      </header>
    </>
  );
}
