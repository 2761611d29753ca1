import { CHALLENGE_MASTERS_NOTE, LEADERBOARD_METRICS, LEADERBOARD_PERIODS, type LeaderboardMetric, type LeaderboardPeriod } from '@cinema-dna/shared-types';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../../features/auth';
import {
  BOARD_TABS,
  BOARD_TAB_LABELS,
  BoardPanel,
  METRIC_LABELS,
  PERIOD_LABELS,
  SegmentedControl,
  YourRankingCard,
  paramsFromView,
  viewFromParams,
  type BoardTab,
  type BoardView,
} from '../../features/leaderboards';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';

const PERIOD_OPTIONS = LEADERBOARD_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));
const METRIC_OPTIONS = LEADERBOARD_METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }));

/** What each tab ranks, in a sentence under the tabs. */
const TAB_NOTES: Record<BoardTab, string> = {
  global: 'Everyone who plays, ranked by points, connections found or efficiency (challenge par ÷ degrees used).',
  weekly: 'Points earned this week. The board resets every Monday at 00:00 UTC.',
  challenges: CHALLENGE_MASTERS_NOTE,
};

/** /leaderboards (public, spec §2): the three boards, live, and the signed-in user's own ranking. */
export default function LeaderboardsPage() {
  useDocumentTitle('Rankings');
  const { user } = useSnapshot(authState);
  // The board on screen lives in the URL, so a link or a reload shows the same one.
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params);
  const show = (next: BoardView) => setParams(paramsFromView(next), { replace: true });
  const globalView = view.tab === 'global' ? view : { tab: 'global' as const, period: 'all-time' as LeaderboardPeriod, metric: 'points' as LeaderboardMetric };

  return (
    <PageContainer>
      <PageHeader eyebrow="Rankings" title="Leaderboards" lead="Every connection you discover, review you write and challenge you solve moves you up. Boards update live." />
      {user && (
        <div className="mt-10 max-w-2xl">
          <YourRankingCard />
        </div>
      )}
      <Tabs
        value={view.tab}
        onValueChange={(tab) => show(tab === 'global' ? globalView : { tab: tab as 'weekly' | 'challenges' })}
        className="mt-10"
      >
        {/* Phones: two tabs over the third, spanning the row (three long labels do not fit one row at 390px). */}
        <TabsList layout="wrap" aria-label="Leaderboards" className="max-w-xl max-sm:[&>*:last-child]:col-span-2">
          {BOARD_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="whitespace-nowrap">
              {BOARD_TAB_LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        <p className="mt-4 text-sm text-bone-400" data-testid="board-note">
          {TAB_NOTES[view.tab]}
        </p>
        <TabsContent value="global">
          <div className="mb-8 flex flex-wrap gap-x-6 gap-y-4">
            <SegmentedControl label="Period" value={globalView.period} options={PERIOD_OPTIONS} onChange={(period) => show({ ...globalView, period })} />
            <SegmentedControl label="Metric" value={globalView.metric} options={METRIC_OPTIONS} onChange={(metric) => show({ ...globalView, metric })} />
          </div>
          {view.tab === 'global' && <BoardPanel view={view} />}
        </TabsContent>
        <TabsContent value="weekly">{view.tab === 'weekly' && <BoardPanel view={view} />}</TabsContent>
        <TabsContent value="challenges">{view.tab === 'challenges' && <BoardPanel view={view} />}</TabsContent>
      </Tabs>
    </PageContainer>
  );
}
