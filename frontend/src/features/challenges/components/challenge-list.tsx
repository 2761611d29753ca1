import type { Challenge } from '@cinema-dna/shared-types';
import { RotateCw, Swords } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { useChallenges } from '../api/get-challenges';
import { useWeeklyChallenge } from '../api/get-weekly-challenge';
import { CHALLENGE_LIST_TABS, CHALLENGE_LIST_TAB_LABELS, CHALLENGE_LIST_TAB_NOTES, challengesForTab, type ChallengeListTab } from '../lib/challenge-tabs';
import { ChallengeCard } from './challenge-card';

/** Six card-shaped placeholders while the list loads. */
function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading challenges" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="challenge-list-loading">
      {[0, 1, 2, 3, 4, 5].map((card) => (
        <Skeleton key={card} className="h-80 rounded-2xl" />
      ))}
    </div>
  );
}

/** All Challenges: sub-tabs Featured (first 6), Speed, Puzzle, Weekly, with loading, error and empty states. */
export function ChallengeList() {
  const [tab, setTab] = useState<ChallengeListTab>('featured');
  const list = useChallenges();
  const weekly = useWeeklyChallenge();
  const failed = list.isError || (tab === 'weekly' && weekly.isError);
  const loading = !list.data || (tab === 'weekly' && weekly.data === undefined && !weekly.isError);

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as ChallengeListTab)}>
      <TabsList layout="wrap" aria-label="Challenge types" className="max-w-lg">
        {CHALLENGE_LIST_TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {CHALLENGE_LIST_TAB_LABELS[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      <p className="mt-4 text-sm text-bone-400">{CHALLENGE_LIST_TAB_NOTES[tab]}</p>
      {CHALLENGE_LIST_TABS.map((value) => (
        <TabsContent key={value} value={value}>
          {value !== tab ? null : failed ? (
            <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-6">
              <p className="font-medium text-bone-50">The challenges could not be loaded.</p>
              <p className="mt-1 text-sm text-bone-400">{(list.error ?? weekly.error)?.message}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-4"
                onClick={() => {
                  void list.refetch();
                  void weekly.refetch();
                }}
              >
                <RotateCw aria-hidden className="size-4" />
                Try again
              </Button>
            </div>
          ) : loading ? (
            <ListSkeleton />
          ) : (
            <TabCards shown={value} cards={challengesForTab(value, list.data ?? [], weekly.data ?? null)} />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function TabCards({ cards, shown }: { cards: Challenge[]; shown: ChallengeListTab }) {
  if (cards.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-14 text-center" data-testid="challenge-list-empty">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-ink-800 text-bone-500 ring-1 ring-inset ring-ink-600">
          <Swords aria-hidden className="size-5" />
        </span>
        <p className="mt-4 font-medium text-bone-100">No challenges here yet</p>
        <p className="mx-auto mt-1 max-w-sm text-sm text-bone-400">{shown === 'weekly' ? 'This week’s challenge is not out yet. Check back soon.' : 'New challenges are generated from the catalog; check back soon.'}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((challenge) => (
        <ChallengeCard key={challenge.id} challenge={challenge} />
      ))}
    </div>
  );
}
