import type { ClientToServerEvents, ServerToClientEvents } from '@cinema-dna/shared-types';
import { io, type Socket } from 'socket.io-client';

/** The one typed socket of the app; every event name comes from `EVENTS` in shared-types. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket to the page's own origin (Vite proxies /socket.io in development) that sends the session
 * cookie. It connects when the SocketProvider mounts.
 */
export function createAppSocket(): AppSocket {
  return io({ withCredentials: true, autoConnect: false });
}
