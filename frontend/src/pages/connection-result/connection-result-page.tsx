import { ConnectionResultSchema, entityKey, EntitySummarySchema, type EntitySummary } from '@cinema-dna/shared-types';
import { ArrowLeft, Link2Off } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ConnectionResult, PairPageHeader, preloadSearchStage, SearchStage, connectionResultPath, parseConnectionResultLink, useConnectionSearch } from '../../features/connections';
import { useEntity } from '../../features/entities';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { EntityNotFound } from '../entity/entity-not-found';

/** What a page may hand over in router state with the link, so the result shows without searching again. */
export const ConnectionResultStateSchema = z.object({
  result: ConnectionResultSchema,
  fromEntity: EntitySummarySchema,
  toEntity: EntitySummarySchema,
});
export type ConnectionResultState = z.infer<typeof ConnectionResultStateSchema>;

const ORIGIN = 'result-page';
// This page starts a search on arrival: fetch the stage's code beside the page's own, not after it.
preloadSearchStage();

/**
 * /connection-result?from=type:id&to=type:id[&parameters]: the result of that search. A result handed
 * over in router state for the same pair shows at once; otherwise (a reload, a bookmark) the page
 * resolves both ends and runs the search live. A link without a valid pair says so, with a way back.
 */
export default function ConnectionResultPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const link = parseConnectionResultLink(searchParams);
  const state = ConnectionResultStateSchema.safeParse(location.state);
  const handed = state.success ? state.data : null;
  const handedMatches = handed && link.ok && handed.fromEntity.key === entityKey(link.from) && handed.toEntity.key === entityKey(link.to);

  const wanted = link.ok && !handedMatches ? link : null;
  const from = useEntity(wanted?.from.type, wanted?.from.id);
  const to = useEntity(wanted?.to.type, wanted?.to.id);
  const fromEntity: EntitySummary | null = handedMatches ? handed.fromEntity : from.data ? EntitySummarySchema.parse(from.data) : null;
  const toEntity: EntitySummary | null = handedMatches ? handed.toEntity : to.data ? EntitySummarySchema.parse(to.data) : null;
  const { runWhenConnected } = useConnectionSearch(ORIGIN);
  const started = useRef<string | null>(null);
  const linkKey = searchParams.toString();
  useDocumentTitle(fromEntity && toEntity ? `${fromEntity.name} to ${toEntity.name}` : 'Connection result');

  useEffect(() => {
    if (!wanted || !fromEntity || !toEntity || started.current === linkKey) return;
    started.current = linkKey;
    runWhenConnected(fromEntity, toEntity, { parameters: wanted.parameters });
  }, [wanted, fromEntity, toEntity, linkKey, runWhenConnected]);

  // Handed a result without the pair in the URL: put it there, so a reload finds it.
  if (!link.ok && handed && !searchParams.has('from') && !searchParams.has('to')) {
    return <Navigate to={connectionResultPath(handed.fromEntity, handed.toEntity)} state={handed} replace />;
  }
  if (!link.ok) {
    return (
      <section className="mx-auto flex min-h-[55vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
        <Link2Off aria-hidden className="size-12 text-ink-500" strokeWidth={1.3} />
        <h1 className="mt-5 font-display text-4xl font-medium tracking-tight text-bone-50">This result link is not valid</h1>
        <p className="mt-3 text-bone-300">{link.problem}</p>
        <p className="mt-2 text-sm text-bone-500">A result link names both ends, like /connection-result?from=person:kevin-bacon&amp;to=person:tom-hanks.</p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
          <ArrowLeft aria-hidden className="size-4" />
          Find a connection
        </Link>
      </section>
    );
  }
  if (from.isError) return <EntityNotFound type={link.from.type} />;
  if (to.isError) return <EntityNotFound type={link.to.type} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PairPageHeader eyebrow="Connection result" fromEntity={fromEntity} toEntity={toEntity} />
      {handedMatches ? (
        <ConnectionResult
          from={handed.fromEntity}
          to={handed.toEntity}
          result={handed.result}
          parameters={link.parameters}
          permalink={false}
          onFindNew={() => navigate('/')}
          onTryDifferent={() => navigate('/')}
        />
      ) : (
        <SearchStage origin={ORIGIN} scrollOnStart={false} permalink={false} onReset={() => navigate('/')} />
      )}
    </div>
  );
}
