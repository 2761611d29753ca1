import { Check } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { formatCount } from '../../../lib/number-format';
import { badgeProgressText, type BadgeStanding } from '../lib/badge-collection';
import { EarnedDate } from './badge-date';
import { BadgeMedallion } from './badge-medallion';
import { ProgressBar } from './progress-bar';
import { RareMarker } from './rare-marker';

/** One catalog badge: earned with its date, or how far along it is (count / requirement in the badge's unit, capped at 100%). */
export function BadgeTile({ standing }: { standing: BadgeStanding }) {
  const { badge, earned } = standing;
  return (
    <li
      aria-label={badge.name}
      data-testid="badge-tile"
      data-earned={earned}
      className={cn(
        'relative flex flex-col gap-4 rounded-2xl border p-5 transition-colors',
        earned ? 'border-amber-glow/25 bg-[linear-gradient(160deg,rgba(242,176,74,0.07),transparent_55%)] bg-ink-850' : 'border-ink-700 bg-ink-850/60',
      )}
    >
      <div className="flex items-start gap-4">
        <BadgeMedallion badge={badge} earned={earned} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className={cn('font-medium leading-snug', earned ? 'text-bone-50' : 'text-bone-100')}>{badge.name}</h3>
            {badge.isRare && <RareMarker />}
          </div>
          <p className="mt-1 text-sm leading-snug text-bone-400">{badge.description}</p>
        </div>
      </div>
      <div className="mt-auto grid gap-2">
        {earned ? (
          <p className="flex items-center gap-1.5 text-sm text-amber-soft">
            <Check aria-hidden className="size-4" />
            <span>
              Earned <EarnedDate iso={standing.earnedAt} />
            </span>
          </p>
        ) : (
          <>
            <div className="flex items-baseline justify-between text-xs tabular-nums text-bone-400">
              <span>{badgeProgressText(badge, standing.count)}</span>
              <span className="font-medium text-bone-300">{standing.percent}%</span>
            </div>
            <ProgressBar percent={standing.percent} label={`${badge.name} progress`} />
          </>
        )}
        <p className="text-xs text-bone-500">+{formatCount(badge.pointsReward)} pts</p>
      </div>
    </li>
  );
}
