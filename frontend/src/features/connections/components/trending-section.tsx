import type { EntitySummary, TrendingConnection } from '@cinema-dna/shared-types';
import { useId } from 'react';
import { ArrowRight, TrendingUp } from 'lucide-react';
import { describeEntity, EntityImage } from '../../entities';
import { Badge } from '../../../ui/badge';
import { Skeleton } from '../../../ui/skeleton';
import { plural } from '../../../lib/number-format';
import { useTrending } from '../api/get-trending';
import { preloadSearchStage } from './lazy-search-stage';

/** Loading placeholders shown while trending loads (spec §9). */
const PLACEHOLDERS = 6;

/** Trending Connections: the most searched pairs; clicking one runs that search. */
export function TrendingGrid({ onRun }: { onRun: (from: EntitySummary, to: EntitySummary) => void }) {
  const trending = useTrending();

  if (trending.isPending) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading trending connections">
        {Array.from({ length: PLACEHOLDERS }, (_, i) => (
          <li key={i} className="rounded-2xl border border-ink-700 bg-ink-850/60 p-5" data-testid="trending-placeholder">
            <div className="flex justify-between">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-4 w-24" />
            </div>
            <div className="mt-5 flex items-center gap-3">
              <Skeleton className="size-11 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </div>
            <div className="mt-3 flex items-center gap-3">
              <Skeleton className="size-11 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (trending.isError) return <p className="rounded-2xl border border-ink-700 bg-ink-850/40 px-5 py-8 text-center text-bone-400">Unable to load trending data at the moment.</p>;
  if (trending.data.length === 0) return <p className="rounded-2xl border border-dashed border-ink-700 px-5 py-8 text-center text-bone-400">No trending connections available.</p>;

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {trending.data.map((connection) => (
        <li key={connection.id}>
          <TrendingCard connection={connection} onRun={onRun} />
        </li>
      ))}
    </ul>
  );
}

function TrendingCard({ connection, onRun }: { connection: TrendingConnection; onRun: (from: EntitySummary, to: EntitySummary) => void }) {
  const { fromEntity, toEntity, degrees, searchCount } = connection;
  const statsId = useId();
  // Named by what it shows ("Find the connection between A and B"), the figures read as its description.
  return (
    <button
      type="button"
      onClick={() => onRun(fromEntity, toEntity)}
      onFocus={preloadSearchStage}
      onPointerEnter={preloadSearchStage}
      aria-describedby={statsId}
      className="group h-full w-full rounded-2xl border border-ink-700 bg-ink-850/60 p-5 text-left transition-[border-color,background-color,transform] duration-200 hover:-translate-y-0.5 hover:border-amber-glow/50 hover:bg-ink-850"
    >
      <div id={statsId} aria-hidden className="flex items-center justify-between gap-3">
        <Badge tone="amber">{degrees === null ? 'No path' : plural(degrees, 'degree')}</Badge>
        <span className="inline-flex items-center gap-1.5 text-xs text-bone-400 tabular-nums">
          <TrendingUp aria-hidden className="size-3.5 text-amber-glow" />
          {plural(searchCount, 'search', 'searches')}
        </span>
      </div>
      <div className="mt-4 grid gap-2.5">
        <span className="sr-only">Find the connection between</span>
        <TrendingEntity entity={fromEntity} />
        <div className="flex items-center gap-2 pl-4 text-bone-500">
          <span aria-hidden className="h-4 w-px bg-ink-600" />
          <ArrowRight aria-hidden className="size-3.5 rotate-90 text-amber-glow/70 transition-transform group-hover:translate-y-0.5" />
          <span className="sr-only">and</span>
        </div>
        <TrendingEntity entity={toEntity} />
      </div>
    </button>
  );
}

function TrendingEntity({ entity }: { entity: EntitySummary }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <EntityImage entity={entity} size="w92" className={entity.type === 'person' ? 'size-10 shrink-0 rounded-full' : 'h-12 w-9 shrink-0 rounded-md'} alt="" />
      <div className="min-w-0">
        <p className="truncate font-medium text-bone-50">{entity.name}</p>
        <p aria-hidden className="truncate text-xs text-bone-500">
          {describeEntity(entity)}
        </p>
      </div>
    </div>
  );
}
