import type { LeaderboardMetric, LeaderboardRow } from '@cinema-dna/shared-types';
import { LayoutGroup, motion } from 'framer-motion';
import { Award, Link2 } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { formatCount } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { describeChange, formatChange, formatScore } from '../lib/score-format';

/** Spec §9: ten placeholder rows while a board loads. */
export const SKELETON_ROWS = 10;

const GRID = 'grid grid-cols-[2.75rem_minmax(0,1fr)_auto] items-center gap-x-3 sm:grid-cols-[3.5rem_minmax(0,1fr)_5.5rem_6rem_5rem_4.5rem] sm:gap-x-4';

function ChangeMark({ change }: { change: number }) {
  return (
    <span
      className={cn('tabular-nums text-xs font-medium', change > 0 ? 'text-live' : change < 0 ? 'text-scarlet' : 'text-bone-500')}
      title={describeChange(change)}
      aria-label={describeChange(change)}
      data-testid="rank-change"
    >
      {formatChange(change)}
    </span>
  );
}

function RankCell({ rank }: { rank: number }) {
  const medal = rank === 1 ? 'text-amber-glow' : rank === 2 ? 'text-bone-300' : rank === 3 ? 'text-amber-deep' : 'text-bone-400';
  return <span className={cn('font-display text-xl font-medium tabular-nums', medal)}>{rank}</span>;
}

/** The column titles, on screens wide enough for columns. */
function HeaderRow({ scoreLabel }: { scoreLabel: string }) {
  return (
    <div aria-hidden className={cn(GRID, 'hidden px-4 pb-2 text-[11px] font-semibold uppercase tracking-[0.14em] text-bone-500 sm:grid sm:px-5')}>
      <span>Rank</span>
      <span>Player</span>
      <span className="text-right">{scoreLabel}</span>
      <span className="text-right">Connections</span>
      <span className="text-right">Badges</span>
      <span className="text-right">Today</span>
    </div>
  );
}

interface LeaderboardRowsProps {
  rows: readonly LeaderboardRow[];
  metric: LeaderboardMetric;
  scoreLabel: string;
  /** The signed-in user's id, whose row is marked. */
  meId?: number;
}

/**
 * The ranked rows. Each row is keyed by its player and laid out by framer-motion, so when a board is
 * read again after `leaderboard:changed` a player who climbed slides to their new place (reduced
 * motion: the MotionConfig at the root drops the slide and rows simply take their places).
 */
export function LeaderboardRows({ rows, metric, scoreLabel, meId }: LeaderboardRowsProps) {
  return (
    <div>
      <HeaderRow scoreLabel={scoreLabel} />
      <LayoutGroup>
        <ol aria-label="Rankings" className="grid gap-1.5">
          {rows.map((row) => {
            const me = row.id === meId;
            return (
              <motion.li
                layout="position"
                key={row.id}
                transition={{ type: 'spring', stiffness: 420, damping: 38 }}
                aria-label={`${row.rank}. ${row.displayName}`}
                data-testid="leaderboard-row"
                data-user-id={row.id}
                data-rank={row.rank}
                className={cn(GRID, 'rounded-xl px-4 py-3 ring-1 ring-inset sm:px-5', me ? 'bg-amber-glow/8 ring-amber-glow/35' : 'bg-ink-850/70 ring-ink-700')}
              >
                <RankCell rank={row.rank} />
                <div className="min-w-0">
                  <p className="flex items-center gap-2 truncate font-medium text-bone-50">
                    <span className="truncate">{row.displayName}</span>
                    {me && <span className="shrink-0 rounded-full bg-amber-glow/15 px-1.5 text-[10px] font-semibold uppercase tracking-wider text-amber-soft">You</span>}
                  </p>
                  {/* On your own amber-tinted row the sub-line is lighter, to keep its contrast. */}
                  <p className={cn('truncate text-xs', me ? 'text-bone-400' : 'text-bone-500')}>
                    @{row.username} · Level {row.level}
                    {/* Phones have no columns: the counts ride under the name. */}
                    <span className="sm:hidden">
                      {' '}
                      · <Link2 aria-hidden className="inline size-3" /> {formatCount(row.connectionsFound)} · <Award aria-hidden className="inline size-3" /> {formatCount(row.badgeCount)}
                    </span>
                  </p>
                </div>
                <div className="text-right">
                  <p className="font-display text-lg font-medium tabular-nums text-bone-50" data-testid="row-score">
                    {formatScore(row.score, metric)}
                  </p>
                  <p className="sm:hidden">
                    <ChangeMark change={row.change} />
                  </p>
                </div>
                <span className="hidden text-right text-sm tabular-nums text-bone-300 sm:block" title="Connections found">
                  {formatCount(row.connectionsFound)}
                </span>
                <span className="hidden text-right text-sm tabular-nums text-bone-300 sm:block" title="Badges">
                  {formatCount(row.badgeCount)}
                </span>
                <span className="hidden text-right sm:block">
                  <ChangeMark change={row.change} />
                </span>
              </motion.li>
            );
          })}
        </ol>
      </LayoutGroup>
    </div>
  );
}

/** Spec §2: ten skeleton rows while the board loads. */
export function LeaderboardSkeleton() {
  return (
    <ol aria-busy="true" aria-label="Loading rankings" className="grid gap-1.5">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <li key={index} data-testid="leaderboard-skeleton-row" className={cn(GRID, 'rounded-xl bg-ink-850/50 px-4 py-3.5 ring-1 ring-inset ring-ink-800 sm:px-5')}>
          <Skeleton className="h-6 w-6" />
          <div className="grid gap-1.5">
            <Skeleton className="h-4 w-36 max-w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="ml-auto h-5 w-14" />
          <Skeleton className="ml-auto hidden h-4 w-10 sm:block" />
          <Skeleton className="ml-auto hidden h-4 w-8 sm:block" />
          <Skeleton className="ml-auto hidden h-4 w-8 sm:block" />
        </li>
      ))}
    </ol>
  );
}
