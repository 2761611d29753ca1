import { DIARY_TEXTS, type DiaryEntry } from '@cinema-dna/shared-types';
import { Lock, MapPin, Pencil, Repeat, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { EntityImage } from '../../entities';
import { ConfirmDeleteDialog, StarRatingDisplay } from '../../reviews';
import { useDeleteDiaryEntry } from '../api/write-diary-entry';
import { groupEntriesByYear } from '../lib/diary-years';
import { formatWatchedDay } from '../lib/watched-date';
import { openDiaryEntryEditor } from '../store';

/** Spec §2: 5 loading placeholders. */
export const DIARY_SKELETON_ROWS = 5;

export function DiaryListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your diary" className="grid gap-3" data-testid="diary-skeleton">
      {Array.from({ length: DIARY_SKELETON_ROWS }, (_, row) => (
        <div key={row} className="flex items-center gap-4 rounded-2xl border border-ink-800 bg-ink-850/40 p-3" data-testid="diary-skeleton-row">
          <Skeleton className="h-[69px] w-[46px] shrink-0 rounded-md" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

function DiaryEntryRow({ entry, onDelete }: { entry: DiaryEntry; onDelete: (entry: DiaryEntry) => void }) {
  const movieLink = `/entity/movie/${encodeURIComponent(entry.movieId)}`;
  return (
    <li className="group flex gap-3 rounded-2xl border border-ink-800 bg-ink-850/50 p-3 transition-colors hover:border-ink-600 sm:gap-4" data-testid="diary-entry">
      <div className="w-12 shrink-0 pt-1 text-center sm:w-14">
        <time dateTime={entry.watchedDate} className="block text-xs font-semibold uppercase tracking-[0.14em] text-amber-glow">
          {formatWatchedDay(entry.watchedDate)}
        </time>
      </div>
      <Link to={movieLink} className="shrink-0" tabIndex={-1} aria-hidden>
        <EntityImage entity={{ type: 'movie', name: entry.movieTitle, poster_path: entry.posterPath }} size="w92" className="aspect-[2/3] w-[46px] rounded-md sm:w-[52px]" alt="" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={movieLink} className="font-medium leading-snug text-bone-50 hover:text-amber-soft">
          {entry.movieTitle}
        </Link>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-bone-400">
          {entry.rating !== null && <StarRatingDisplay value={entry.rating} />}
          {entry.rewatch && (
            <Badge tone="outline">
              <Repeat aria-hidden className="size-3" />
              Rewatch
            </Badge>
          )}
          {entry.isPrivate && (
            <Badge tone="neutral">
              <Lock aria-hidden className="size-3" />
              Private
            </Badge>
          )}
          {entry.location && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin aria-hidden className="size-3 shrink-0 text-bone-500" />
              <span className="truncate">{entry.location}</span>
            </span>
          )}
        </div>
        {entry.notes && <p className="mt-2 line-clamp-3 whitespace-pre-line break-words text-sm leading-relaxed text-bone-300">{entry.notes}</p>}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
        <button
          type="button"
          aria-label={`Edit ${entry.movieTitle}`}
          onClick={() => openDiaryEntryEditor(entry)}
          className="grid size-9 place-items-center rounded-full text-bone-400 transition-colors hover:bg-ink-700 hover:text-bone-50"
        >
          <Pencil aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          aria-label={`Delete ${entry.movieTitle}`}
          onClick={() => onDelete(entry)}
          className="grid size-9 place-items-center rounded-full text-bone-400 transition-colors hover:bg-scarlet/10 hover:text-scarlet"
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}

/** The entries grouped by year, newest year first and newest entry first, with edit and delete on each. */
export function DiaryEntryList({ entries }: { entries: readonly DiaryEntry[] }) {
  const [deleting, setDeleting] = useState<DiaryEntry | null>(null);
  const deleteMutation = useDeleteDiaryEntry();

  function confirmDelete() {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: DIARY_TEXTS.deletedTitle, description: DIARY_TEXTS.deleted });
      },
      onError: () => toast({ title: 'Error', description: DIARY_TEXTS.deleteFailed, variant: 'destructive' }),
    });
  }

  return (
    <>
      <div className="grid gap-10">
        {groupEntriesByYear(entries).map(({ year, entries: yearEntries }) => (
          <section key={year} aria-labelledby={`diary-year-${year}`} data-testid="diary-year">
            <div className="mb-4 flex items-baseline gap-3 border-b border-ink-700 pb-2">
              <h2 id={`diary-year-${year}`} className="font-display text-3xl font-medium tracking-tight text-bone-50">
                {year}
              </h2>
              <span className="text-sm text-bone-500">{plural(yearEntries.length, 'film')}</span>
            </div>
            <ul className="grid gap-3">
              {yearEntries.map((entry) => (
                <DiaryEntryRow key={entry.id} entry={entry} onDelete={setDeleting} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this diary entry?"
        description={deleting ? <>Your entry for {deleting.movieTitle} on {formatWatchedDay(deleting.watchedDate)}, {deleting.watchedDate.slice(0, 4)} will be removed for good.</> : null}
        confirmLabel="Delete entry"
        pending={deleteMutation.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
