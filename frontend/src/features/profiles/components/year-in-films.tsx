import type { CountedEntity, YearStats } from '@cinema-dna/shared-types';
import { CalendarRange } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCount, plural } from '../../../lib/number-format';
import { Select } from '../../../ui/form-field';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, LoadFailed, entityPathOf } from '../../social';
import { useYearStats } from '../api/get-year-stats';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The ten rating buckets of YearStats.ratingSpread: 0.5, 1, …, 5 stars. */
const RATING_LABELS = Array.from({ length: 10 }, (_, index) => String((index + 1) / 2));

/** Monthly counts as chart rows. */
export const monthRows = (stats: YearStats) => stats.filmsByMonth.map((count, index) => ({ label: MONTHS[index]!, count }));
/** Rating buckets as chart rows. */
export const ratingRows = (stats: YearStats) => stats.ratingSpread.map((count, index) => ({ label: RATING_LABELS[index]!, count }));

/** A screen reader's version of a chart: "Jan 2, Feb 0, …". */
const describeRows = (rows: { label: string; count: number }[], unit = '') => rows.map((row) => `${row.label}${unit} ${row.count}`).join(', ');

/** Round gridline steps for the count axis: the smallest of 1, 2, 5, 10, 20… giving at most four lines. */
export function axisTicks(max: number): number[] {
  const target = Math.max(1, max);
  let step = 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    const found = [1, 2, 5].map((factor) => factor * magnitude).find((candidate) => Math.ceil(target / candidate) <= 4);
    if (found) {
      step = found;
      break;
    }
  }
  const top = Math.ceil(target / step) * step;
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/**
 * A bar per row, drawn with plain elements (no chart library: recharts was 117 kB compressed for two
 * small charts). Bars rise once with a transform (compositor only; not with reduced motion), each
 * bar tells its exact count on hover, and screen readers get the whole chart as one sentence.
 */
