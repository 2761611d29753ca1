import { BookmarkCheck, BookmarkPlus, CircleCheck, Eye } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { authState, openLoginDialog } from '../../auth';
import { useAddToWatchlist } from '../api/add-to-watchlist';
import { useWatchlistItem } from '../api/get-watchlist';
import { useMarkWatched } from '../api/mark-watched';
import { useRemoveFromWatchlist } from '../api/remove-from-watchlist';
import { WATCHLIST_TEXTS } from '../texts';

/** The movie a button acts on. */
export interface WatchlistMovie {
  movieId: string;
  movieTitle: string;
  posterPath: string | null;
}

/** The spec's failure text, or the server's reason for a refusal it explains (409 duplicate, 404 unknown movie). */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404) && error.serverMessage) return error.serverMessage;
  return fallback;
}

interface WatchlistButtonsProps {
  movie: WatchlistMovie;
  /** 'full': labelled buttons (the movie page); 'compact': small icon buttons (a movie card). */
  variant?: 'full' | 'compact';
  className?: string;
}

/**
 * Spec §4 watchlist states: Add to Watchlist / Remove from Watchlist toggle, and Mark as Watched.
 * Signed out, either opens the login dialog; both wait (disabled) while the session check is out.
 */
export function WatchlistButtons({ movie, variant = 'full', className }: WatchlistButtonsProps) {
  const { user } = useSnapshot(authState);
  const { item, loading } = useWatchlistItem(movie.movieId);
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const mark = useMarkWatched();
  // Until the session check has answered (and, signed in, the list has come), a click could not know what
  // it does: it would ask a signed-in user to sign in, or add a movie already on the list.
  const settling = user === undefined || (user !== null && loading);
  const pending = add.isPending || remove.isPending || mark.isPending || settling;
  const onList = Boolean(item);
  const watched = Boolean(item?.watched);

  function toggle() {
    if (!user) return openLoginDialog('login');
    if (onList) {
      remove.mutate(movie.movieId, {
        onSuccess: () => toast({ title: WATCHLIST_TEXTS.removedTitle, description: `${movie.movieTitle} is off your watchlist.` }),
        onError: (error) => toast({ title: 'Error', description: failureText(error, WATCHLIST_TEXTS.removeFailed), variant: 'destructive' }),
      });
    } else {
      add.mutate(movie, {
        onSuccess: () => toast({ title: WATCHLIST_TEXTS.addedTitle, description: `${movie.movieTitle} is on your watchlist.` }),
        onError: (error) => toast({ title: 'Error', description: failureText(error, WATCHLIST_TEXTS.addFailed), variant: 'destructive' }),
      });
    }
  }

  function markAsWatched() {
    if (!user) return openLoginDialog('login');
    mark.mutate(movie, {
      onSuccess: () => toast({ title: WATCHLIST_TEXTS.markedTitle, description: `${movie.movieTitle} is marked as watched.` }),
      onError: (error) => toast({ title: 'Error', description: failureText(error, WATCHLIST_TEXTS.markFailed), variant: 'destructive' }),
    });
  }

  const toggleLabel = onList ? WATCHLIST_TEXTS.remove : WATCHLIST_TEXTS.add;
  const watchedLabel = watched ? WATCHLIST_TEXTS.watched : WATCHLIST_TEXTS.markWatched;
  const ToggleIcon = onList ? BookmarkCheck : BookmarkPlus;
  const WatchedIcon = watched ? CircleCheck : Eye;

  if (variant === 'compact') {
    const compact = 'size-8 rounded-full bg-ink-950/80 text-bone-100 ring-1 ring-inset ring-ink-600 backdrop-blur hover:text-amber-soft';
    return (
      <div className={cn('flex gap-1.5', className)}>
        <button
          type="button"
          aria-label={`${toggleLabel}: ${movie.movieTitle}`}
          aria-pressed={onList}
          title={toggleLabel}
          disabled={pending}
          onClick={toggle}
          className={cn('grid place-items-center transition-colors disabled:opacity-50', compact, onList && 'text-amber-glow ring-amber-glow/50')}
        >
          <ToggleIcon aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          aria-label={watched ? `Watched: ${movie.movieTitle}` : `${WATCHLIST_TEXTS.markWatched}: ${movie.movieTitle}`}
          aria-pressed={watched}
          title={watchedLabel}
          disabled={pending || watched}
          onClick={markAsWatched}
          className={cn('grid place-items-center transition-colors disabled:opacity-60', compact, watched && 'text-live ring-live/40')}
        >
          <WatchedIcon aria-hidden className="size-4" />
        </button>
      </div>
    );
  }

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button variant={onList ? 'secondary' : 'primary'} onClick={toggle} disabled={pending} aria-pressed={onList}>
        <ToggleIcon aria-hidden className="size-4" />
        {toggleLabel}
      </Button>
      <Button variant="secondary" onClick={markAsWatched} disabled={pending || watched} aria-pressed={watched}>
        <WatchedIcon aria-hidden className={cn('size-4', watched && 'text-live')} />
        {watchedLabel}
      </Button>
    </div>
  );
}
