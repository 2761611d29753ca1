import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createAppSocket, type AppSocket } from './socket';
import { usePresenceEvents } from './use-presence-events';

const SocketContext = createContext<AppSocket | null>(null);

interface SocketProviderProps {
  children: ReactNode;
  /** Builds the socket; tests pass a fake. */
  createSocket?: () => AppSocket;
}

/**
 * Owns the app's single socket: connects it on mount, disconnects it on unmount, and registers
 * one handler hook per feature that mirrors server events into that feature's store.
 */
export function SocketProvider({ children, createSocket = createAppSocket }: SocketProviderProps) {
  // Created once, unconnected; the effect owns the connection so unmounting always disconnects.
  const [socket] = useState(createSocket);

  useEffect(() => {
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket]);

  // Back online, or back to the tab (a phone wakes its browser): try again now rather than after the
  // backoff's next step. Restarting the connection drops the pending wait; a live socket is left alone.
  useEffect(() => {
    const retryNow = () => {
      if (socket.connected || document.visibilityState !== 'visible') return;
      socket.disconnect();
      socket.connect();
    };
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', retryNow);
    return () => {
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', retryNow);
    };
  }, [socket]);

  usePresenceEvents(socket);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The app's one socket (null only outside a SocketProvider). */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}