function CountChart({ title, rows, unit, xLabel, shortLabels = false }: { title: string; rows: { label: string; count: number }[]; unit?: string; xLabel: string; shortLabels?: boolean }) {
  const ticks = axisTicks(Math.max(0, ...rows.map((row) => row.count)));
  const top = ticks.at(-1)!;
  return (
    <figure className="min-w-0 rounded-2xl border border-ink-700 bg-ink-900/60 p-4">
      <figcaption className="mb-3 text-sm font-medium text-bone-200">{title}</figcaption>
      <div role="img" aria-label={`${title}: ${describeRows(rows, unit)}`} className="grid h-48 grid-cols-[auto_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_auto] gap-x-2 text-[11px] text-bone-500">
        {/* The count axis: its labels at the gridlines' heights. */}
        <div aria-hidden className="relative w-6">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2 tabular-nums" style={{ bottom: `${(tick / top) * 100}%` }}>
              {formatCount(tick)}
            </span>
          ))}
        </div>
        <div aria-hidden className="relative border-b border-white/[0.06]">
          {ticks.slice(1).map((tick) => (
            <span key={tick} className="absolute inset-x-0 border-t border-white/[0.06]" style={{ bottom: `${(tick / top) * 100}%` }} />
          ))}
          <div className="absolute inset-0 flex items-end gap-[6%] px-[2%]">
            {rows.map((row) => (
              <div key={row.label} title={`${row.label}${unit ?? ''}: ${formatCount(row.count)} ${xLabel.toLowerCase()}`} className="group flex h-full min-w-0 flex-1 items-end justify-center hover:bg-amber-glow/[0.08]">
                <span
                  data-testid="chart-bar"
                  className="block w-full max-w-7 origin-bottom animate-bar-rise rounded-t bg-amber-glow"
                  style={{ height: `${(row.count / top) * 100}%` }}
                />
              </div>
            ))}
          </div>
        </div>
        <span />
        <div aria-hidden className="flex gap-[6%] px-[2%] pt-1.5">
          {rows.map((row) => (
            <span key={row.label} className="min-w-0 flex-1 text-center">
              {/* Months shorten to their initial on a phone ("J F M…"). */}
              {shortLabels ? (
                <>
                  <span className="sm:hidden">{row.label.slice(0, 1)}</span>
                  <span className="hidden sm:inline">{row.label}</span>
                </>
              ) : (
                row.label
              )}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}

/** A counted person or genre; people link to their page. */
function TopName({ item }: { item: CountedEntity }) {
  const path = item.key.startsWith('person:') ? entityPathOf(item.key) : null;
  return path ? (
    <Link to={path} className="truncate text-bone-200 hover:text-amber-soft">
      {item.name}
    </Link>
  ) : (
    <span className="truncate text-bone-200">{item.name}</span>
  );
}

function TopList({ title, items }: { title: string; items: CountedEntity[] }) {
  const max = Math.max(1, ...items.map((item) => item.count));
  return (
    <section className="min-w-0 rounded-2xl border border-ink-700 bg-ink-900/60 p-4">
      <h4 className="mb-3 text-sm font-medium text-bone-200">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-bone-500">None yet.</p>
      ) : (
        <ol className="grid gap-2">
          {items.map((item) => (
            <li key={item.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 text-sm">
              <TopName item={item} />
              <span className="tabular-nums text-bone-400">{plural(item.count, 'film')}</span>
              <span aria-hidden className="col-span-2 mt-1 h-1 rounded-full bg-ink-700">
                <span className="block h-full rounded-full bg-amber-glow/70" style={{ width: `${(item.count / max) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** 'Year in films': films per month, the ratings spread, most-logged people and genres, with a year picker. */
export function YearInFilms({ userId }: { userId: number }) {
  const [year, setYear] = useState<number | null>(null);
  const stats = useYearStats(userId, year);
  const pickerId = useId();

  let body;
  if (stats.isError) body = <LoadFailed what="The year in films" error={stats.error} onRetry={() => void stats.refetch()} />;
  else if (!stats.data)
    body = (
      <div aria-busy="true" aria-label="Loading the year in films" className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-60 rounded-2xl" />
        <Skeleton className="h-60 rounded-2xl" />
      </div>
    );
  else if (stats.data.filmsLogged === 0)
    body = (
      <EmptyState title={`No films logged in ${stats.data.year}`} icon={<CalendarRange aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />}>
        Films logged in the diary show up here, month by month.
      </EmptyState>
    );
  else {
    const data = stats.data;
    body = (
      <div className="grid gap-4">
        <p className="text-sm text-bone-400">
          {plural(data.filmsLogged, 'film')} logged{data.rewatches > 0 && `, ${plural(data.rewatches, 'rewatch', 'rewatches')}`}
          {data.averageRating !== null && ` · average rating ${data.averageRating.toFixed(1)} stars`}
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <CountChart title="Films logged per month" rows={monthRows(data)} xLabel="Films" shortLabels />
          <CountChart title="Ratings spread" rows={ratingRows(data)} unit="★" xLabel="Films" />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <TopList title="Most-logged people" items={data.topPeople} />
          <TopList title="Most-logged genres" items={data.topGenres} />
        </div>
      </div>
    );
  }

  const shownYear = year ?? stats.data?.year ?? null;
  const years = stats.data ? [...new Set([...(shownYear === null ? [] : [shownYear]), ...stats.data.years])].sort((a, b) => b - a) : [];
  return (
    <section aria-labelledby={`${pickerId}-title`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${pickerId}-title`} className="font-display text-xl font-medium text-bone-50">
          Year in films
        </h3>
        {years.length > 0 && (
          <label className="flex items-center gap-2 text-sm text-bone-400">
            Year
            <Select aria-label="Year" value={shownYear ?? ''} onChange={(event) => setYear(Number(event.target.value))} className="h-9 w-28">
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </label>
        )}
      </div>
      {body}
    </section>
  );
}
