import { ENTITY_TYPES, FILTER_AWARDS, FILTER_LANGUAGES, plural, SORT_FIELDS, type EntitySummary, type EntityType } from '@cinema-dna/shared-types';
import { ListFilter, Search, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeEntity, ENTITY_TYPE_PLURALS, EntityImage, EntityTypeIcon, useGenres } from '../../entities';
import { cn } from '../../../lib/class-names';
import { formatCount } from '../../../lib/number-format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { CheckboxChip } from '../../../ui/checkbox';
import { CollapsibleSection } from '../../../ui/collapsible-section';
import { Select } from '../../../ui/form-field';
import { Skeleton } from '../../../ui/skeleton';
import { Slider } from '../../../ui/slider';
import {
  DEFAULT_FILTERS,
  FACETED_MIN_QUERY,
  FACETED_PAGE,
  RATING_BOUNDS,
  YEAR_BOUNDS,
  useFacetedSearch,
  type FacetedFilters,
  type FilterAward,
  type FilterLanguage,
  type SortField,
} from '../api/faceted-search';

const AWARD_LABELS: Record<FilterAward, string> = {
  'oscar-winner': 'Oscar winner',
  'oscar-nominee': 'Oscar nominee',
  'golden-globe-winner': 'Golden Globe winner',
  'golden-globe-nominee': 'Golden Globe nominee',
  'bafta-winner': 'BAFTA winner',
  'bafta-nominee': 'BAFTA nominee',
  'cannes-winner': 'Cannes winner',
  'venice-winner': 'Venice winner',
  'berlin-winner': 'Berlin winner',
};

const LANGUAGE_LABELS: Record<FilterLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  hi: 'Hindi',
  ru: 'Russian',
};

const SORT_LABELS: Record<SortField, string> = {
  popularity: 'Popularity',
  release_date: 'Release date',
  vote_average: 'Rating',
  vote_count: 'Vote count',
  title: 'Title',
};

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((x) => x !== item);
}

interface FacetedFilterPanelProps {
  /** Puts a result into the finder as its From or To. */
  onPick?: (entity: EntitySummary, end: 'from' | 'to') => void;
  /** Keys currently in the finder, so their buttons show as chosen. */
  picked?: { from: string | null; to: string | null };
}

