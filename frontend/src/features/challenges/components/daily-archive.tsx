import { ArrowRight, CircleCheck, History } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { useDailyArchive } from '../api/get-daily-archive';
import { DIFFICULTY_LABELS } from '../lib/challenge-tabs';
import { challengePlayPath } from './daily-challenge-card';

/** Past dailies, newest first: playable again, for no points. */
export function DailyArchive({ limit = 10 }: { limit?: number }) {
  const archive = useDailyArchive();
  if (archive.isError) return null;
  return (
    <section aria-labelledby="archive-title" className="rounded-3xl border border-ink-700 bg-ink-850/50 p-5 sm:p-7">
      <div className="flex items-center gap-2">
        <History aria-hidden className="size-4 text-amber-glow" />
        <h2 id="archive-title" className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">
          Archive
        </h2>
      </div>
      <p className="mt-2 text-sm text-bone-400">Past dailies stay playable. Replays earn no points.</p>
      {!archive.data ? (
        <div aria-busy="true" aria-label="Loading the archive" className="mt-4 grid gap-2">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12" />
          ))}
        </div>
      ) : archive.data.dailies.length === 0 ? (
        <p className="mt-4 text-sm text-bone-500">No past dailies yet.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-1.5">
          {archive.data.dailies.slice(0, limit).map((daily) => (
            <li key={daily.id}>
              <Link
                to={challengePlayPath(daily.id)}
                className="group flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-ink-800"
              >
                {/* The link's name is its visible text, with the words a screen reader needs around it. */}
                <span className="w-12 shrink-0 font-mono text-xs text-bone-500">
                  <span className="sr-only">Replay daily </span>#{daily.number}
                  <span className="sr-only">:</span>
                </span>
                <span className="min-w-0 flex-1 truncate text-sm text-bone-100">
                  {daily.fromEntity.name} <ArrowRight aria-hidden className="inline size-3 text-amber-glow/70" />
                  <span className="sr-only"> to</span> {daily.toEntity.name}
                </span>
                <span className="hidden text-xs text-bone-500 sm:inline">
                  par {daily.par} · {DIFFICULTY_LABELS[daily.difficulty]} · {formatCount(daily.completedBy)} solved
                </span>
                {daily.completed && <CircleCheck aria-label="Solved" className="size-4 shrink-0 text-live" />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
