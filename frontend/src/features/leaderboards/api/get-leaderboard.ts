import { LeaderboardSchema, type Leaderboard } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { boardOf, boardPath, type BoardView } from '../lib/board-view';
import { leaderboardQueryKeys } from './query-keys';

/** GET /api/leaderboards/global?period&metric, /weekly or /challenges: the top rows of one board. */
export async function getLeaderboard(view: BoardView, signal?: AbortSignal): Promise<Leaderboard> {
  return LeaderboardSchema.parse(await apiFetch<unknown>(boardPath(view), { signal }));
}

/** One board, read afresh on every visit (boards move all the time) and again whenever the server says it changed. */
export function useLeaderboard(view: BoardView) {
  const board = boardOf(view);
  return useQuery({
    queryKey: leaderboardQueryKeys.board(board),
    queryFn: ({ signal }) => getLeaderboard(view, signal),
    staleTime: 0,
  });
}
