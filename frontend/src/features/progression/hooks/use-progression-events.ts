import { EVENTS, PointsChangedSchema, ProgressResponseSchema, type LevelProgress } from '@cinema-dna/shared-types';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client-typed';
import { notify } from '../../../ui/toast';
import { authState, setUser } from '../../auth';
import type { AppSocket } from '../../realtime';
import { levelReachedText, reachedNewLevel } from '../lib/level-notice';

/** Title of the toast shown when an award reaches a new level. */
export const LEVEL_REACHED_TITLE = 'Level reached';

/** Writes a new balance into the signed-in user, which the header's Level and points badges read. */
function applyProgress(progress: Pick<LevelProgress, 'level' | 'points'>): void {
  const user = authState.user;
  if (!user) return;
  if (user.level === progress.level && user.points === progress.points) return;
  setUser({ ...user, level: progress.level, points: progress.points });
}

/** GET /api/users/me/progress: the balance now, for catching up after the socket was away. */
async function fetchProgress(): Promise<void> {
  const parsed = ProgressResponseSchema.safeParse(await api.get('/api/users/me/progress'));
  if (parsed.success) applyProgress(parsed.data);
}

/**
 * `points:changed` (room `user:<id>`) moves the header's counters as awards land, with a toast when a
 * level is reached. After a reconnect the balance is read once, since awards made while the socket
 * was away were never pushed.
 */
export function useProgressionEvents(socket: AppSocket | null): void {
  useEffect(() => {
    if (!socket) return;
    let connectedBefore = socket.connected;
    const onPointsChanged = (payload: unknown) => {
      const parsed = PointsChangedSchema.safeParse(payload);
      if (!parsed.success) return;
      applyProgress(parsed.data);
      if (reachedNewLevel(parsed.data)) notify({ title: LEVEL_REACHED_TITLE, description: levelReachedText(parsed.data) });
    };
    const onConnect = () => {
      // The first connect carries the session the page just loaded; only a later one can have missed awards.
      if (connectedBefore && authState.user) fetchProgress().catch(() => undefined);
      connectedBefore = true;
    };
    socket.on(EVENTS.pointsChanged, onPointsChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off(EVENTS.pointsChanged, onPointsChanged);
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
