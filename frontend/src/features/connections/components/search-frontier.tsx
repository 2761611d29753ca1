import type { EntitySummary } from '@cinema-dna/shared-types';
import { m, useReducedMotion } from 'framer-motion';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Database, FastForward, Radio, Waypoints } from 'lucide-react';
import { describeEntity, EntityImage, EntityTypeIcon } from '../../entities';
import { cn } from '../../../lib/class-names';
import { formatCount, plural } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { LiveRegion, useAnnouncer } from '../../../ui/live-region';
import type { FrontierLayer, SearchRun } from '../store';
import { TickingNumber } from './ticking-number';
import { MotionFeatures } from '../../../ui/motion-features';

const RUN_VIEW_FIELDS = ['from', 'to', 'layers', 'phase', 'visited', 'edgesScanned', 'elapsedMs', 'result', 'transport', 'replay', 'widened', 'parameters'] as const;
type RunView = Pick<SearchRun, (typeof RUN_VIEW_FIELDS)[number]>;
type SearchFrontierProps = { run: RunView; /** Skip: show the result at once (offered while the reveal plays). */ onSkip?: () => void };

/** Sampled entities per layer shown on phones, where layers stack. */
const MOBILE_SAMPLE = 4;

/** Server compute time: "0.8 ms", "14 ms", "2.4 s". */
function formatElapsed(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The search as it runs: both ends, and the layers of the frontier growing out from each of them
 * (from on the left, to on the right; stacked on phones), each with the sampled entities of that layer.
 */
function SearchFrontierView({ run, onSkip }: SearchFrontierProps) {
  const reduce = useReducedMotion();
  // A layer that reached nothing new (the sides met) has nothing to draw.
  const drawn = run.layers.filter((layer) => layer.frontierSize > 0 || layer.sample.length > 0);
  const fromLayers = drawn.filter((layer) => layer.side === 'from');
  const toLayers = drawn.filter((layer) => layer.side === 'to');
  const pathKeys = new Set(run.result?.path.map((step) => step.entity.key) ?? []);
  const searching = run.phase === 'searching' && !run.result;
  const met = Boolean(run.result?.found);
  // The answer came from the cache: its stored layers are being (or were) replayed.
  const cached = run.replay || Boolean(run.result?.cached);
  // The result's own header says 'Cached Result' once it is on screen; until then, this one does.
  const replaying = run.replay && run.phase === 'searching';
  const deepest = Math.max(fromLayers.length, toLayers.length, 1);

  // Said through one polite region, throttled (the newest wins): each layer reached, then how the search ended.
  const { message, announce } = useAnnouncer();
  const heard = useRef({ layers: run.layers.length, phase: run.phase });
  useEffect(() => {
    const before = heard.current;
    heard.current = { layers: run.layers.length, phase: run.phase };
    const layer = run.layers[run.layers.length - 1];
    if (before.phase === 'searching' && run.phase !== 'searching') {
      announce(met ? `Both sides met: a chain of ${plural(run.result?.degrees ?? 0, 'link')}.` : run.phase === 'failed' ? 'Search stopped.' : 'Search finished.');
    } else if (layer && run.layers.length > before.layers) {
      const end = layer.side === 'from' ? run.from.name : run.to.name;
      announce(`Layer ${layer.depth} from ${end} reached: ${plural(layer.frontierSize, 'new entity', 'new entities')}.`);
    }
  }, [run.layers, run.phase, run.from.name, run.to.name, run.result?.degrees, met, announce]);
  // An answer with no layers to show: from the cache, or over plain HTTP.
  const quietNote =
    run.result && run.layers.length === 0
      ? run.result.cached
        ? 'Answered from the cache: this search ran before, so the path came straight back without searching again.'
        : run.transport === 'rest'
          ? 'The live connection was not available, so this search ran as a single request and its layers were not streamed.'
          : null
      : null;

  return (
    <div className="relative overflow-hidden rounded-3xl border border-ink-700 bg-ink-950/60 shadow-[inset_0_1px_0_rgba(255,255,255,0.03)]">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgba(242,176,74,0.07),transparent_65%)]" />

      <header className="relative flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-ink-800 px-4 py-3 sm:px-6">
        {/* At least the Skip button's height, so the row does not shrink when Skip goes at the end. */}
        <div className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2">
          <LiveRegion message={message} />
          {/* What sighted users read; screen readers hear the region above (throttled), not every change here. */}
          <p className="flex items-center gap-2.5 text-sm font-medium text-bone-100" data-testid="search-status">
            <span className="relative flex size-2.5">
              {run.phase === 'searching' && <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-glow opacity-60 motion-reduce:animate-none" />}
              <span className={cn('relative inline-flex size-2.5 rounded-full', run.phase === 'searching' ? 'bg-amber-glow' : met ? 'bg-live' : 'bg-bone-500')} />
            </span>
            {replaying
              ? 'Replaying the search...'
              : searching
                ? 'Searching...'
                : run.phase === 'searching'
                  ? 'Discovering...'
                  : run.result?.cached && run.layers.length === 0
                    ? 'Answered from the cache'
                    : met
                      ? 'Both sides met'
                      : run.phase === 'failed'
                        ? 'Search stopped'
                        : 'Search finished'}
            {/* Not on phones: there the badge and Skip beside the line took a second row, which went again with
                Skip at the end and moved the frontier up (a layout shift); the line itself says it is a replay. */}
            {replaying && (
              <span className="ml-1 hidden sm:inline">
                <Badge tone="amber">
                  <Database aria-hidden className="size-3" />
                  Cached Result
                </Badge>
              </span>
            )}
          </p>
          {onSkip && run.phase === 'searching' && (
            <Button variant="secondary" size="sm" className="-my-1 h-7 px-3 text-xs" onClick={onSkip}>
              <FastForward aria-hidden className="size-3.5" />
              Skip
            </Button>
          )}
        </div>
        <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-bone-400">
          {run.result?.cached && run.layers.length === 0 ? (
            <Counter label="Original search time">
              <span className="text-bone-100">{formatElapsed(run.elapsedMs)}</span>
            </Counter>
          ) : (
            <>
              <Counter label="Layers">
                <TickingNumber value={run.layers.length} className="text-bone-100" />
              </Counter>
              <Counter label="Visited">
                <TickingNumber value={run.visited} className="text-bone-100" />
              </Counter>
              <Counter label="Links scanned">
                <TickingNumber value={run.edgesScanned} className="text-bone-100" />
              </Counter>
              <Counter label={cached ? 'Original search time' : 'Server time'}>
                <span className="text-bone-100">{formatElapsed(run.elapsedMs)}</span>
              </Counter>
            </>
          )}
          <div className="inline-flex items-center gap-1 text-bone-500" title={run.transport === 'socket' ? 'Progress streamed live over the socket' : 'Ran as one HTTP request'}>
            <dt className="sr-only">Progress</dt>
            <dd className="inline-flex items-center gap-1">
              <Radio aria-hidden className="size-3" />
              {run.transport === 'socket' ? 'Live' : 'HTTP'}
            </dd>
          </div>
        </dl>
      </header>

      {run.widened && (
        <p className="relative border-b border-ink-800 px-4 py-2 text-xs leading-relaxed text-bone-400 sm:px-6" data-testid="search-widened">
          No chain of cast and filmmakers fits within {plural(run.parameters.maxDegrees, 'degree')}, so the search started again
          through every link: minor crew jobs, genres, keywords, companies and countries.
        </p>
      )}

      <div className={cn('relative flex flex-col gap-3 p-4 md:flex-row md:items-stretch md:gap-0 md:p-6', quietNote ? 'md:min-h-56' : 'md:min-h-72')}>
        <Endpoint entity={run.from} side="from" />
        {quietNote ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-2 text-center md:py-0">
            <Meeting met={met} searching={false} />
            <p className="max-w-sm text-sm leading-relaxed text-bone-400">{quietNote}</p>
          </div>
        ) : (
          <>
            <SideLayers side="from" layers={fromLayers} pathKeys={pathKeys} deepest={deepest} met={met} reduce={Boolean(reduce)} />
            <Meeting met={met} searching={searching} />
            <SideLayers side="to" layers={toLayers} pathKeys={pathKeys} deepest={deepest} met={met} reduce={Boolean(reduce)} />
          </>
        )}
        <Endpoint entity={run.to} side="to" />
      </div>
    </div>
  );
}

