import { plural } from '@cinema-dna/shared-types';
import type { AttemptState } from '@cinema-dna/shared-types';
import { motion, useReducedMotion } from 'framer-motion';
import { Link } from 'react-router-dom';
import type { Snapshot } from 'valtio';
import { buttonClasses } from '../../../ui/button';
import { CircleCheck, CircleX, Coins, Footprints, Link2, Timer } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { chainToPath } from '../lib/chain-path';
import { CHALLENGE_COMPLETED_TITLE, CHALLENGE_FAILED_FALLBACK, CHALLENGE_FAILED_TITLE, ENDINGS } from '../lib/attempt-texts';
import { formatDuration } from '../lib/countdown-format';
import { ChainLine } from './chain-line';
import { CopyButton } from './copy-button';
import { RevealChains } from './reveal-chains';
import { StatTile } from './stat-tile';

/** The end screen: success or failure, degrees against par, time, moves, points, the message, share text and the reveal. */
export function AttemptResultView({ attempt }: { attempt: Snapshot<AttemptState> }) {
  const reduce = useReducedMotion();
  const result = attempt.result;
  if (!result) return null;
  const { success } = result;
  const Icon = success ? CircleCheck : CircleX;
  return (
    <div className="grid gap-6" data-testid="attempt-result">
      <motion.section
        initial={reduce ? false : { opacity: 0, y: 16 }}
        animate={{ opacity: 1, y: 0 }}
        className={cn('rounded-2xl border p-5 sm:p-7', success ? 'border-amber-glow/50 bg-amber-glow/5' : 'border-scarlet/40 bg-scarlet/5')}
        aria-labelledby="result-heading"
      >
        <div className="flex items-start gap-3">
          <Icon aria-hidden className={cn('mt-1 size-7 shrink-0', success ? 'text-amber-glow' : 'text-scarlet')} />
          <div className="min-w-0">
            <h2 id="result-heading" tabIndex={-1} className="font-display text-3xl font-medium tracking-tight text-bone-50">
              {success ? CHALLENGE_COMPLETED_TITLE : CHALLENGE_FAILED_TITLE}
            </h2>
            <p className="mt-1 text-bone-300" data-testid="result-message">
              {!success && ENDINGS[attempt.status] && <span className="mr-1">{ENDINGS[attempt.status]}</span>}
              {result.message || (success ? '' : CHALLENGE_FAILED_FALLBACK)}
            </p>
            {!success && (
              <p className="mt-1 text-sm text-bone-500" data-testid="answer-seen">
                The answer is below, so this challenge pays you no more points.
              </p>
            )}
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
          <StatTile icon={Link2} label="Degrees" value={result.degrees === null ? '—' : result.degrees} note={`par ${result.par}${result.degrees !== null && result.degrees === result.par ? ' · optimal' : ''}`} />
          <StatTile icon={Timer} label="Time" value={formatDuration(result.timeTaken)} />
          <StatTile icon={Footprints} label="Moves" value={result.moves} note={result.hintsUsed ? plural(result.hintsUsed, 'hint') : 'no hints'} />
          <StatTile icon={Coins} label="Points" value={`+${result.points}`} />
        </dl>
        <div className="mt-6 grid gap-2">
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Your chain</p>
          <ChainLine path={chainToPath(attempt.chain)} label="Your chain" />
        </div>
      </motion.section>

      <section aria-labelledby="share-heading" className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="share-heading" className="font-display text-xl font-medium text-bone-50">
            Share your result
          </h2>
          <CopyButton text={result.shareText} label="Copy Text" />
        </div>
        <pre className="mt-4 whitespace-pre-wrap break-words rounded-xl bg-ink-950/70 p-4 font-sans text-sm leading-relaxed text-bone-100 ring-1 ring-inset ring-ink-700" data-testid="share-text">
          {result.shareText}
        </pre>
        <p className="mt-2 text-xs text-bone-500">No spoilers: the text shows how you did, not which names you used.</p>
      </section>

      <RevealChains reveal={result.reveal} />
      <div className="flex flex-wrap gap-3">
        <Link to="/challenges" className={buttonClasses('primary')}>
          Back to challenges
        </Link>
        <Link to="/challenges?tab=all" className={buttonClasses('secondary')}>
          More challenges
        </Link>
      </div>
    </div>
  );
}
