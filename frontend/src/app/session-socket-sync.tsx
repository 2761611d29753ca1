import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../features/auth';
import { useSocket } from '../features/realtime';

/**
 * The server authenticates a socket from the session cookie when it connects, so after signing in
 * or out the socket reconnects to join (or leave) the user's rooms.
 */
export function SessionSocketSync() {
  const socket = useSocket();
  const { user, loading } = useSnapshot(authState);
  const userId = loading ? undefined : (user?.id ?? null);
  const previous = useRef<typeof userId>(undefined);

  useEffect(() => {
    if (userId === undefined) return;
    const before = previous.current;
    previous.current = userId;
    // The first settled value is the session the socket connected with; only changes need a reconnect.
    if (before === undefined || before === userId || !socket) return;
    socket.disconnect().connect();
  }, [socket, userId]);

  return null;
}
