import type { ChallengeReveal } from '@cinema-dna/shared-types';
import { Eye, Star } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import type { Snapshot } from 'valtio';
import { plural } from '../../../lib/number-format';
import { ChainLine } from './chain-line';
import { ProgressMeter } from './progress-meter';

/** The reveal: optimal chains (up to REVEAL_MAX_CHAINS), the ones solvers found first, each with the share of solvers who found it; the player's own is marked. */
export function RevealChains({ reveal }: { reveal: Snapshot<ChallengeReveal> }) {
  const hidden = reveal.optimalChains - reveal.chains.length;
  return (
    <section aria-labelledby="reveal-heading" className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6" data-testid="reveal">
      <div className="flex items-center gap-2">
        <Eye aria-hidden className="size-4 text-amber-glow" />
        <h2 id="reveal-heading" className="font-display text-xl font-medium text-bone-50">
          The optimal chains
        </h2>
      </div>
      <p className="mt-1 text-sm text-bone-400">
        {reveal.optimalChains === 1 ? 'One chain' : `${plural(reveal.optimalChains, 'chain')}`} of {plural(reveal.par, 'link')} (par) {reveal.optimalChains === 1 ? 'exists' : 'exist'}.
        {hidden > 0 && ` The ${reveal.chains.length} found most often are shown.`}
      </p>
      <ol className="mt-5 grid gap-4">
        {reveal.chains.map((chain, index) => (
          <li
            key={index}
            className={cn('grid gap-2 rounded-xl border p-3.5', chain.yours ? 'border-amber-glow/60 bg-amber-glow/5' : 'border-ink-700 bg-ink-900/60')}
            data-testid="reveal-chain"
            data-yours={chain.yours ? 'true' : undefined}
          >
            {chain.yours && (
              <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-[0.16em] text-amber-glow">
                <Star aria-hidden className="size-3.5" />
                Your chain
              </p>
            )}
            <ChainLine path={chain.path} label={chain.yours ? `Optimal chain ${index + 1}, your chain` : `Optimal chain ${index + 1}`} />
            <div className="flex items-center gap-3">
              <ProgressMeter value={chain.foundByPercent} max={100} label={`Found by ${chain.foundByPercent}% of solvers`} className="flex-1" tone="live" />
              <span className="shrink-0 text-right text-xs tabular-nums text-bone-400">found by {chain.foundByPercent}%</span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
