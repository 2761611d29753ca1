import { DIARY_SEARCH_MIN, plural } from '@cinema-dna/shared-types';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/class-names';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { EntityImage, TYPEAHEAD_DEBOUNCE_MS } from '../../entities';
import { canSearchDiaryMovies, useDiaryMovieSearch } from '../api/search-diary-movies';
import type { DiaryMovie } from '../lib/diary-form';

interface DiaryMoviePickerProps {
  value: DiaryMovie | null;
  onChange: (movie: DiaryMovie | null) => void;
}

/** The chosen film (poster at w154) with Change, or a search over the catalog's movies: at most 8, from 3 characters. */
export function DiaryMoviePicker({ value, onChange }: DiaryMoviePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), TYPEAHEAD_DEBOUNCE_MS);
  const { results, isFetching, isError } = useDiaryMovieSearch(debounced);
  const ready = canSearchDiaryMovies(query) && canSearchDiaryMovies(debounced);

  if (value) {
    return (
      <div className="flex items-center gap-4 rounded-2xl border border-amber-glow/30 bg-ink-950/40 p-3" data-testid="diary-selected-movie">
        <EntityImage entity={{ type: 'movie', name: value.movieTitle, poster_path: value.posterPath }} size="w154" className="aspect-[2/3] w-20 shrink-0 rounded-lg" alt={`Poster of ${value.movieTitle}`} />
        <div className="min-w-0 flex-1">
          <p className="text-[11px] font-semibold uppercase tracking-[0.16em] text-bone-500">Movie</p>
          <p className="mt-1 font-display text-lg font-medium leading-snug text-bone-50">{value.movieTitle}</p>
          {value.year && <p className="text-sm text-bone-400">{value.year}</p>}
        </div>
        <button
          type="button"
          onClick={() => {
            setQuery('');
            onChange(null);
          }}
          className="self-start rounded-full px-3 py-1.5 text-sm font-medium text-amber-soft hover:bg-ink-800"
        >
          Change
        </button>
      </div>
    );
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-bone-100">
        Movie
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-bone-500" />
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={ready && results.length > 0}
          aria-controls={`${id}-results`}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          placeholder="Search for a movie…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="block h-11 w-full rounded-xl border border-ink-600 bg-ink-950/60 pl-10 pr-10 text-[15px] text-bone-50 placeholder:text-bone-500 hover:border-ink-500 focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25 [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          <button type="button" aria-label="Clear movie search" onClick={() => setQuery('')} className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-bone-500 hover:bg-ink-700 hover:text-bone-100">
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-bone-500">
        {!canSearchDiaryMovies(query)
          ? `Type at least ${plural(DIARY_SEARCH_MIN, 'character')} to search.`
          : !ready || isFetching
            ? 'Searching…'
            : isError
              ? 'Search is unavailable right now.'
              : results.length === 0
                ? `No movies match “${debounced}”.`
                : `${plural(results.length, 'movie')} found`}
      </p>
      <ul id={`${id}-results`} role="listbox" aria-label="Movie results" className={cn('grid gap-1', !(ready && results.length) && 'hidden')}>
        {ready &&
          results.map((movie) => (
            <li
              key={movie.key}
              role="option"
              aria-selected={false}
              tabIndex={0}
              aria-label={movie.year ? `${movie.name} (${movie.year})` : movie.name}
              onClick={() => onChange({ movieId: movie.id, movieTitle: movie.name, posterPath: movie.poster_path, year: movie.year })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onChange({ movieId: movie.id, movieTitle: movie.name, posterPath: movie.poster_path, year: movie.year });
                }
              }}
              className="flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 transition-colors hover:bg-ink-800 focus-visible:bg-ink-800 focus-visible:outline-none"
            >
              <EntityImage entity={{ type: 'movie', name: movie.name, poster_path: movie.poster_path }} size="w92" compact className="h-12 w-8 shrink-0 rounded-md" alt="" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-bone-50">{movie.name}</span>
                {movie.year && <span className="block text-xs text-bone-400">{movie.year}</span>}
              </span>
            </li>
          ))}
      </ul>
    </div>
  );
}
