import type { EarnedBadge } from '@cinema-dna/shared-types';
import { Award } from 'lucide-react';
import { EarnedDate } from './badge-date';
import { BadgeMedallion } from './badge-medallion';

/** Spec §2: the latest five badges earned, newest first; 'No Badges Yet' before the first. */
export function RecentlyEarned({ badges }: { badges: readonly EarnedBadge[] }) {
  return (
    <section aria-labelledby="recently-earned-title" className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6">
      <h2 id="recently-earned-title" className="font-display text-xl font-medium text-bone-50">
        Recently Earned
      </h2>
      {badges.length === 0 ? (
        <div className="mt-5 flex items-center gap-4 rounded-xl border border-dashed border-ink-600 px-5 py-6">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-ink-800 text-bone-500 ring-1 ring-inset ring-ink-600">
            <Award aria-hidden className="size-5" />
          </span>
          <div>
            <p className="font-medium text-bone-100">No Badges Yet</p>
            <p className="mt-1 text-sm text-bone-400">Find a connection between two names to earn your first badge.</p>
          </div>
        </div>
      ) : (
        <ol className="mt-5 flex gap-3 overflow-x-auto pb-1 [scrollbar-width:thin]" aria-label="Recently earned badges">
          {badges.map((earned) => (
            <li key={earned.id} className="flex w-36 shrink-0 flex-col items-center rounded-xl bg-ink-900/60 px-3 py-4 text-center ring-1 ring-inset ring-ink-700">
              <BadgeMedallion badge={earned.badge} earned size="lg" />
              <p className="mt-3 text-sm font-medium leading-snug text-bone-50">{earned.badge.name}</p>
              <p className="mt-1 text-xs text-bone-500">
                <EarnedDate iso={earned.earnedAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
