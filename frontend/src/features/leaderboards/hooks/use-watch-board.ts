import { EVENTS, LeaderboardChangedSchema, type LeaderboardBoard } from '@cinema-dna/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../realtime';
import { leaderboardQueryKeys } from '../api/query-keys';

/** A burst of changes (many players scoring at once) becomes one read of the board. */
const REFETCH_COALESCE_MS = 120;

/**
 * Watches one board live: `leaderboard:watch` on mount and after every reconnect (a new connection
 * starts in no room), `leaderboard:unwatch` when the board changes or the page goes. Each
 * `leaderboard:changed` for it reads the board again, and the rows move to their new places.
 * The user's own rank follows their `points:changed`.
 */
export function useWatchBoard(board: LeaderboardBoard): void {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchSoon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: leaderboardQueryKeys.board(board) });
        void queryClient.invalidateQueries({ queryKey: leaderboardQueryKeys.myRankRoot() });
      }, REFETCH_COALESCE_MS);
    };
    const watch = () => {
      socket.emit(EVENTS.leaderboardWatch, { board }, () => undefined);
    };
    const onChanged = (payload: unknown) => {
      const parsed = LeaderboardChangedSchema.safeParse(payload);
      if (parsed.success && parsed.data.board === board) refetchSoon();
    };
    // Set when the connection drops: changes made while the socket was away were never pushed.
    let missedChanges = false;
    const onDisconnect = () => {
      missedChanges = true;
    };
    const onConnect = () => {
      watch();
      if (missedChanges) refetchSoon();
      missedChanges = false;
    };
    const onPointsChanged = () => void queryClient.invalidateQueries({ queryKey: leaderboardQueryKeys.myRankRoot() });

    socket.on(EVENTS.leaderboardChanged, onChanged);
    socket.on(EVENTS.pointsChanged, onPointsChanged);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    // Not connected yet: the connect handler watches once it is.
    if (socket.connected) watch();
    return () => {
      clearTimeout(timer);
      socket.off(EVENTS.leaderboardChanged, onChanged);
      socket.off(EVENTS.pointsChanged, onPointsChanged);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit(EVENTS.leaderboardUnwatch, { board }, () => undefined);
    };
  }, [socket, queryClient, board]);
}