/** The faceted search: free text, collapsible filter sections, sort, and the matching entities. */
export function FacetedFilterPanel({ onPick, picked }: FacetedFilterPanelProps) {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<FacetedFilters>(DEFAULT_FILTERS);
  const query = useDebouncedValue(text, 300);
  const [limit, setLimit] = useState(FACETED_PAGE);
  const active = { ...filters, query };
  const search = useFacetedSearch(active, limit);
  const genres = useGenres();
  const update = (patch: Partial<FacetedFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setLimit(FACETED_PAGE);
  };
  const ready = query.trim().length >= FACETED_MIN_QUERY;

  return (
    <div className="grid overflow-hidden rounded-[1.75rem] border border-ink-700 bg-ink-850/70 lg:grid-cols-[23rem_1fr]">
      <div className="border-b border-ink-700 p-5 sm:p-6 lg:border-b-0 lg:border-r">
        <label htmlFor="faceted-query" className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-400">
          Search the catalog
        </label>
        <div className="relative mt-1.5">
          <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-bone-500" />
          <input
            id="faceted-query"
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setLimit(FACETED_PAGE);
            }}
            placeholder="Titles, people, genres…"
            className="block h-11 w-full rounded-xl border border-ink-600 bg-ink-950/60 pl-10 pr-3 text-[15px] text-bone-50 placeholder:text-bone-500 focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25"
          />
        </div>

        <div className="mt-4">
          <CollapsibleSection title="Entity types" summary={`${filters.entityTypes.length} selected`} defaultOpen>
            <div className="flex flex-wrap gap-2">
              {ENTITY_TYPES.map((type: EntityType) => (
                <CheckboxChip key={type} checked={filters.entityTypes.includes(type)} onChange={(e) => update({ entityTypes: toggle(filters.entityTypes, type, e.target.checked) })}>
                  <EntityTypeIcon type={type} className="size-3.5" />
                  {ENTITY_TYPE_PLURALS[type]}
                </CheckboxChip>
              ))}
            </div>
          </CollapsibleSection>
          <CollapsibleSection title="Release year" summary={`${filters.yearRange[0]} – ${filters.yearRange[1]}`}>
            <Slider
              thumbLabels={['Earliest year', 'Latest year']}
              min={YEAR_BOUNDS[0]}
              max={YEAR_BOUNDS[1]}
              step={1}
              minStepsBetweenThumbs={0}
              value={filters.yearRange}
              onValueChange={(value) => update({ yearRange: [value[0]!, value[1]!] })}
            />
            <div className="mt-2 flex justify-between text-xs text-bone-400 tabular-nums">
              <span>{filters.yearRange[0]}</span>
              <span>{filters.yearRange[1]}</span>
            </div>
          </CollapsibleSection>
          <CollapsibleSection title="Rating" summary={`${filters.ratingRange[0].toFixed(1)} – ${filters.ratingRange[1].toFixed(1)}`}>
            <Slider
              thumbLabels={['Lowest rating', 'Highest rating']}
              min={RATING_BOUNDS[0]}
              max={RATING_BOUNDS[1]}
              step={0.1}
              value={filters.ratingRange}
              onValueChange={(value) => update({ ratingRange: [Math.round(value[0]! * 10) / 10, Math.round(value[1]! * 10) / 10] })}
            />
            <div className="mt-2 flex justify-between text-xs text-bone-400 tabular-nums">
              <span>{filters.ratingRange[0].toFixed(1)}</span>
              <span>{filters.ratingRange[1].toFixed(1)}</span>
            </div>
          </CollapsibleSection>
          <CollapsibleSection title="Genres" summary={filters.genres.length ? `${filters.genres.length} selected` : 'Any'}>
            {genres.isPending ? (
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} className="h-8 w-20 rounded-full" />
                ))}
              </div>
            ) : genres.isError ? (
              <p className="text-sm text-bone-500">Genres are unavailable right now.</p>
            ) : (
              <div className="flex max-h-56 flex-wrap gap-2 overflow-y-auto pr-1">
                {genres.data.map((genre) => (
                  <CheckboxChip key={genre.id} checked={filters.genres.includes(genre.name)} onChange={(e) => update({ genres: toggle(filters.genres, genre.name, e.target.checked) })}>
                    {genre.name}
                    <span className="text-xs text-bone-500">{formatCount(genre.count)}</span>
                  </CheckboxChip>
                ))}
              </div>
            )}
          </CollapsibleSection>
          <CollapsibleSection title="Awards" summary={filters.awards.length ? `${filters.awards.length} selected` : 'Any'}>
            <div className="flex flex-wrap gap-2">
              {FILTER_AWARDS.map((award) => (
                <CheckboxChip key={award} checked={filters.awards.includes(award)} onChange={(e) => update({ awards: toggle(filters.awards, award, e.target.checked) })}>
                  {AWARD_LABELS[award]}
                </CheckboxChip>
              ))}
            </div>
          </CollapsibleSection>
          <CollapsibleSection title="Language" summary={filters.languages.length ? `${filters.languages.length} selected` : 'Any'}>
            <div className="flex flex-wrap gap-2">
              {FILTER_LANGUAGES.map((language) => (
                <CheckboxChip key={language} checked={filters.languages.includes(language)} onChange={(e) => update({ languages: toggle(filters.languages, language, e.target.checked) })}>
                  {LANGUAGE_LABELS[language]}
                </CheckboxChip>
              ))}
            </div>
          </CollapsibleSection>
        </div>

        <div className="mt-4 grid grid-cols-2 gap-3">
          <label className="grid gap-1.5 text-xs font-medium text-bone-400">
            Sort by
            <Select value={filters.sortBy} onChange={(e) => update({ sortBy: e.target.value as SortField })} className="h-10 text-sm">
              {SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {SORT_LABELS[field]}
                </option>
              ))}
            </Select>
          </label>
          <label className="grid gap-1.5 text-xs font-medium text-bone-400">
            Order
            <Select value={filters.sortOrder} onChange={(e) => update({ sortOrder: e.target.value as 'asc' | 'desc' })} className="h-10 text-sm">
              <option value="desc">Descending</option>
              <option value="asc">Ascending</option>
            </Select>
          </label>
        </div>
        <button
          type="button"
          onClick={() => {
            setFilters(DEFAULT_FILTERS);
            setText('');
          }}
          className="mt-4 text-xs text-bone-400 underline decoration-ink-600 underline-offset-4 hover:text-amber-soft"
        >
          Reset filters
        </button>
      </div>

      <div className="min-h-80 p-5 sm:p-6" aria-live="polite">
        {!ready ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 py-10 text-center text-bone-500">
            <ListFilter aria-hidden className="size-8 text-ink-500" strokeWidth={1.5} />
            <p className="max-w-xs text-sm">Type at least 2 characters to search, then narrow the results with the filters.</p>
          </div>
        ) : search.isPending ? (
          <ul className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex items-center gap-3 p-2">
                <Skeleton className="h-14 w-10" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/4" />
                </div>
              </li>
            ))}
          </ul>
        ) : search.isError ? (
          <p className="py-10 text-center text-sm text-bone-400">The search is unavailable right now. Please try again.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-bone-400">
              {search.data.total === 0 ? `No results for “${query.trim()}” with these filters.` : plural(search.data.total, 'result')}
              {search.data.results.length < search.data.total && ` · showing ${search.data.results.length}`}
            </p>
            <ul className={cn('grid gap-1.5 transition-opacity', search.isFetching && 'opacity-60')}>
              {search.data.results.map((entity) => (
                <li key={entity.key} className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-ink-800/70">
                  <EntityImage entity={entity} size="w92" className={entity.type === 'person' ? 'size-12 shrink-0 rounded-full' : 'h-14 w-10 shrink-0 rounded-md'} alt="" />
                  <div className="min-w-0 flex-1">
                    <Link to={`/entity/${entity.type}/${encodeURIComponent(entity.id)}`} className="block truncate font-medium text-bone-50 hover:text-amber-soft">
                      {entity.name}
                    </Link>
                    <p className="flex items-center gap-2 truncate text-xs text-bone-500">
                      {describeEntity(entity)}
                      {entity.vote_average !== null && entity.vote_average > 0 && (
                        <span className="inline-flex items-center gap-0.5 text-bone-300">
                          <Star aria-hidden className="size-3 fill-amber-glow text-amber-glow" />
                          {entity.vote_average.toFixed(1)}
                        </span>
                      )}
                    </p>
                  </div>
                  {onPick && (
                    <div className="flex shrink-0 gap-1">
                      {(['from', 'to'] as const).map((end) => {
                        const chosen = picked?.[end] === entity.key;
                        return (
                          <button
                            key={end}
                            type="button"
                            onClick={() => onPick(entity, end)}
                            aria-pressed={chosen}
                            aria-label={`Use ${entity.name} as ${end === 'from' ? 'From' : 'To'}`}
                            className={cn(
                              'rounded-full border px-2.5 py-1 text-xs transition-colors',
                              chosen ? 'border-amber-glow bg-amber-glow text-ink-950' : 'border-ink-600 text-bone-300 hover:border-amber-glow/60 hover:text-bone-50',
                            )}
                          >
                            {end === 'from' ? 'From' : 'To'}
                          </button>
                        );
                      })}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {search.data.results.length < search.data.total && (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" size="sm" disabled={search.isFetching} onClick={() => setLimit((current) => Math.min(100, current + FACETED_PAGE * 2))}>
                  {search.isFetching ? 'Loading…' : 'Show more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
