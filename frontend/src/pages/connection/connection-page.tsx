import { EntitySummarySchema, type EntitySummary } from '@cinema-dna/shared-types';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PairPageHeader, preloadSearchStage, parseConnectionLink, SearchStage, useConnectionSearch } from '../../features/connections';
import { useEntity } from '../../features/entities';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { EntityNotFound } from '../entity/entity-not-found';

const ORIGIN = 'link';
// This page starts a search on arrival: fetch the stage's code beside the page's own, not after it.
preloadSearchStage();

/** /connection?from=type:id&to=type:id: resolves both entities and runs the search live. */
export default function ConnectionPage() {
  const [searchParams] = useSearchParams();
  const link = parseConnectionLink(searchParams);
  const from = useEntity(link?.from.type, link?.from.id);
  const to = useEntity(link?.to.type, link?.to.id);
  const { runWhenConnected } = useConnectionSearch(ORIGIN);
  const navigate = useNavigate();
  const started = useRef<string | null>(null);
  const linkKey = searchParams.toString();
  const fromEntity: EntitySummary | null = from.data ? EntitySummarySchema.parse(from.data) : null;
  const toEntity: EntitySummary | null = to.data ? EntitySummarySchema.parse(to.data) : null;
  useDocumentTitle(fromEntity && toEntity ? `${fromEntity.name} to ${toEntity.name}` : 'Shared connection');

  useEffect(() => {
    if (!fromEntity || !toEntity || started.current === linkKey) return;
    started.current = linkKey;
    runWhenConnected(fromEntity, toEntity);
  }, [fromEntity, toEntity, linkKey, runWhenConnected]);

  if (!link) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-4xl font-medium tracking-tight text-bone-50">This link is incomplete</h1>
        <p className="mt-3 text-bone-400">A shared connection link names both ends, like /connection?from=person:kevin-bacon&amp;to=person:tom-hanks.</p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
          Return Home
        </Link>
      </section>
    );
  }
  if (from.isError) return <EntityNotFound type={link.from.type} />;
  if (to.isError) return <EntityNotFound type={link.to.type} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PairPageHeader eyebrow="Shared connection" fromEntity={fromEntity} toEntity={toEntity} />
      <SearchStage origin={ORIGIN} scrollOnStart={false} onReset={() => navigate('/')} />
    </div>
  );
}
