import { CHALLENGE_MASTERS_NOTE } from '@cinema-dna/shared-types';
import { RotateCw } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SignInPrompt, authState } from '../../features/auth';
import { ChallengeList, ChallengeStatsCards, ChallengeStatsSkeleton, DailyArchive, DailyChallengeCard, RaceEntry, useChallengeStats } from '../../features/challenges';
import { BoardPanel } from '../../features/leaderboards';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';

/** Spec §2: the page's tabs, as the URL's `?tab=` names them. */
const PAGE_TABS = ['daily', 'all', 'rankings'] as const;
type PageTab = (typeof PAGE_TABS)[number];
const PAGE_TAB_LABELS: Record<PageTab, string> = { daily: 'Daily Challenge', all: 'All Challenges', rankings: 'Rankings' };

/** Spec §2 "Logged out: a prompt to log in." */
export const CHALLENGES_SIGN_IN_MESSAGE = 'Please log in to take on challenges, keep your streak and race your friends.';

function StatsSection() {
  const stats = useChallengeStats();
  if (stats.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-5">
        <p className="font-medium text-bone-50">Your challenge stats could not be loaded.</p>
        <p className="mt-1 text-sm text-bone-400">{stats.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void stats.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  return stats.data ? <ChallengeStatsCards stats={stats.data} /> : <ChallengeStatsSkeleton />;
}

function ChallengesContent() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: PageTab = PAGE_TABS.includes(asked as PageTab) ? (asked as PageTab) : 'daily';
  return (
    <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10">
      <StatsSection />
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'daily' ? {} : { tab: next }, { replace: true })}>
        {/* Phones: two tabs over the third, spanning the row (three long labels do not fit one row at 390px). */}
        <TabsList layout="wrap" aria-label="Challenges" className="max-w-xl max-sm:[&>*:last-child]:col-span-2">
          {PAGE_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="whitespace-nowrap">
              {PAGE_TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="daily">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <DailyChallengeCard showAllLink={false} />
            <RaceEntry />
            <div className="lg:col-span-2">
              <DailyArchive />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="all">{tab === 'all' && <ChallengeList />}</TabsContent>
        <TabsContent value="rankings">
          {tab === 'rankings' && (
            <div className="grid gap-4">
              <p className="text-sm text-bone-400">Challenge Masters: {CHALLENGE_MASTERS_NOTE}</p>
              <BoardPanel view={{ tab: 'challenges' }} />
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** /challenges (spec §2): a prompt to log in when signed out; signed in, the stat cards and the three tabs. */
export default function ChallengesPage() {
  useDocumentTitle('Challenges');
  const { user, loading } = useSnapshot(authState);
  if (!user && (loading || user === undefined)) {
    return (
      <div className="flex min-h-[55vh] items-center justify-center">
        <Spinner className="size-7" label="Checking your session" />
      </div>
    );
  }
  if (!user) return <SignInPrompt message={CHALLENGES_SIGN_IN_MESSAGE} />;
  return (
    <PageContainer>
      <PageHeader eyebrow="Play" title="Challenges" lead="Solve today’s puzzle link by link against the server’s clock, work through the list, or race a friend live." />
      <ChallengesContent />
    </PageContainer>
  );
}
