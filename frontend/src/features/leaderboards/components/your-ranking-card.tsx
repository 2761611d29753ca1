import { Globe, Sparkles, CalendarDays, type LucideIcon } from 'lucide-react';
import { formatCount } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { useMyRank } from '../api/get-my-rank';

function Figure({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <dt className="flex items-center gap-1.5 text-[11px] font-semibold uppercase tracking-[0.14em] text-bone-500">
        <Icon aria-hidden className="size-3.5 text-amber-glow" />
        {label}
      </dt>
      <dd className="font-display text-2xl font-medium tabular-nums text-bone-50 sm:text-3xl">{value}</dd>
    </div>
  );
}

const rankText = (rank: number | null) => (rank === null ? 'Unranked' : `#${formatCount(rank)}`);

/** Spec §2 'Your ranking': the signed-in user's global rank, weekly rank and points. */
export function YourRankingCard() {
  const rank = useMyRank();
  return (
    <section aria-labelledby="your-ranking-title" className="rounded-2xl border border-amber-glow/25 bg-[linear-gradient(120deg,rgba(242,176,74,0.08),transparent_60%)] bg-ink-850 p-5 sm:p-6" data-testid="your-ranking">
      <h2 id="your-ranking-title" className="font-display text-xl font-medium text-bone-50">
        Your ranking
      </h2>
      {rank.isError ? (
        <p className="mt-3 text-sm text-bone-400">Your ranking could not be loaded ({rank.error.message}).</p>
      ) : rank.data ? (
        <>
          <dl className="mt-4 grid grid-cols-3 gap-4">
            <Figure icon={Globe} label="Global rank" value={rankText(rank.data.globalRank)} />
            <Figure icon={CalendarDays} label="Weekly rank" value={rankText(rank.data.weeklyRank)} />
            <Figure icon={Sparkles} label="Points" value={formatCount(rank.data.points)} />
          </dl>
          {rank.data.degraded && (
            <p role="status" className="mt-3 text-xs text-bone-400" data-testid="rank-degraded">
              Live ranks are unavailable right now: these are the last known, and may be behind.
            </p>
          )}
        </>
      ) : (
        <div aria-busy="true" aria-label="Loading your ranking" className="mt-4 grid grid-cols-3 gap-4">
          {[0, 1, 2].map((cell) => (
            <div key={cell} className="grid gap-2">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-8 w-16" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
