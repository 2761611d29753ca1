import { EVENTS, PresenceSchema } from '@cinema-dna/shared-types';
import { useEffect } from 'react';
import type { AppSocket } from './socket';
import { setConnected, setOnline } from './store';

/** Keeps the realtime store in step with the socket: connection state and `presence:changed` counts. */
export function usePresenceEvents(socket: AppSocket | null): void {
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => setConnected(true);
    const onDisconnect = () => setConnected(false);
    const onPresence = (payload: unknown) => {
      const parsed = PresenceSchema.safeParse(payload);
      if (parsed.success) setOnline(parsed.data.online);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(EVENTS.presenceChanged, onPresence);
    if (socket.connected) setConnected(true);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(EVENTS.presenceChanged, onPresence);
    };
  }, [socket]);
}
