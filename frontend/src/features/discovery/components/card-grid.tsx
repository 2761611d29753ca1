import type { MovieCard as MovieCardData, PersonCard as PersonCardData } from '@cinema-dna/shared-types';
import { Film, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import type { ListView } from '../lib/list-fallback';
import { MovieCard, type MovieCardLayout } from './movie-card';
import { PersonCard } from './person-card';

/** The grids: six posters a row on a desktop, two on a phone; wide cards three, two or one a row. */
const GRIDS = {
  poster: 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 lg:gap-x-5',
  wide: 'grid gap-4 md:grid-cols-2 xl:grid-cols-3',
  /** One wide card (Surprise Me), as wide as two would be. */
  single: 'grid max-w-xl',
} as const;
type GridKind = keyof typeof GRIDS;

function GridSkeleton({ label, count, layout }: { label: string; count: number; layout: MovieCardLayout }) {
  return (
    <ul aria-busy="true" aria-label={`Loading ${label}`} className={GRIDS[layout]} data-testid="discovery-skeleton">
      {Array.from({ length: count }, (_, index) =>
        layout === 'poster' ? (
          <li key={index} className="grid gap-2">
            <Skeleton className="aspect-[2/3] w-full rounded-xl" />
            <Skeleton className="mt-1 h-4 w-4/5" />
            <Skeleton className="h-3 w-1/2" />
          </li>
        ) : (
          <li key={index} className="flex gap-4 rounded-2xl border border-ink-800 p-3 sm:p-4">
            <Skeleton className="aspect-[2/3] w-24 shrink-0 rounded-xl sm:w-28" />
            <div className="grid flex-1 content-start gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="mt-2 h-3 w-full" />
              <Skeleton className="h-3 w-5/6" />
            </div>
          </li>
        ),
      )}
    </ul>
  );
}

/** A list that could not be read, in the words of the spec's trending error, with a retry. */
function ListFailed({ label, error, onRetry }: { label: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-ink-700 bg-ink-850/40 px-5 py-8 text-center">
      <p className="text-bone-200">Unable to load {label} at the moment.</p>
      {error instanceof ApiRequestError && <p className="mt-1 text-xs text-bone-500">{error.message}</p>}
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </Button>
    </div>
  );
}

/** An empty list. */
export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 px-6 py-10 text-center text-bone-400">
      <Film aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />
      <p className="mt-3 max-w-sm text-sm">{children}</p>
    </div>
  );
}

interface CardListProps<T> {
  /** The list's accessible name (its heading). */
  label: string;
  view: ListView<T>;
  onRetry: () => void;
  /** What an empty list says. */
  empty: ReactNode;
  /** Placeholders while loading. */
  skeletons: number;
  layout?: MovieCardLayout;
  /** The grid's columns; the card layout's own by default. */
  grid?: GridKind;
  children: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}

/** A list's states: skeletons, its error with a retry, its empty text, or its cards. */
function CardList<T>({ label, view, onRetry, empty, skeletons, layout = 'poster', grid = layout, children, itemKey }: CardListProps<T>) {
  if (view.status === 'pending') return <GridSkeleton label={label} count={skeletons} layout={layout} />;
  if (view.status === 'error') return <ListFailed label={label} error={view.error} onRetry={onRetry} />;
  if (view.items.length === 0) return <ListEmpty>{empty}</ListEmpty>;
  return (
    <>
      {view.source === 'trending' && <p className="-mt-2 mb-5 text-sm text-bone-500">Nothing to show here yet, so these come from Trending Movies.</p>}
      <ul aria-label={label} className={GRIDS[grid]}>
        {view.items.map((item) => (
          <li key={itemKey(item)} className={cn(layout === 'poster' && 'min-w-0')}>
            {children(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

interface MovieListProps<T extends MovieCardData> extends Omit<CardListProps<T>, 'children' | 'itemKey'> {
  /** The release day instead of the year (Coming Soon); not on the trending films standing in for the list. */
  showReleaseDay?: boolean;
  /** A card's note (reason, awards, friends). */
  note?: (movie: T) => ReactNode;
}

/** A list of movie cards with its states. */
export function MovieList<T extends MovieCardData>({ showReleaseDay, note, layout = 'poster', ...list }: MovieListProps<T>) {
  return (
    <CardList {...list} layout={layout} itemKey={(movie) => movie.key}>
      {(movie) => <MovieCard movie={movie} layout={layout} showReleaseDay={showReleaseDay && list.view.status === 'success' && list.view.source === 'own'} note={note?.(movie)} />}
    </CardList>
  );
}

/** A list of person cards with its states. */
export function PersonList(props: Omit<CardListProps<PersonCardData>, 'children' | 'itemKey' | 'layout'>) {
  return (
    <CardList {...props} layout="poster" itemKey={(person) => person.key}>
      {(person) => <PersonCard person={person} />}
    </CardList>
  );
}
