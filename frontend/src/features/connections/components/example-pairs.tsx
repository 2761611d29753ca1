import type { EntitySummary } from '@cinema-dna/shared-types';
import { useQueries } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { entitySearchKey, searchEntities } from '../../entities';
import { useConnectionSearch } from '../hooks/use-connection-search';
import { setPair } from '../store';
import { preloadSearchStage } from './lazy-search-stage';

/** Pairs offered as examples; each is shown only when both names exist in the loaded catalog. */
export const EXAMPLE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['Kevin Bacon', 'Tom Hanks'],
  ['Meryl Streep', 'Keanu Reeves'],
  ['Shah Rukh Khan', 'Tom Cruise'],
];

const NAMES = [...new Set(EXAMPLE_PAIRS.flat())];

/**
 * Each name's look-up: its key in the query cache (the typeahead's, so typing a name finds it there) and the
 * search it runs. The server's first paint of / fills them (src/entry-server.tsx).
 */
export function exampleLookups() {
  return NAMES.map((name) => {
    const input = { q: name, type: 'person', limit: 5 } as const;
    return { queryKey: entitySearchKey(input), input };
  });
}

/** Three example pairs: a click fills the finder and runs the search. */
export function ExamplePairs({ origin = 'finder' }: { origin?: string }) {
  const { run } = useConnectionSearch(origin);
  const lookups = useQueries({
    queries: exampleLookups().map(({ queryKey, input }) => ({
      queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => searchEntities(input, signal),
      // The catalog's names, not a visitor's typing: what the first paint brought stays good.
      staleTime: Infinity,
    })),
  });
  const byName = new Map<string, EntitySummary>();
  NAMES.forEach((name, index) => {
    const match = lookups[index]?.data?.find((entity) => entity.name.toLowerCase() === name.toLowerCase());
    if (match) byName.set(name, match);
  });
  const pairs = EXAMPLE_PAIRS.map(([a, b]) => [byName.get(a), byName.get(b)] as const).filter((pair): pair is readonly [EntitySummary, EntitySummary] => Boolean(pair[0] && pair[1]));
  // While the names are looked up the row keeps its place (one line of pills), so the page does not jump.
  const settled = lookups.every((lookup) => !lookup.isPending);
  if (settled && pairs.length === 0) return null;
  if (pairs.length === 0) return <div aria-hidden className="min-h-[4.25rem] sm:min-h-[2.25rem]" />;

  return (
    <div className="flex flex-wrap items-center justify-center gap-2" onFocus={preloadSearchStage} onPointerEnter={preloadSearchStage}>
      <span className="inline-flex basis-full items-center justify-center gap-1.5 text-xs font-semibold uppercase tracking-[0.18em] text-bone-500 sm:mr-1 sm:basis-auto">
        <Sparkles aria-hidden className="size-3.5 text-amber-glow" />
        Try an example
      </span>
      {pairs.map(([from, to]) => (
        <button
          key={`${from.key}-${to.key}`}
          type="button"
          onClick={() => {
            setPair(from, to);
            run(from, to);
          }}
          className="inline-flex items-center gap-2 rounded-full border border-ink-600 bg-ink-900/70 px-3.5 py-1.5 text-sm text-bone-200 transition-colors hover:border-amber-glow/60 hover:text-bone-50"
        >
          {from.name}
          <span aria-hidden className="text-amber-glow">
            ↔
          </span>
          <span className="sr-only">and</span>
          {to.name}
        </button>
      ))}
    </div>
  );
}
