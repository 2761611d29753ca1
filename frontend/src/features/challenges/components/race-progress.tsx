import type { RacePlayer } from '@cinema-dna/shared-types';
import { motion, useReducedMotion } from 'framer-motion';
import { CircleCheck, Crown, Flag, WifiOff } from 'lucide-react';
import type { Snapshot } from 'valtio';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { ProgressMeter } from './progress-meter';

const STATUS_TEXT: Record<NonNullable<RacePlayer['status']>, string> = {
  playing: 'racing',
  solved: 'solved',
  gave_up: 'gave up',
  timed_out: 'out of time',
  out_of_moves: 'out of moves',
};

/**
 * Everyone's progress while racing: links so far against par, never which entities. Rows move as the
 * order changes (solved first, then the most links).
 */
export function RaceProgressBoard({ players, par, meId }: { players: Snapshot<RacePlayer[]>; par: number | null; meId: number | undefined }) {
  const reduce = useReducedMotion();
  const ordered = [...players].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || b.links - a.links);
  const scale = Math.max(par ?? 1, ...players.map((player) => player.links), 1);
  return (
    <section aria-labelledby="race-progress-title" className="rounded-2xl border border-ink-700 bg-ink-850/70 p-4 sm:p-5">
      <h2 id="race-progress-title" className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-400">
        Progress
      </h2>
      <ol className="mt-3 grid gap-3">
        {ordered.map((player) => (
          <motion.li key={player.userId} layout={!reduce} className="grid gap-1.5" data-testid="race-progress-row" data-user-id={player.userId}>
            <div className="flex items-center gap-2 text-sm">
              <span className={cn('min-w-0 flex-1 truncate font-medium', player.userId === meId ? 'text-amber-soft' : 'text-bone-100')}>
                {player.displayName}
                {player.userId === meId && <span className="text-bone-500"> (you)</span>}
              </span>
              {player.isHost && <Crown aria-label="Host" className="size-3.5 text-amber-glow" />}
              {!player.connected && <WifiOff aria-label="Away" className="size-3.5 text-bone-500" />}
              {player.status === 'solved' ? (
                <span className="flex items-center gap-1 text-xs font-medium text-live">
                  <CircleCheck aria-hidden className="size-3.5" />
                  {player.rank !== null ? `#${player.rank}` : 'solved'}
                </span>
              ) : player.status && player.status !== 'playing' ? (
                <span className="flex items-center gap-1 text-xs text-bone-500">
                  <Flag aria-hidden className="size-3" />
                  {STATUS_TEXT[player.status]}
                </span>
              ) : null}
              <span className="w-16 text-right text-xs tabular-nums text-bone-400">{plural(player.links, 'link')}</span>
            </div>
            <ProgressMeter value={player.links} max={scale} label={`${player.displayName}: ${plural(player.links, 'link')}`} tone={player.status === 'solved' ? 'live' : player.status && player.status !== 'playing' ? 'muted' : 'amber'} />
          </motion.li>
        ))}
      </ol>
      {par !== null && <p className="mt-3 text-xs text-bone-500">Par is {plural(par, 'link')}.</p>}
    </section>
  );
}
