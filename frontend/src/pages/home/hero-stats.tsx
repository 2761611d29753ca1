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
  if (stats.isPending) return <StatsPlaceholder />;
  if (stats.isError) return null;
  return <StatsFigures stats={stats.data} />;
}

// One set of classes for the figures and their placeholder, so the numbers arrive without moving anything.
const FIGURES = 'flex items-start justify-center divide-x divide-ink-700';
const FIGURE = 'flex min-w-0 flex-col-reverse items-center px-3 sm:px-9';
const FIGURE_LABEL = 'mt-1 text-[11px] font-semibold uppercase tracking-[0.22em] text-bone-500';
const FIGURE_VALUE = 'font-display text-[1.625rem] font-medium tabular-nums tracking-tight text-bone-50 min-[400px]:text-3xl sm:text-[2.6rem]';
const DETAILS = 'mx-auto mt-4 hidden max-w-2xl text-sm leading-relaxed text-bone-500 sm:block';

/** The figures' exact footprint while GET /api/stats answers: three figures and the two lines of detail. */
function StatsPlaceholder() {
  return (
    <div className="mt-8 sm:mt-10" data-testid="hero-stats-loading">
      <p role="status" className="sr-only">
        Loading catalog numbers
      </p>
      <div aria-hidden className={FIGURES}>
        {['films', 'people', 'links'].map((label) => (
          <div key={label} className={FIGURE}>
            <div className={FIGURE_LABEL}>
              <Skeleton className="inline-block h-[1em] w-[6ch] align-middle" />
            </div>
            <div className={FIGURE_VALUE}>
              <Skeleton className="inline-block h-[0.8em] w-[3.5ch] align-middle" />
            </div>
          </div>
        ))}
      </div>
      <div aria-hidden className={DETAILS}>
        <Skeleton className="inline-block h-[1em] w-80 max-w-full align-middle" />
        <br />
        <Skeleton className="inline-block h-[1em] w-96 max-w-full align-middle" />
      </div>
    </div>
  );
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
      <dl className={FIGURES}>
        {primary.map((item) => (
          <div key={item.label} className={FIGURE}>
            <dt className={FIGURE_LABEL}>{item.label}</dt>
            <dd className={FIGURE_VALUE}>{formatCount(item.value)}</dd>
          </div>
        ))}
      </dl>
      {(secondary.length > 0 || roles.length > 0) && (
        <p className={DETAILS}>
          {roles.length > 0 && <span className="text-bone-400">{roles.join(' · ')}</span>}
          {roles.length > 0 && secondary.length > 0 && <br />}
          {secondary.length > 0 && <>and {secondary.join(' · ')}, all on one graph.</>}
        </p>
      )}
    </div>
  );
}
