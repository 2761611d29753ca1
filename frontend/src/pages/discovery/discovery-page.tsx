import { DISCOVERY_TEXTS } from '@cinema-dna/shared-types';
import type { JSX } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AwardsPanel, PopularPanel, RecentPanel, RecommendedForYou, SpecialPicks, TrendingPanel } from '../../features/discovery';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';

const TABS = ['trending', 'popular', 'recent', 'awards'] as const;
type DiscoveryTab = (typeof TABS)[number];
/** Spec §2: the four tabs. */
export const DISCOVERY_TAB_LABELS: Record<DiscoveryTab, string> = { trending: 'Trending', popular: 'Popular', recent: 'Recent', awards: 'Awards' };
const PANELS: Record<DiscoveryTab, () => JSX.Element> = { trending: TrendingPanel, popular: PopularPanel, recent: RecentPanel, awards: AwardsPanel };

/**
 * /discovery (spec §2): the heading, "Can't decide what to watch?", 'Recommended For You' when signed
 * in, and the four tabs (kept in the URL; a tab's lists are read when it opens).
 */
export default function DiscoveryPage() {
  useDocumentTitle('Discovery');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: DiscoveryTab = TABS.includes(requested as DiscoveryTab) ? (requested as DiscoveryTab) : 'trending';
  return (
    <PageContainer>
      <PageHeader eyebrow="Discovery" title={DISCOVERY_TEXTS.heading} lead="What the community is watching, the best rated, the newest and the most awarded films, and picks made for you." />
      <SpecialPicks />
      <RecommendedForYou />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'trending' ? {} : { tab: value }, { replace: true, preventScrollReset: true })} className="mt-14">
        <TabsList aria-label="Discovery lists" className="max-w-xl">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {DISCOVERY_TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => {
          const Panel = PANELS[value];
          return (
            <TabsContent key={value} value={value} className="mt-10">
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </PageContainer>
  );
}
