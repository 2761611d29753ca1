import { ArrowRight, LoaderCircle, Route } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { EntitySearchBox } from '../../entities';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useConnectionSearch } from '../hooks/use-connection-search';
import { connectionsState, pairProblem, setFromEntity, setToEntity } from '../store';
import { preloadSearchStage } from './lazy-search-stage';

/** The home page's validation toasts (spec §5, home variant). */
export function toastPairProblem(problem: 'missing' | 'same'): void {
  if (problem === 'missing') toast({ title: 'Missing Entities', description: 'Please select both starting and ending entities', variant: 'destructive' });
  else toast({ title: 'Same Entity', description: 'Please select different entities to find connections', variant: 'destructive' });
}

/** Starts a search from the finder's picks, or says what is missing. */
export function useFindFromPicks(origin: string) {
  const { run } = useConnectionSearch(origin);
  return () => {
    const { from, to } = connectionsState;
    const problem = pairProblem(from, to);
    if (problem) {
      toastPairProblem(problem);
      return;
    }
    run(from!, to!);
  };
}

/** The From/To finder: two typeaheads, Find Connection and Clear. */
export function ConnectionFinder({ origin = 'finder', footer }: { origin?: string; footer?: ReactNode }) {
  const { from, to, run } = useSnapshot(connectionsState);
  const { clear } = useConnectionSearch(origin);
  const find = useFindFromPicks(origin);
  const finding = run?.phase === 'searching';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    find();
  }

  return (
    <form
      onSubmit={handleSubmit}
      // Picking has started: fetch the search stage's code now, so the search plays at once.
      onFocus={preloadSearchStage}
      onPointerEnter={preloadSearchStage}
      aria-label="Find a connection"
      className="relative rounded-[1.75rem] border border-ink-700 bg-ink-850/80 p-4 text-left shadow-[0_40px_120px_-40px_rgba(0,0,0,0.9),inset_0_1px_0_rgba(255,255,255,0.04)] backdrop-blur sm:p-6"
    >
      <div className="grid items-end gap-3 md:grid-cols-[1fr_auto_1fr] md:gap-4">
        <EntitySearchBox label="From" placeholder="An actor, a film, a genre…" value={from} onChange={setFromEntity} />
        <div aria-hidden className="hidden h-13 items-center justify-center md:flex">
          <span className="flex size-9 items-center justify-center rounded-full border border-ink-600 bg-ink-900 text-amber-glow">
            <Route className="size-4" />
          </span>
        </div>
        <EntitySearchBox label="To" placeholder="…and where it should end" value={to} onChange={setToEntity} />
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-bone-500">{footer}</div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button type="button" variant="secondary" size="lg" onClick={clear}>
            Clear
          </Button>
          <Button type="submit" size="lg" className="whitespace-nowrap" disabled={!from || !to || finding}>
            {finding ? <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" /> : null}
            {finding ? 'Finding Connection...' : 'Find Connection'}
            {!finding && <ArrowRight aria-hidden className="size-4" />}
          </Button>
        </div>
      </div>
    </form>
  );
}