function Counter({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1.5 tabular-nums">
      <dt>{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Endpoint({ entity, side }: { entity: EntitySummary; side: 'from' | 'to' }) {
  return (
    <div className={cn('relative flex shrink-0 items-center gap-3 md:w-36 md:flex-col md:justify-center', side === 'to' && 'flex-row-reverse text-right')}>
      <div className="relative">
        <span aria-hidden className="absolute -inset-1.5 rounded-full bg-amber-glow/20 blur-md" />
        <EntityImage entity={entity} size="w185" className="relative size-14 rounded-full ring-2 ring-amber-glow md:size-20" />
      </div>
      {/* From md the name hangs under the portrait, so the portrait sits on the beam whatever the name's length. */}
      <div className="min-w-0 md:absolute md:inset-x-0 md:top-[calc(50%+3.25rem)] md:text-center">
        <p className="text-[10px] font-semibold uppercase tracking-[0.2em] text-amber-glow">{side === 'from' ? 'From' : 'To'}</p>
        <p className="line-clamp-2 font-display text-base font-medium leading-tight text-bone-50">{entity.name}</p>
        <p className="truncate text-xs text-bone-500">{describeEntity(entity)}</p>
      </div>
    </div>
  );
}

function Meeting({ met, searching }: { met: boolean; searching: boolean }) {
  return (
    <div className="flex items-center justify-center md:w-10" aria-hidden data-testid="meeting-point">
      <m.span
        className={cn(
          'flex size-8 items-center justify-center rounded-full border',
          met ? 'border-amber-glow bg-amber-glow text-ink-950 shadow-[0_0_24px_rgba(242,176,74,0.55)]' : 'border-ink-600 bg-ink-900 text-bone-500',
        )}
        animate={searching ? { scale: [1, 1.08, 1] } : { scale: met ? 1.1 : 1 }}
        transition={searching ? { duration: 1.2, repeat: Infinity, ease: 'easeInOut' } : { type: 'spring', stiffness: 300, damping: 18 }}
      >
        <Waypoints className="size-4" />
      </m.span>
    </div>
  );
}

interface SideLayersProps {
  side: 'from' | 'to';
  layers: readonly FrontierLayer[];
  pathKeys: Set<string>;
  deepest: number;
  met: boolean;
  reduce: boolean;
}

/** One side's layers, outward from its end: left-to-right for "from", right-to-left for "to". */
function SideLayers({ side, layers, pathKeys, deepest, met, reduce }: SideLayersProps) {
  const label = side === 'from' ? 'Layers from the start' : 'Layers from the target';
  return (
    // The side with more layers gets more of the width, so every layer keeps a readable size.
    <div className="relative min-w-0 flex-1" style={{ flexGrow: Math.max(1, layers.length) }}>
      {/* The beam: how far this side has reached toward the middle. */}
      <div aria-hidden className={cn('absolute top-1/2 hidden h-px w-full -translate-y-1/2 bg-ink-800 md:block')}>
        <m.div
          className={cn('h-full bg-gradient-to-r', side === 'from' ? 'origin-left from-amber-glow to-amber-glow/20' : 'origin-right from-amber-glow/20 to-amber-glow')}
          initial={false}
          animate={{ scaleX: met ? 1 : Math.min(1, layers.length / Math.max(deepest + 1, 3)) }}
          transition={{ duration: reduce ? 0 : 0.4, ease: 'easeOut' }}
        />
      </div>
      <ol
        aria-label={label}
        className={cn('relative flex flex-col gap-2 md:h-full md:items-center md:gap-2 md:px-2 lg:gap-3 lg:px-3', side === 'from' ? 'md:flex-row' : 'flex-col-reverse md:flex-row-reverse')}
      >
        {layers.map((layer) => (
          <LayerCard key={`${layer.side}-${layer.depth}`} layer={layer} onPath={layer.sample.filter((entity) => pathKeys.has(entity.key)).map((entity) => entity.key).join(' ')} />
        ))}
      </ol>
    </div>
  );
}

/**
 * One layer: its count and sampled entities, those on the found path highlighted (`onPath`: their keys).
 * Memoized on the layer (a store snapshot keeps an unchanged layer's identity): a new layer, the answer or
 * the end of the search redraws only the layers whose highlights changed. The entrance is CSS (transform
 * and opacity, on the compositor): a motion component per entity cost a phone tens of milliseconds a layer.
 */
const LayerCard = memo(function LayerCard({ layer, onPath }: { layer: FrontierLayer; onPath: string }) {
  const highlighted = new Set(onPath.split(' '));
  return (
    <li
      // From md the layers share their side's width (at most 10rem each), so however many there are
      // they never run over the meeting point in the middle.
      className={cn(
        'min-w-0 rounded-2xl border border-ink-700/80 bg-ink-900/90 p-2.5 backdrop-blur motion-reduce:animate-none md:max-w-40 md:flex-1 md:basis-0',
        layer.side === 'from' ? 'animate-layer-in-from' : 'animate-layer-in-to',
      )}
      data-testid="frontier-layer"
    >
      {/* Two short lines rather than one that wraps when the layer is narrow. */}
      <div className="mb-1.5 flex items-baseline justify-between gap-2 whitespace-nowrap text-[11px] md:block">
        <p className="truncate font-semibold uppercase tracking-[0.14em] text-bone-400">Layer {layer.depth}</p>
        <p className="truncate tabular-nums text-bone-500">
          <TickingNumber value={layer.frontierSize} className="text-bone-200" /> reached
        </p>
      </div>
      <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
        {layer.sample.map((entity, index) => {
          const onPathHere = highlighted.has(entity.key);
          return (
            <li
              key={entity.key}
              style={{ animationDelay: `${50 + index * 35}ms` }}
              className={cn(
                'min-w-0 max-w-full animate-chip-in items-center gap-1.5 rounded-full px-2 py-0.5 text-xs transition-colors duration-500 motion-reduce:animate-none',
                // Phones show the first few of each layer; the column layout has room for all.
                index < MOBILE_SAMPLE || onPathHere ? 'flex' : 'hidden md:flex',
                onPathHere ? 'bg-amber-glow/15 text-amber-soft ring-1 ring-inset ring-amber-glow/50' : 'bg-ink-800 text-bone-300',
              )}
            >
              <EntityTypeIcon type={entity.type} className="size-3" />
              <span className="truncate">{entity.name}</span>
            </li>
          );
        })}
        {layer.frontierSize > Math.min(layer.sample.length, MOBILE_SAMPLE) && (
          <li className="px-2 py-0.5 text-[11px] text-bone-500 md:hidden">+{formatCount(layer.frontierSize - Math.min(layer.sample.length, MOBILE_SAMPLE))} more</li>
        )}
        {layer.frontierSize > layer.sample.length && (
          <li className="hidden px-2 py-0.5 text-[11px] text-bone-500 md:block">+{formatCount(layer.frontierSize - layer.sample.length)} more</li>
        )}
      </ul>
    </li>
  );
});

/**
 * Drawn again only when a field it shows changed. The run is a valtio snapshot, whose unchanged parts keep
 * their identity: while the found path assembles step by step (each step a new run), the frontier, the
 * heaviest part of the stage, is left alone (on a phone each redraw of it was a long task).
 */
function sameView(before: SearchFrontierProps, after: SearchFrontierProps): boolean {
  return before.onSkip === after.onSkip && RUN_VIEW_FIELDS.every((field) => before.run[field] === after.run[field]);
}

export const SearchFrontier = memo(function SearchFrontier(props: SearchFrontierProps) {
  return (
    <MotionFeatures>
      <SearchFrontierView {...props} />
    </MotionFeatures>
  );
}, sameView);
