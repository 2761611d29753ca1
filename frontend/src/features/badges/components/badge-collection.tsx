import { BADGE_CATEGORIES, type BadgeCategory } from '@cinema-dna/shared-types';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { CATEGORY_LABELS, countsByCategory, type BadgeStanding } from '../lib/badge-collection';
import { BadgeTile } from './badge-tile';

type CollectionTab = 'all' | BadgeCategory;

function TabCount({ value }: { value: number }) {
  return <span className="ml-1.5 rounded-full bg-ink-800 px-1.5 py-px text-[11px] tabular-nums text-bone-400 group-data-[state=active]:bg-ink-600 group-data-[state=active]:text-bone-100">{value}</span>;
}

function BadgeGrid({ standings, label }: { standings: readonly BadgeStanding[]; label: string }) {
  // Earned first (newest first), then the closest to earned: what a collector looks at first.
  const ordered = [...standings].sort((a, b) => {
    if (a.earned !== b.earned) return a.earned ? -1 : 1;
    if (a.earned && b.earned) return Date.parse(b.earnedAt) - Date.parse(a.earnedAt);
    return b.percent - a.percent;
  });
  if (ordered.length === 0) return <p className="rounded-2xl border border-dashed border-ink-600 p-8 text-center text-sm text-bone-400">No badges in this category yet.</p>;
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {ordered.map((standing) => (
        <BadgeTile key={standing.badge.id} standing={standing} />
      ))}
    </ul>
  );
}

/** Spec §2: 'All Badges' and a tab per category, each with its count. */
export function BadgeCollection({ standings }: { standings: readonly BadgeStanding[] }) {
  const [tab, setTab] = useState<CollectionTab>('all');
  const counts = countsByCategory(standings);
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as CollectionTab)}>
      {/* Phones: a 2-column grid so every category shows; wider: one row that scrolls if it must. */}
      <TabsList layout="scroll" aria-label="Badge categories" className="max-sm:w-full max-sm:grid-flow-row max-sm:grid-cols-2 max-sm:rounded-2xl">
        <TabsTrigger value="all" className="group whitespace-nowrap">
          All Badges
          <TabCount value={standings.length} />
        </TabsTrigger>
        {BADGE_CATEGORIES.map((category) => (
          <TabsTrigger key={category} value={category} className="group whitespace-nowrap">
            {CATEGORY_LABELS[category]}
            <TabCount value={counts[category].total} />
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="all">
        <BadgeGrid standings={standings} label="All Badges" />
      </TabsContent>
      {BADGE_CATEGORIES.map((category) => (
        <TabsContent key={category} value={category}>
          <BadgeGrid standings={standings.filter((standing) => standing.badge.category === category)} label={`${CATEGORY_LABELS[category]} badges`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
