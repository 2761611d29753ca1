import type { ClientToServerEvents, ServerToClientEvents } from '@cinema-dna/shared-types';
import { io, type Socket } from 'socket.io-client';

/** The one typed socket of the app; every event name comes from `EVENTS` in shared-types. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Reconnection backoff: from 250 ms, doubling to at most 2 s (±50 % jitter, Socket.IO's default
 * factor), instead of Socket.IO's 1 s to 5 s — a race player whose server restarted in 3 s was back
 * after 5.9 s with the defaults, because the attempt after the restart waited out a 4–5 s step.
 */
export const RECONNECT_DELAY_MS = 250;
export const RECONNECT_DELAY_MAX_MS = 2_000;

/**
 * A socket to the page's own origin (Vite proxies /socket.io in development) that sends the session
 * cookie. It connects when the SocketProvider mounts.
 */
export function createAppSocket(): AppSocket {
  return io({ withCredentials: true, autoConnect: false, reconnectionDelay: RECONNECT_DELAY_MS, reconnectionDelayMax: RECONNECT_DELAY_MAX_MS });
}
