import { ActivityItemSchema, EVENTS } from '@cinema-dna/shared-types';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../../auth';
import type { AppSocket } from '../../realtime';
import { addLiveItem, resetLiveFeed } from '../store';

/**
 * `activity:new` (to the sockets of everyone who follows its author): the item joins the live feed
 * store, so an open Activity tab slides it in at the top without reading the feed again.
 */
export function useActivityEvents(socket: AppSocket | null): void {
  const viewerId = useSnapshot(authState).user?.id;
  useEffect(() => {
    if (!socket || viewerId === undefined) return;
    const onActivity = (payload: unknown) => {
      const parsed = ActivityItemSchema.safeParse(payload);
      if (parsed.success) addLiveItem(viewerId, parsed.data);
    };
    socket.on(EVENTS.activityNew, onActivity);
    return () => {
      socket.off(EVENTS.activityNew, onActivity);
    };
  }, [socket, viewerId]);
  // Signing out (or in as someone else) forgets the previous viewer's live items.
  useEffect(() => () => resetLiveFeed(), [viewerId]);
}
