import type { ChallengeStats } from '@cinema-dna/shared-types';
import { Coins, Flame, Percent, Trophy, type LucideIcon } from 'lucide-react';
import { formatCount, plural } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { formatDuration } from '../lib/countdown-format';

function StatCard({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: string; note: string }) {
  return (
    <div className="flex flex-col rounded-2xl border border-ink-700 bg-ink-850/70 p-4 sm:p-5" data-testid="challenge-stat-card">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.14em] text-bone-400">
        <Icon aria-hidden className="size-4 text-amber-glow" />
        {label}
      </dt>
      <dd className="mt-3 grid gap-1">
        <span className="font-display text-3xl font-medium tabular-nums tracking-tight text-bone-50 sm:text-4xl">{value}</span>
        <span className="text-xs text-bone-500">{note}</span>
      </dd>
    </div>
  );
}

/** The Challenges page's four stat cards: completed, success rate and times, the streak, points and rank. */
export function ChallengeStatsCards({ stats }: { stats: ChallengeStats }) {
  const times = [stats.averageTime !== null && `avg ${formatDuration(stats.averageTime)}`, stats.bestTime !== null && `best ${formatDuration(stats.bestTime)}`].filter(Boolean).join(' · ');
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard icon={Trophy} label="Completed" value={formatCount(stats.completed)} note={`${plural(stats.successfulAttempts, 'successful attempt')}`} />
      <StatCard icon={Percent} label="Success rate" value={`${stats.successRate}%`} note={times || 'no solves yet'} />
      <StatCard icon={Flame} label="Streak" value={plural(stats.currentStreak, 'day')} note={`longest ${plural(stats.longestStreak, 'day')}`} />
      <StatCard icon={Coins} label="Points" value={formatCount(stats.totalPointsEarned)} note={stats.rank === null ? 'not on Challenge Masters yet' : `rank #${stats.rank} on Challenge Masters`} />
    </dl>
  );
}

export function ChallengeStatsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your challenge stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {[0, 1, 2, 3].map((card) => (
        <Skeleton key={card} className="h-28 rounded-2xl sm:h-32" />
      ))}
    </div>
  );
}
