import { Check, ListVideo } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../ui/skeleton';
import { EntityImage } from '../../entities';
import { EmptyState, LoadFailed, StarRating, relativeTime } from '../../social';
import { useUserWatchlist } from '../api/get-user-watchlist';

/** Spec §8 empty state of one's own watchlist. */
export const WATCHLIST_EMPTY = 'Your watchlist is empty. Add movies you want to watch!';

/** The Lists tab: the user's watchlist, read-only, newest addition first. */
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
  if (watchlist.data.length === 0)
    return <EmptyState title={isSelf ? WATCHLIST_EMPTY : `${name}’s watchlist is empty.`} icon={<ListVideo aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />} />;
  return (
    <section aria-labelledby="watchlist-title">
      <h3 id="watchlist-title" className="mb-4 font-display text-xl font-medium text-bone-50">
        Watchlist <span className="text-base text-bone-500">· {watchlist.data.length}</span>
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {watchlist.data.map((item) => (
          <li key={item.id} className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-850/70 p-3">
            <EntityImage entity={{ type: 'movie', name: item.movieTitle, poster_path: item.posterPath }} size="w92" compact className="h-[5.5rem] w-[3.75rem] shrink-0 rounded-lg" />
            <div className="min-w-0 py-1">
              <Link to={`/entity/movie/${encodeURIComponent(item.movieId)}`} className="line-clamp-2 font-medium text-bone-50 hover:text-amber-soft">
                {item.movieTitle}
              </Link>
              <p className="mt-1 text-xs text-bone-500">Added {relativeTime(item.addedAt)}</p>
              {item.watched && (
                <p className="mt-1.5 flex items-center gap-2 text-xs text-bone-300">
                  <Check aria-hidden className="size-3.5 text-amber-glow" />
                  Watched
                  {item.rating !== null && <StarRating rating={item.rating} />}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
