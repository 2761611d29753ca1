import { proxy } from 'valtio';

interface RealtimeState {
  connected: boolean;
  /** How many people the server counts online; `null` until it says. */
  online: number | null;
}

/** The live connection and the presence count the server broadcasts. */
export const realtimeState = proxy<RealtimeState>({ connected: false, online: null });

export function setConnected(connected: boolean): void {
  realtimeState.connected = connected;
  // A count from a dropped connection is stale; hide it until the server speaks again.
  if (!connected) realtimeState.online = null;
}

export function setOnline(online: number): void {
  realtimeState.online = online;
}

export function resetRealtime(): void {
  realtimeState.connected = false;
  realtimeState.online = null;
}
