import { plural } from '@cinema-dna/shared-types';
import { Award, Gem, PieChart, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/number-format';
import type { BadgeSummary } from '../lib/badge-collection';
import { ProgressBar } from './progress-bar';

function SummaryCard({ icon: Icon, label, value, note, children }: { icon: LucideIcon; label: string; value: string; note: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col rounded-2xl border border-ink-700 bg-ink-850/70 p-4 sm:p-5" data-testid="badge-summary-card">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.14em] text-bone-400">
        <Icon aria-hidden className="size-4 text-amber-glow" />
        {label}
      </dt>
      <dd className="mt-3 grid gap-1">
        <span className="font-display text-3xl font-medium tabular-nums tracking-tight text-bone-50 sm:text-4xl">{value}</span>
        <span className="text-xs text-bone-500">{note}</span>
        {children}
      </dd>
    </div>
  );
}

/** Spec §2: Badges Earned, Badge Points, Rare Badges and the Collection percent. */
export function BadgeSummaryCards({ summary }: { summary: BadgeSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <SummaryCard icon={Award} label="Badges Earned" value={formatCount(summary.earned)} note={`of ${plural(summary.total, 'badge')}`} />
      <SummaryCard icon={Sparkles} label="Badge Points" value={formatCount(summary.badgePoints)} note="points from badges" />
      <SummaryCard icon={Gem} label="Rare Badges" value={formatCount(summary.rareEarned)} note={`of ${formatCount(summary.rareTotal)} rare`} />
      <SummaryCard icon={PieChart} label="Collection" value={`${summary.collectionPercent}%`} note="of the collection">
        <ProgressBar percent={summary.collectionPercent} label="Collection complete" className="mt-1.5" />
      </SummaryCard>
    </dl>
  );
}
