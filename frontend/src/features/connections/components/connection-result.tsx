import { DEFAULT_MAX_DEGREES, type ConnectionResult as ConnectionResultData, type EntitySummary, type PathStep, type SearchParameters } from '@cinema-dna/shared-types';
import { m } from 'framer-motion';
import { Bookmark, ChevronLeft, ChevronRight, Database, Link2, RotateCcw, Search, SearchX, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../lib/class-names';
import { formatCount, plural } from '../../../lib/number-format';
import { ALTERNATIVES_LIMIT, useAlternatives } from '../api/find-alternatives';
import { useSavePath } from '../hooks/use-save-path';
import { connectionResultPath } from '../lib/connection-link';
import { PathChain } from './path-chain';
import { ShareDialog } from './share-dialog';
import { MotionFeatures } from '../../../ui/motion-features';

export interface ConnectionResultProps {
  from: EntitySummary;
  to: EntitySummary;
  result: ConnectionResultData;
  /** Parameters of the search, for browsing its other shortest paths. */
  parameters?: SearchParameters;
  /** False while the path is still assembling: the heading and actions wait for the last step. */
  complete?: boolean;
  revealedSteps?: number;
  /** Link to the result page (its URL re-runs this search), handing this result over. */
  permalink?: boolean;
  onFindNew?: () => void;
  onTryDifferent?: () => void;
  onAvoid?: (entity: EntitySummary) => void;
  /** Runs the same search again with a wider limit (offered when a limit the user set found nothing). */
  onSearchWider?: (maxDegrees: number) => void;
}

/** True when the search's limit was narrowed below the default: "nothing within N" then says nothing about longer chains. */
export const limitedBelowDefault = (maxDegrees: number) => maxDegrees < DEFAULT_MAX_DEGREES;

/**
 * The no-path text. At the default limit or above: the spec's words, with the search's real limit.
 * Under a limit the user set lower: that no chain exists within it, and that a longer one may.
 */
export function noConnectionText(maxDegrees: number): string {
  if (limitedBelowDefault(maxDegrees)) {
    return `No chain exists between these entities within ${plural(maxDegrees, 'degree')}, the limit you set. A longer one may: search again with up to ${plural(DEFAULT_MAX_DEGREES, 'degree')}.`;
  }
  return `We couldn't find a connection between these entities within ${plural(maxDegrees, 'degree')}. This is rare but can happen with very specialized or recent content.`;
}

/**
 * 'Connection Found!' with the step cards, the other shortest paths, and Share / Save / Find New;
 * or 'No Connection Found' with 'Try Different Entities'.
 */
function ConnectionResultView({ from, to, result, parameters, complete = true, revealedSteps, permalink = false, onFindNew, onTryDifferent, onAvoid, onSearchWider }: ConnectionResultProps) {
  if (!result.found || result.degrees === null) {
    if (!complete) return null;
    return (
      <m.div
        initial={{ opacity: 0, y: 8 }}
        animate={{ opacity: 1, y: 0 }}
        className="rounded-3xl border border-scarlet/30 bg-[linear-gradient(180deg,rgba(224,89,74,0.08),transparent)] px-6 py-10 text-center"
      >
        <SearchX aria-hidden className="mx-auto size-10 text-scarlet" strokeWidth={1.5} />
        <h2 className="mt-4 font-display text-3xl font-medium tracking-tight text-bone-50">No Connection Found</h2>
        <p className="mx-auto mt-3 max-w-xl text-bone-300">{noConnectionText(result.maxDegrees)}</p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          {onSearchWider && limitedBelowDefault(result.maxDegrees) && (
            <Button size="lg" onClick={() => onSearchWider(DEFAULT_MAX_DEGREES)}>
              <Search aria-hidden className="size-4" />
              Search within {plural(DEFAULT_MAX_DEGREES, 'degree')}
            </Button>
          )}
          {onTryDifferent && (
            <Button size="lg" variant={onSearchWider && limitedBelowDefault(result.maxDegrees) ? 'secondary' : 'primary'} onClick={onTryDifferent}>
              <RotateCcw aria-hidden className="size-4" />
              Try Different Entities
            </Button>
          )}
        </div>
      </m.div>
    );
  }
  return (
    <FoundConnection
      from={from}
      to={to}
      result={result}
      degrees={result.degrees}
      parameters={parameters}
      complete={complete}
      revealedSteps={revealedSteps}
      permalink={permalink}
      onFindNew={onFindNew}
      onAvoid={onAvoid}
    />
  );
}

function FoundConnection({
  from,
  to,
  result,
  degrees,
  parameters,
  complete,
  revealedSteps,
  permalink,
  onFindNew,
  onAvoid,
}: Omit<ConnectionResultProps, 'onTryDifferent'> & { degrees: number; complete: boolean }) {
  const [pathIndex, setPathIndex] = useState(0);
  const [shareOpen, setShareOpen] = useState(false);
  const { save, saving } = useSavePath();
  const count = result.shortestPathCount ?? 1;
  const alternatives = useAlternatives(
    { fromEntity: { id: from.id, type: from.type }, toEntity: { id: to.id, type: to.type }, parameters, limit: ALTERNATIVES_LIMIT },
    complete && count > 1,
  );
  const paths: ReadonlyArray<{ path: readonly PathStep[] }> = alternatives.data?.paths.length ? alternatives.data.paths : [{ path: result.path }];
  const index = Math.min(pathIndex, paths.length - 1);
  const path = paths[index]!.path;

  return (
    <div className="grid gap-6">
      {/* Drawn from the start, hidden until the path has assembled: it holds its place above the step cards,
          so they do not jump down when it appears (the result page's layout shift on a phone). */}
      <m.header
        initial={false}
        animate={complete ? { opacity: 1, y: 0 } : { opacity: 0, y: 10 }}
        transition={{ duration: 0.3 }}
        aria-hidden={complete ? undefined : true}
        className={cn('flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end', !complete && 'invisible')}
      >
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">{plural(degrees, 'degree')} of separation</p>
          <h2 className="mt-2 font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">Connection Found!</h2>
          <p className="mt-2 text-bone-400">
            {from.name} reaches {to.name} in {plural(degrees, 'step')}.
          </p>
          {result.usedObscure && (
            <p className="mt-2 max-w-2xl text-sm text-bone-400" data-testid="used-obscure-note">
              No chain of cast and filmmakers fits within {plural(result.maxDegrees, 'degree')}, so this one also runs through minor
              crew jobs or a genre, keyword, company or country.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {result.cached && (
            <Badge tone="amber">
              <Database aria-hidden className="size-3" />
              Cached Result
            </Badge>
          )}
          {count > 1 && <Badge tone="outline">{count >= 1e6 ? 'Over a million' : formatCount(Math.round(count))} shortest paths</Badge>}
          {permalink && (
            <Link
              to={connectionResultPath(from, to, parameters)}
              // Plain JSON: history state is structured-cloned, and store snapshots cannot be.
              state={JSON.parse(JSON.stringify({ result, fromEntity: from, toEntity: to }))}
              title="This result on its own page: bookmark it, reload it, it runs the same search"
              className="inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium text-bone-400 ring-1 ring-inset ring-ink-700 transition-colors hover:text-amber-soft hover:ring-amber-glow/40"
            >
              <Link2 aria-hidden className="size-3" />
              Permalink
            </Link>
          )}
        </div>
      </m.header>

      <PathChain path={path} revealed={complete ? path.length : revealedSteps} onAvoid={complete ? onAvoid : undefined} />

      {complete && (
        <m.div initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ duration: 0.3, delay: 0.1 }} className="grid gap-5">
          {paths.length > 1 && (
            <nav aria-label="Other shortest paths" className="flex flex-wrap items-center justify-center gap-3 text-sm text-bone-300">
              <Button variant="secondary" size="icon" aria-label="Previous path" disabled={index === 0} onClick={() => setPathIndex(index - 1)}>
                <ChevronLeft aria-hidden className="size-4" />
              </Button>
              <span className="min-w-28 text-center tabular-nums" aria-live="polite">
                Path {index + 1} of {paths.length}
              </span>
              <Button variant="secondary" size="icon" aria-label="Next path" disabled={index === paths.length - 1} onClick={() => setPathIndex(index + 1)}>
                <ChevronRight aria-hidden className="size-4" />
              </Button>
              {count > paths.length && <span className="w-full text-center text-xs text-bone-500">Showing the {paths.length} most direct of {count >= 1e6 ? 'over a million' : formatCount(Math.round(count))} equally short paths.</span>}
            </nav>
          )}
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={() => setShareOpen(true)}>
              <Share2 aria-hidden className="size-4" />
              Share Connection
            </Button>
            <Button variant="secondary" onClick={() => save(from, to, path, degrees)} disabled={saving}>
              <Bookmark aria-hidden className="size-4" />
              {saving ? 'Saving...' : 'Save Path'}
            </Button>
            {onFindNew && (
              <Button variant="ghost" onClick={onFindNew}>
                <RotateCcw aria-hidden className="size-4" />
                Find New Connection
              </Button>
            )}
          </div>
        </m.div>
      )}
      {shareOpen && <ShareDialog open={shareOpen} onOpenChange={setShareOpen} from={from} to={to} degrees={degrees} path={path} />}
    </div>
  );
}

export function ConnectionResult(props: Parameters<typeof ConnectionResultView>[0]) {
  return (
    <MotionFeatures>
      <ConnectionResultView {...props} />
    </MotionFeatures>
  );
}
