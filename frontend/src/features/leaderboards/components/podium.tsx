import type { LeaderboardMetric, LeaderboardRow } from '@cinema-dna/shared-types';
import { motion } from 'framer-motion';
import { Crown } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { formatScore } from '../lib/score-format';

/** Spec §9: the podium needs three rows. */
export const PODIUM_SIZE = 3;

const STEPS = [
  { place: 1, order: 'order-2', height: 'h-28 sm:h-36', tone: 'from-amber-glow/30 to-amber-glow/5 ring-amber-glow/45', text: 'text-amber-glow' },
  { place: 2, order: 'order-1', height: 'h-20 sm:h-28', tone: 'from-bone-300/20 to-bone-300/5 ring-bone-300/30', text: 'text-bone-300' },
  { place: 3, order: 'order-3', height: 'h-14 sm:h-20', tone: 'from-amber-deep/25 to-amber-deep/5 ring-amber-deep/40', text: 'text-amber-deep' },
] as const;

/** Two letters for the avatar disc. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('') || '?';

/** The top three, second and third beside the first; ties show their shared rank. Only shown with three rows. */
export function Podium({ rows, metric }: { rows: readonly LeaderboardRow[]; metric: LeaderboardMetric }) {
  if (rows.length < PODIUM_SIZE) return null;
  return (
    <ol aria-label="Top three" className="mx-auto grid max-w-2xl grid-cols-3 items-end gap-2 sm:gap-4" data-testid="podium">
      {STEPS.map((step) => {
        const row = rows[step.place - 1]!;
        return (
          <motion.li layout="position" key={row.id} aria-label={`${row.rank}. ${row.displayName}`} className={cn('flex min-w-0 flex-col items-center', step.order)}>
            {step.place === 1 && <Crown aria-hidden className="mb-1 size-6 text-amber-glow" strokeWidth={1.7} />}
            <span className={cn('grid size-12 place-items-center rounded-full bg-ink-800 font-display text-lg text-bone-50 ring-2 sm:size-16 sm:text-xl', step.place === 1 ? 'ring-amber-glow/70' : 'ring-ink-600')}>
              {initials(row.displayName)}
            </span>
            <p className="mt-2 w-full truncate text-center text-sm font-medium text-bone-50">{row.displayName}</p>
            <p className="text-xs tabular-nums text-bone-400">{formatScore(row.score, metric)}</p>
            <div className={cn('mt-3 flex w-full items-start justify-center rounded-t-xl bg-gradient-to-b pt-3 ring-1 ring-inset', step.height, step.tone)}>
              <span className={cn('font-display text-3xl font-medium tabular-nums sm:text-4xl', step.text)}>{row.rank}</span>
            </div>
          </motion.li>
        );
      })}
    </ol>
  );
}
