import type { EntitySummary } from '@cinema-dna/shared-types';
import { useReducedMotion } from 'framer-motion';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/button';
import { useConnectionSearch } from '../hooks/use-connection-search';
import { avoidEntity, connectionsState, skipReveal, updateParameters, type SearchRun } from '../store';
import { ConnectionResult } from './connection-result';
import { SearchFrontier } from './search-frontier';

/** Runs `action` in a task after the next frame is painted; returns a cancel. */
function afterNextPaint(action: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(action);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** How much of the result must show above the bottom edge for the page not to scroll to it (px). */
const RESULT_PEEK_PX = 160;

export interface SearchStageProps {
  /** Shows the search only when it was started here. */
  origin: string;
  /** Find New Connection / Try Different Entities; defaults to clearing the search. */
  onReset?: () => void;
  className?: string;
  /** Scroll the stage into view when a search starts here. */
  scrollOnStart?: boolean;
  /** Offer the result page's link (not on the result page itself). */
  permalink?: boolean;
}

/**
 * Where a live search plays out: the frontier growing from both ends, then the path assembling,
 * then the result with its actions (or the no-path and failure messages).
 */
export function SearchStage({ origin, onReset, className, scrollOnStart = true, permalink = true }: SearchStageProps) {
  const { run } = useSnapshot(connectionsState);
  const { run: rerun, cancel } = useConnectionSearch(origin);
  const reduce = useReducedMotion();
  const ref = useRef<HTMLElement>(null);
  const runId = run && run.origin === origin ? run.id : null;

  // The click is answered at once: the stage jumps into view in the same frame that shows "Searching...".
  // A smooth scroll kept it below the fold for 160 ms or more after the click.
  useLayoutEffect(() => {
    if (runId === null || !scrollOnStart) return;
    ref.current?.scrollIntoView({ behavior: 'auto', block: 'start' });
  }, [runId, scrollOnStart]);

  // The answer is in: when its heading is below the fold (phones, where the layers stack), bring it up.
  const phase = run && run.origin === origin ? run.phase : null;
  const resultRef = useRef<HTMLDivElement>(null);
  // The search ends while watched: focus goes to the answer (a keyboard user goes on from there). Once the
  // answer is on screen, not in the task that has just drawn it: focusing needs the page's layout, and asking
  // for it there added the whole result's layout to that task (a long task on a phone).
  const lastPhase = useRef(phase);
  useEffect(() => {
    const before = lastPhase.current;
    lastPhase.current = phase;
    if (before !== 'searching' || (phase !== 'found' && phase !== 'not-found')) return;
    return afterNextPaint(() => resultRef.current?.focus({ preventScroll: true }));
  }, [phase]);
  useEffect(() => {
    if (!scrollOnStart || (phase !== 'found' && phase !== 'not-found')) return;
    const top = resultRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top > window.innerHeight - RESULT_PEEK_PX) resultRef.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [phase, runId, scrollOnStart, reduce]);

  if (!run || run.origin !== origin) return null;
  const current = run as SearchRun;
  const reset = onReset ?? cancel;

  function handleAvoid(entity: EntitySummary) {
    avoidEntity(entity);
    rerun(current.from, current.to, { failureTitle: current.failureTitle });
  }

  /** The same search with a wider limit; the Settings panel keeps it for the next search too. */
  function handleSearchWider(maxDegrees: number) {
    updateParameters({ maxDegrees });
    rerun(current.from, current.to, { parameters: { ...(current.parameters as SearchRun['parameters']), maxDegrees }, failureTitle: current.failureTitle });
  }

  return (
    <section
      ref={ref}
      aria-label="Connection search"
      className={className}
      data-testid="search-stage"
      data-phase={current.phase}
      data-first-progress-ms={current.timing.firstProgressMs ?? undefined}
      data-result-ms={current.timing.resultMs ?? undefined}
    >
      <div className="grid gap-8">
        <SearchFrontier run={current} onSkip={skipReveal} />
        {current.phase === 'failed' ? (
          <div role="alert" className="flex flex-col items-center gap-4 rounded-3xl border border-scarlet/30 bg-scarlet/5 px-6 py-8 text-center">
            <AlertTriangle aria-hidden className="size-8 text-scarlet" strokeWidth={1.5} />
            <div>
              <h2 className="font-display text-2xl font-medium text-bone-50">{current.failureTitle}</h2>
              <p className="mt-2 text-bone-300">{current.error}</p>
            </div>
            <Button variant="secondary" onClick={() => rerun(current.from, current.to, { parameters: current.parameters as SearchRun['parameters'], failureTitle: current.failureTitle })}>
              <RotateCcw aria-hidden className="size-4" />
              Try again
            </Button>
          </div>
        ) : (
          current.result && (
            <div ref={resultRef} tabIndex={-1} role="group" aria-label="Search result" className="scroll-mt-24 rounded-2xl">
              <ConnectionResult
                key={current.id}
                from={current.from}
                to={current.to}
                result={current.result}
                parameters={current.parameters}
                complete={current.phase !== 'searching'}
                revealedSteps={current.revealedSteps}
                permalink={permalink}
                onFindNew={reset}
                onTryDifferent={reset}
                onAvoid={handleAvoid}
                onSearchWider={handleSearchWider}
              />
            </div>
          )
        )}
      </div>
    </section>
  );
}
