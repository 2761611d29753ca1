import { endSentence, EntitySummarySchema, EntityTypeSchema, isReviewable, type EntityDetail } from '@cinema-dna/shared-types';
import { ArrowLeft, Waypoints } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ConnectFromEntity } from '../../features/connections';
import { useEntity } from '../../features/entities';
import { EntityReviewsSection } from '../../features/reviews';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { EntityNotFound } from './entity-not-found';
import { EntitySkeleton } from './entity-skeleton';
import { MovieView, OtherView, PersonView } from './entity-views';

/** /entity/:type/:id: the person, movie or other view, and a live search from this entity. */
export default function EntityPage() {
  const params = useParams();
  const parsedType = EntityTypeSchema.safeParse(params.type);
  const type = parsedType.success ? parsedType.data : null;
  const entity = useEntity(type, params.id);
  useDocumentTitle(entity.data?.name ?? (entity.isError ? 'Entity Not Found' : undefined));

  if (!type) return <EntityNotFound type={params.type ?? 'entity'} />;
  if (entity.isPending) return <EntitySkeleton />;
  if (entity.isError) {
    if (entity.error instanceof ApiRequestError && (entity.error.status === 404 || entity.error.status === 400)) return <EntityNotFound type={type} />;
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl text-bone-50">Something went wrong</h1>
        <p className="mt-3 text-bone-400">This {type} could not be loaded right now.</p>
        <Button className="mt-6" onClick={() => void entity.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <EntityContent key={entity.data.key} entity={entity.data} />;
}

function EntityContent({ entity }: { entity: EntityDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const summary = EntitySummarySchema.parse(entity);

  function backToSearch() {
    // Back to where the visitor came from (usually the search), or home on a fresh visit.
    if (location.key !== 'default') navigate(-1);
    else navigate('/');
  }

  return (
    <div className="relative isolate">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] bg-[radial-gradient(ellipse_at_top_left,rgba(242,176,74,0.10),transparent_60%)]" />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <Button variant="ghost" size="sm" onClick={backToSearch} className="-ml-2">
          <ArrowLeft aria-hidden className="size-4" />
          Back to Search
        </Button>
        <article className="mt-8">
          {entity.type === 'person' ? <PersonView entity={entity} /> : entity.type === 'movie' ? <MovieView entity={entity} /> : <OtherView entity={entity} />}
        </article>
        {isReviewable(entity.type) && <EntityReviewsSection entityType={entity.type} entityId={entity.id} entityName={entity.name} />}
        <section aria-labelledby="find-connections" className="mt-16 rounded-[1.75rem] border border-ink-700 bg-ink-850/60 p-5 sm:p-8">
          <div className="mb-6 flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-glow/10 text-amber-glow ring-1 ring-inset ring-amber-glow/30">
              <Waypoints aria-hidden className="size-5" />
            </span>
            <div>
              <h2 id="find-connections" className="font-display text-2xl font-medium tracking-tight text-bone-50">
                Find Connections
              </h2>
              <p className="mt-1 text-sm text-bone-400">{endSentence(`Pick anyone or anything and watch the search find its way from ${entity.name}`)}</p>
            </div>
          </div>
          <ConnectFromEntity entity={summary} />
        </section>
      </div>
    </div>
  );
}
