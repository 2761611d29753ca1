export { SocketProvider, useSocket } from './socket-provider';
export { realtimeState, resetRealtime } from './store';
export type { AppSocket } from './socket';
