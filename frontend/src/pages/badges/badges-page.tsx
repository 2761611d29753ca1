import { RotateCw } from 'lucide-react';
import { RequireAuth } from '../../features/auth';
import {
  BadgeCollection,
  BadgeProgressCard,
  BadgeSummaryCards,
  RecentlyEarned,
  badgeStandings,
  badgeSummary,
  badgesInProgress,
  recentlyEarned,
  useAvailableBadges,
  useBadgeProgress,
  useMyBadges,
} from '../../features/badges';
import { FairPlayRules } from '../../features/progression';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';

function BadgesSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your badges" className="mt-10 grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-32 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-48 rounded-2xl" />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((tile) => (
          <Skeleton key={tile} className="h-40 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

/** The server's own words for a failed read; a reply that does not parse gets a plain sentence, not a schema dump. */
const failureText = (error: unknown) => (error instanceof ApiRequestError ? error.message : 'The server’s answer was not understood.');

function BadgesContent() {
  const catalog = useAvailableBadges();
  const earned = useMyBadges();
  const progress = useBadgeProgress();
  const queries = [catalog, earned, progress];

  if (queries.some((query) => query.isError)) {
    return (
      <div role="alert" className="mt-10 rounded-2xl border border-scarlet/40 bg-scarlet/5 p-6">
        <p className="font-medium text-bone-50">Your badges could not be loaded.</p>
        <p className="mt-1 text-sm text-bone-400">{failureText(queries.find((query) => query.error)?.error)}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => queries.forEach((query) => void query.refetch())}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (!catalog.data || !earned.data || !progress.data) return <BadgesSkeleton />;

  const standings = badgeStandings(catalog.data, earned.data, progress.data);
  return (
    <div className="mt-10 grid grid-cols-1 gap-6 sm:gap-8">
      <BadgeSummaryCards summary={badgeSummary(standings)} />
      {/* Phones: recent, progress, then the collection; wide screens: the progress card beside both. */}
      <div className="grid grid-cols-1 gap-6 sm:gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <RecentlyEarned badges={recentlyEarned(earned.data)} />
        </div>
        <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <BadgeProgressCard standings={badgesInProgress(standings)} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <BadgeCollection standings={standings} />
        </div>
      </div>
    </div>
  );
}

/** /badges (sign-in required, spec §2): the collection, what was earned lately and what is under way. */
export default function BadgesPage() {
  useDocumentTitle('Badges');
  return (
    // The spec gives this page no message of its own: the default one ('Please log in to access this feature.').
    <RequireAuth>
      <PageContainer>
        <PageHeader eyebrow="Progression" title="Badges" lead="Earn badges as you discover connections, review films, follow fellow cinephiles and take on challenges." />
        <BadgesContent />
        <section aria-labelledby="how-points-work" className="mt-10 rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:mt-12 sm:p-8">
          <h2 id="how-points-work" className="font-display text-xl font-medium text-bone-50 sm:text-2xl">
            How points work
          </h2>
          <FairPlayRules headingLevel="h3" wide className="mt-4" />
        </section>
      </PageContainer>
    </RequireAuth>
  );
}
