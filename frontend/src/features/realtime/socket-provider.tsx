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

  usePresenceEvents(socket);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The app's one socket (null only outside a SocketProvider). */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}
