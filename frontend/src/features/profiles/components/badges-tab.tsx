import type { EarnedBadge } from '@cinema-dna/shared-types';
import { Award, Sparkles } from 'lucide-react';
import { badgeIcon } from '../../badges';
import { EmptyState } from '../../social';

/** Spec §8 empty state. */
export const NO_BADGES_YET = 'No Badges Yet';

const earnedDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The Badges tab: every earned badge, newest first. */
export function BadgesTab({ badges }: { badges: readonly EarnedBadge[] }) {
  if (badges.length === 0) {
    return (
      <EmptyState title={NO_BADGES_YET} icon={<Award aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />}>
        Badges come from discovering connections, reviewing films, following people and taking on challenges.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Earned badges" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {badges.map((earned) => {
        const Icon = badgeIcon(earned.badge.icon);
        return (
          <li key={earned.id} className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-850/70 p-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-amber-glow/10 ring-1 ring-inset ring-amber-glow/30">
              <Icon aria-hidden className="size-5 text-amber-glow" />
            </span>
            <div className="min-w-0">
              <p className="flex items-center gap-1.5 font-medium text-bone-50">
                {earned.badge.name}
                {earned.badge.isRare && (
                  <span className="inline-flex items-center gap-0.5 text-xs text-amber-soft">
                    <Sparkles aria-hidden className="size-3" />
                    Rare
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-sm text-bone-400">{earned.badge.description}</p>
              <p className="mt-1 text-xs text-bone-500">Earned {earnedDate.format(new Date(earned.earnedAt))}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
