import { CHANGE_BASELINE } from '@cinema-dna/shared-types';
import { CloudOff, RotateCw, Trophy } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { formatCount, plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { authState } from '../../auth';
import { useLeaderboard } from '../api/get-leaderboard';
import { useWatchBoard } from '../hooks/use-watch-board';
import { METRIC_LABELS, boardOf, type BoardView } from '../lib/board-view';
import { formatWindow } from '../lib/score-format';
import { LeaderboardRows, LeaderboardSkeleton } from './leaderboard-rows';
import { Podium } from './podium';

/** How the rank is decided, said on the page (competition ranking). */
export const TIES_NOTE = 'Players with the same score share a rank; the next rank skips the places they take.';

function scoreLabel(view: BoardView): string {
  if (view.tab === 'weekly') return 'This week';
  if (view.tab === 'challenges') return 'Challenge pts';
  return METRIC_LABELS[view.metric];
}

function EmptyBoard({ view }: { view: BoardView }) {
  const hint =
    view.tab === 'challenges'
      ? 'Solve a challenge to earn the first challenge points on this board.'
      : view.tab === 'global' && view.metric === 'efficiency'
        ? 'Solve a challenge to be rated on efficiency: your par divided by the degrees you used.'
        : 'Find a connection between two names to earn points and take the top spot.';
  return (
    <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-14 text-center" data-testid="leaderboard-empty">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-ink-800 text-bone-500 ring-1 ring-inset ring-ink-600">
        <Trophy aria-hidden className="size-5" />
      </span>
      <p className="mt-4 font-medium text-bone-100">No rankings yet</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-bone-400">{hint}</p>
    </div>
  );
}

/** The live boards cannot be read right now: the rows shown are the last the server saw (or none). */
function DegradedNote({ empty }: { empty: boolean }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl border border-amber-glow/30 bg-amber-glow/5 px-4 py-3 text-sm text-bone-200" data-testid="leaderboard-degraded">
      <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-glow" />
      <span>
        {empty ? 'Live rankings are unavailable right now. ' : 'Live rankings are unavailable right now: this is the board as last seen, and it may be behind. '}
        It updates by itself once they are back.
      </span>
    </p>
  );
}

/** One board: watched live while shown, with its podium, rows, loading skeleton, empty, degraded and error states. */
export function BoardPanel({ view }: { view: BoardView }) {
  const board = useLeaderboard(view);
  const meId = useSnapshot(authState).user?.id;
  useWatchBoard(boardOf(view));

  if (board.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-6">
        <p className="font-medium text-bone-50">The rankings could not be loaded.</p>
        <p className="mt-1 text-sm text-bone-400">{board.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void board.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (!board.data) return <LeaderboardSkeleton />;

  const { rows, metric, total, window, degraded } = board.data;
  return (
    <div className="grid gap-8">
      {degraded && <DegradedNote empty={rows.length === 0} />}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-bone-400" data-testid="board-caption">
        <span className="font-medium text-bone-100">{formatWindow(window)}</span>
        <span aria-hidden className="text-ink-500">•</span>
        <span>{plural(total, 'player')}</span>
        {total > rows.length && (
          <>
            <span aria-hidden className="text-ink-500">•</span>
            <span>top {formatCount(rows.length)} shown</span>
          </>
        )}
      </p>
      {rows.length === 0 ? (
        // Unknown is not empty: no "no rankings yet" while the board cannot be read.
        !degraded && <EmptyBoard view={view} />
      ) : (
        <>
          <Podium rows={rows} metric={metric} />
          <LeaderboardRows rows={rows} metric={metric} scoreLabel={scoreLabel(view)} meId={meId} />
        </>
      )}
      <p className="text-xs text-bone-500">
        <span>{TIES_NOTE}</span> <span data-testid="change-baseline">{CHANGE_BASELINE}</span>
      </p>
    </div>
  );
}
