import { badgeProgressText } from '../lib/badge-collection';
import type { BadgeStanding } from '../lib/badge-collection';
import { BadgeMedallion } from './badge-medallion';
import { ProgressBar } from './progress-bar';

/** Spec wording of the empty 'Badge Progress' card. */
export const NO_BADGES_IN_PROGRESS = 'No badges in progress. Keep exploring to start earning new badges!';

/** Spec §2: up to five unearned badges already started, the closest first. */
export function BadgeProgressCard({ standings }: { standings: readonly BadgeStanding[] }) {
  return (
    <section aria-labelledby="badge-progress-title" className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6">
      <h2 id="badge-progress-title" className="font-display text-xl font-medium text-bone-50">
        Badge Progress
      </h2>
      {standings.length === 0 ? (
        <p className="mt-4 text-sm leading-relaxed text-bone-400">{NO_BADGES_IN_PROGRESS}</p>
      ) : (
        <ul className="mt-5 grid gap-5">
          {standings.map(({ badge, count, percent }) => (
            <li key={badge.id} aria-label={badge.name} className="flex items-center gap-3.5">
              <BadgeMedallion badge={badge} earned={false} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="truncate text-sm font-medium text-bone-100">{badge.name}</p>
                  <p className="shrink-0 text-xs tabular-nums text-bone-400">
                    {badgeProgressText(badge, count)} · <span className="font-medium text-bone-100">{percent}%</span>
                  </p>
                </div>
                <ProgressBar percent={percent} label={`${badge.name} progress`} className="mt-2" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
