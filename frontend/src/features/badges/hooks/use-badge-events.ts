import { BadgeEarnedNoticeSchema, EVENTS } from '@cinema-dna/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify, updateNotice } from '../../../ui/toast';
import type { AppSocket } from '../../realtime';
import { BADGES_QUERY_ROOT } from '../api/query-keys';

/** Spec wording of the toast for a badge just earned. */
export const BADGE_EARNED_TITLE = 'Badge earned';
/** The same toast when one moment earned several (a first search can earn two or three at once). */
export const BADGES_EARNED_TITLE = 'Badges earned';

/** The badge toast on screen and the names it lists. */
let shown: { id: number; names: string[] } | null = null;

/**
 * One toast shows at a time (spec §9), so badges that arrive while a badge notice is still up (or
 * still waiting for an action's toast to close) join it: a burst reads 'First Connection · People
 * Person', not only the last.
 */
function toastBadge(name: string): void {
  if (shown && updateNotice(shown.id, { title: BADGES_EARNED_TITLE, description: [...shown.names, name].join(' · ') })) {
    shown.names.push(name);
    return;
  }
  shown = { id: notify({ title: BADGE_EARNED_TITLE, description: name }).id, names: [name] };
}

/**
 * `badge:earned` (room `user:<id>`): a toast with the badge's name, and the badges page (if open)
 * reads its lists again. Every award can move a badge's count, so `points:changed` refreshes the
 * progress too.
 */
export function useBadgeEvents(socket: AppSocket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    // The user's own lists only: the catalog does not move with play.
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: [BADGES_QUERY_ROOT, 'earned'] });
      void queryClient.invalidateQueries({ queryKey: [BADGES_QUERY_ROOT, 'progress'] });
    };
    const onBadgeEarned = (payload: unknown) => {
      const parsed = BadgeEarnedNoticeSchema.safeParse(payload);
      if (!parsed.success) return;
      toastBadge(parsed.data.badge.name);
      refresh();
    };
    socket.on(EVENTS.badgeEarned, onBadgeEarned);
    socket.on(EVENTS.pointsChanged, refresh);
    return () => {
      socket.off(EVENTS.badgeEarned, onBadgeEarned);
      socket.off(EVENTS.pointsChanged, refresh);
    };
  }, [socket, queryClient]);
}
