import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { connectionsState } from '../store';
import type { SearchStageProps } from './search-stage';

/**
 * The live search's stage (frontier, path, result and their motion) is its own chunk: a first visit
 * does not download it. The finder fetches it as soon as someone starts picking, so it is normally
 * there before the first search starts.
 */
const loadStage = () => import('./search-stage');
const StageView = lazy(() => loadStage().then((module) => ({ default: module.SearchStage })));

/** Fetches the stage's code ahead of the first search (on focus or pointer in the finder). */
export function preloadSearchStage(): void {
  void loadStage();
}

/** Shows the search started at `origin`: the stage, or a "Searching..." line while its code arrives. */
export function SearchStage(props: SearchStageProps) {
  const { run } = useSnapshot(connectionsState);
  if (!run || run.origin !== props.origin) return null;
  return (
    <Suspense fallback={<StageLoading className={props.className} scrollOnStart={props.scrollOnStart ?? true} />}>
      <StageView {...props} />
    </Suspense>
  );
}

function StageLoading({ className, scrollOnStart }: { className?: string; scrollOnStart: boolean }) {
  const ref = useRef<HTMLElement>(null);
  // Answered at once, as the stage itself does: the click jumps to where the search will play.
  useLayoutEffect(() => {
    if (scrollOnStart) ref.current?.scrollIntoView({ behavior: 'auto', block: 'start' });
  }, [scrollOnStart]);
  return (
    <section ref={ref} aria-label="Connection search" aria-busy="true" className={className}>
      <p role="status" className="flex items-center gap-3 text-bone-300">
        <span aria-hidden className="inline-block size-5 animate-spin rounded-full border-2 border-ink-600 border-t-amber-glow motion-reduce:animate-none" />
        Searching...
      </p>
    </section>
  );
}
