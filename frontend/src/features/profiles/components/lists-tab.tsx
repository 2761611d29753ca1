import type { WatchlistItem } from '@cinema-dna/shared-types';
import { Check, ListVideo } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { EntityImage } from '../../entities';
import { EmptyState, LoadFailed, StarRating, relativeTime } from '../../social';
import { useUserWatchlist } from '../api/get-user-watchlist';

/** Spec §8 empty state of one's own watchlist. */
export const WATCHLIST_EMPTY = 'Your watchlist is empty. Add movies you want to watch!';

/**
 * The Lists tab: the user's watchlist (films to watch, newest addition first) and, apart from it, the
 * films marked watched (a watched mark or an imported rating is no film to watch: "Watchlist · N"
 * counts the watchlist alone). Dates are the ones the items were added or watched on, Letterboxd's for
 * an import.
 */
export function ListsTab({ userId, isSelf, name }: { userId: number; isSelf: boolean; name: string }) {
  const watchlist = useUserWatchlist(userId);
  if (watchlist.isError) return <LoadFailed what="The watchlist" error={watchlist.error} onRetry={() => void watchlist.refetch()} />;
  if (!watchlist.data)
    return (
      <div aria-busy="true" aria-label="Loading the watchlist" className="grid gap-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  const toWatch = watchlist.data.filter((item) => !item.watched);
  const watched = watchlist.data.filter((item) => item.watched).toSorted((a, b) => (b.watchedAt ?? b.addedAt).localeCompare(a.watchedAt ?? a.addedAt));
  const empty = isSelf ? WATCHLIST_EMPTY : `${name}’s watchlist is empty.`;
  if (watchlist.data.length === 0) return <EmptyState title={empty} icon={<ListVideo aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />} />;
  return (
    <div className="grid gap-8">
      <section aria-labelledby="watchlist-title">
        <h3 id="watchlist-title" className="mb-4 font-display text-xl font-medium text-bone-50">
          Watchlist <span className="text-base text-bone-500">· {formatCount(toWatch.length)}</span>
        </h3>
        {toWatch.length === 0 ? (
          <p className="text-sm text-bone-400">{empty}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="watchlist-items">
            {toWatch.map((item) => (
              <ListItem key={item.id} item={item} when={`Added ${relativeTime(item.addedAt)}`} />
            ))}
          </ul>
        )}
      </section>
      {watched.length > 0 && (
        <section aria-labelledby="watched-title">
          <h3 id="watched-title" className="mb-4 font-display text-xl font-medium text-bone-50">
            Watched <span className="text-base text-bone-500">· {formatCount(watched.length)}</span>
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="watched-items">
            {watched.map((item) => (
              <ListItem key={item.id} item={item} when={`Watched ${relativeTime(item.watchedAt ?? item.addedAt)}`} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ListItem({ item, when }: { item: WatchlistItem; when: string }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-850/70 p-3">
      <EntityImage entity={{ type: 'movie', name: item.movieTitle, poster_path: item.posterPath }} size="w92" compact className="h-[5.5rem] w-[3.75rem] shrink-0 rounded-lg" />
      <div className="min-w-0 py-1">
        <Link to={`/entity/movie/${encodeURIComponent(item.movieId)}`} className="line-clamp-2 font-medium text-bone-50 hover:text-amber-soft">
          {item.movieTitle}
        </Link>
        <p className="mt-1 text-xs text-bone-500">{when}</p>
        {item.watched && item.rating !== null && (
          <p className="mt-1.5 flex items-center gap-2 text-xs text-bone-300">
            <Check aria-hidden className="size-3.5 text-amber-glow" />
            <StarRating rating={item.rating} />
          </p>
        )}
      </div>
    </li>
  );
}
