import { nounFor } from '@cinema-dna/shared-types';
import type { EntityType, GraphStats } from '@cinema-dna/shared-types';
import { useGraphStats } from '../../features/entities';
import { formatCount } from '../../lib/number-format';
import { Skeleton } from '../../ui/skeleton';

const SECONDARY: Array<[EntityType, string, string]> = [
  ['genre', 'genre', 'genres'],
  ['company', 'company', 'companies'],
  ['award', 'award', 'awards'],
  ['collection', 'collection', 'collections'],
  ['location', 'place', 'places'],
  ['keyword', 'keyword', 'keywords'],
];

const SUBTYPES: Array<[string, string]> = [
  ['actor', 'actors'],
  ['director', 'directors'],
  ['writer', 'writers'],
  ['producer', 'producers'],
  ['composer', 'composers'],
];

/** Counts of the loaded graph, from GET /api/stats; nothing is shown that was not counted. */
export function HeroStats() {
  const stats = useGraphStats();
  if (stats.isPending) {
    return (
      <div className="mt-10 flex flex-col items-center gap-3" aria-busy="true" aria-label="Loading catalog numbers">
        <div className="flex gap-8">
          <Skeleton className="h-12 w-28" />
          <Skeleton className="h-12 w-28" />
          <Skeleton className="h-12 w-28" />
        </div>
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
    );
  }
  if (stats.isError) return null;
  return <StatsFigures stats={stats.data} />;
}

function StatsFigures({ stats }: { stats: GraphStats }) {
  const count = (type: EntityType) => stats.byType[type] ?? 0;
  const primary = [
    { value: count('movie'), label: nounFor(count('movie'), 'film') },
    { value: count('person'), label: nounFor(count('person'), 'person', 'people') },
    { value: stats.links, label: nounFor(stats.links, 'link') },
  ];
  const secondary = SECONDARY.filter(([type]) => count(type) > 0).map(([type, one, many]) => `${formatCount(count(type))} ${count(type) === 1 ? one : many}`);
  const roles = SUBTYPES.filter(([subtype]) => (stats.people[subtype] ?? 0) > 0).map(([subtype, label]) => `${formatCount(stats.people[subtype]!)} ${label}`);

  return (
    <div className="mt-8 sm:mt-10" data-testid="hero-stats">
      <dl className="flex items-start justify-center divide-x divide-ink-700">
        {primary.map((item) => (
          <div key={item.label} className="flex min-w-0 flex-col-reverse items-center px-3 sm:px-9">
            <dt className="mt-1 text-[11px] font-semibold uppercase tracking-[0.22em] text-bone-500">{item.label}</dt>
            <dd className="font-display text-[1.625rem] font-medium tabular-nums tracking-tight text-bone-50 min-[400px]:text-3xl sm:text-[2.6rem]">{formatCount(item.value)}</dd>
          </div>
        ))}
      </dl>
      {(secondary.length > 0 || roles.length > 0) && (
        <p className="mx-auto mt-4 hidden max-w-2xl text-sm leading-relaxed text-bone-500 sm:block">
          {roles.length > 0 && <span className="text-bone-400">{roles.join(' · ')}</span>}
          {roles.length > 0 && secondary.length > 0 && <br />}
          {secondary.length > 0 && <>and {secondary.join(' · ')}, all on one graph.</>}
        </p>
      )}
    </div>
  );
}
