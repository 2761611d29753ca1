import { LeaderboardSchema, type Leaderboard } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { boardOf, boardPath, type BoardView } from '../lib/board-view';
import { leaderboardQueryKeys } from './query-keys';

/** GET /api/leaderboards/global?period&metric, /weekly or /challenges: the top rows of one board. */
export async function getLeaderboard(view: BoardView, signal?: AbortSignal): Promise<Leaderboard> {
  const answer = view.tab === 'global' ? api.get('/api/leaderboards/global', { query: { period: view.period, metric: view.metric }, signal }) : api.get(`/api/leaderboards/${view.tab}`, { signal });
  return LeaderboardSchema.parse(await answer);
}

/**
 * A board's query for the server's first paint of /leaderboards (src/entry-server.tsx): its key, its public
 * path and the answer as the hook's function returns it. The page reads the board afresh once it is up.
 */
export function boardFirstPaintQuery(view: BoardView) {
  return { queryKey: leaderboardQueryKeys.board(boardOf(view)), path: boardPath(view), select: (answer: unknown) => LeaderboardSchema.parse(answer) };
}

/** While the server answers a board `degraded` (its live boards unreadable), it is read again this often until it is live. */
export const DEGRADED_REFETCH_MS = 10_000;

/**
 * One board, read afresh on every visit (boards move all the time) and again whenever the server says
 * it changed; a degraded answer is read again every few seconds, since no change is announced meanwhile.
 */
export function useLeaderboard(view: BoardView) {
  const board = boardOf(view);
  return useQuery({
    queryKey: leaderboardQueryKeys.board(board),
    queryFn: ({ signal }) => getLeaderboard(view, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.degraded ? DEGRADED_REFETCH_MS : false),
  });
}
