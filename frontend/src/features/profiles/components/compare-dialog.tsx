import type { ProfileComparison } from '@cinema-dna/shared-types';
import { GitCompareArrows, Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCount, plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { PathChain } from '../../connections';
import { LoadFailed, StarRating } from '../../social';
import { useProfileComparison } from '../api/compare-profiles';

type Compared = ProfileComparison['a'];

function Favourite({ person }: { person: Compared }) {
  return (
    <div className="min-w-0 rounded-2xl bg-ink-900/70 p-4">
      <p className="truncate text-sm font-medium text-bone-100">{person.displayName || person.username}</p>
      <p className="text-xs text-bone-500">{plural(person.filmsLogged, 'film')} logged</p>
      <p className="mt-3 flex items-center gap-1.5 text-xs uppercase tracking-wide text-bone-500">
        <Heart aria-hidden className="size-3.5 text-amber-glow" />
        Favourite
      </p>
      {person.favourite ? (
        <Link to={`/entity/movie/${encodeURIComponent(person.favourite.movieId)}`} className="mt-1 block truncate font-medium text-amber-soft hover:underline">
          {person.favourite.title}
        </Link>
      ) : (
        <p className="mt-1 text-sm text-bone-500">No diary entries yet</p>
      )}
    </div>
  );
}

function ComparisonBody({ data }: { data: ProfileComparison }) {
  return (
    <div className="mt-6 grid gap-6">
      <dl className="grid grid-cols-2 gap-3">
        <div className="flex flex-col-reverse rounded-2xl border border-ink-700 p-4">
          <dt className="text-sm text-bone-400">Films in common</dt>
          <dd className="font-display text-3xl tabular-nums text-bone-50">{formatCount(data.commonCount)}</dd>
        </div>
        <div className="flex flex-col-reverse rounded-2xl border border-ink-700 p-4">
          <dt className="text-sm text-bone-400">Taste overlap</dt>
          <dd className="font-display text-3xl tabular-nums text-bone-50">{data.tasteOverlap}%</dd>
        </div>
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        <Favourite person={data.a} />
        <Favourite person={data.b} />
      </div>
      <section>
        <h3 className="font-display text-lg font-medium text-bone-50">Between your favourites</h3>
        {data.chain ? (
          <>
            <p className="mt-1 text-sm text-bone-400">{plural(data.chain.degrees, 'degree')} apart</p>
            <PathChain path={data.chain.path} />
          </>
        ) : (
          <p className="mt-1 text-sm text-bone-500">
            {data.a.favourite && data.b.favourite ? 'No chain links the two favourites within 6 degrees.' : 'Both of you need a logged film to link your favourites.'}
          </p>
        )}
      </section>
      {data.filmsInCommon.length > 0 && (
        <section>
          <h3 className="font-display text-lg font-medium text-bone-50">Films you both logged</h3>
          <table className="mt-3 w-full text-sm">
            <thead>
              <tr className="text-left text-xs uppercase tracking-wide text-bone-500">
                <th className="pb-2 font-medium">Film</th>
                <th className="pb-2 font-medium">{data.a.displayName || data.a.username}</th>
                <th className="pb-2 font-medium">{data.b.displayName || data.b.username}</th>
              </tr>
            </thead>
            <tbody>
              {data.filmsInCommon.map((film) => (
                <tr key={film.movieId} className="border-t border-ink-700/70">
                  <td className="py-2 pr-2">
                    <Link to={`/entity/movie/${encodeURIComponent(film.movieId)}`} className="text-bone-100 hover:text-amber-soft">
                      {film.title}
                    </Link>
                  </td>
                  <td className="py-2 pr-2">{film.ratingA === null ? <span className="text-bone-500">—</span> : <StarRating rating={film.ratingA} />}</td>
                  <td className="py-2">{film.ratingB === null ? <span className="text-bone-500">—</span> : <StarRating rating={film.ratingB} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** 'Compare' on another user's profile (signed in): the two of you side by side. */
export function CompareDialog({ viewerId, userId, name }: { viewerId: number; userId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const comparison = useProfileComparison(viewerId, userId, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <GitCompareArrows aria-hidden className="size-4" />
          Compare
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogTitle>You and {name}</DialogTitle>
        <DialogDescription>Films in common, how much your tastes overlap and what links your favourites.</DialogDescription>
        {comparison.isError ? (
          <div className="mt-6">
            <LoadFailed what="The comparison" error={comparison.error} onRetry={() => void comparison.refetch()} />
          </div>
        ) : comparison.data ? (
          <ComparisonBody data={comparison.data} />
        ) : (
          <div aria-busy="true" aria-label="Comparing" className="mt-6 grid gap-3">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-28 rounded-2xl" />
            <Skeleton className="h-40 rounded-2xl" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
