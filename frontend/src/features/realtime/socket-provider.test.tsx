import { EVENTS } from '@cinema-dna/shared-types';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppSocket } from './socket';
import { SocketProvider } from './socket-provider';
import { realtimeState, resetRealtime } from './store';

/** Enough of a socket.io client to drive handlers by hand. */
function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: false,
    closed: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    connects: 0,
    connect() {
      socket.connects += 1;
      socket.connected = true;
      return socket;
    },
    disconnect() {
      socket.closed = true;
      socket.connected = false;
      return socket;
    },
    emitFromServer(event: string, ...args: unknown[]) {
      handlers.get(event)?.forEach((fn) => fn(...args));
    },
  };
  return socket;
}

beforeEach(() => resetRealtime());

describe('SocketProvider', () => {
  it('connects on mount, mirrors presence broadcasts into the realtime store and disconnects on unmount', () => {
    const socket = fakeSocket();
    const createSocket = () => socket as unknown as AppSocket;
    const { unmount } = render(<SocketProvider createSocket={createSocket}>app</SocketProvider>);

    act(() => socket.emitFromServer('connect'));
    expect(realtimeState.connected).toBe(true);
    expect(realtimeState.online).toBeNull();

    act(() => socket.emitFromServer(EVENTS.presenceChanged, { online: 4 }));
    expect(realtimeState.online).toBe(4);

    act(() => socket.emitFromServer(EVENTS.presenceChanged, { online: -1 }));
    expect(realtimeState.online).toBe(4);

    act(() => socket.emitFromServer('disconnect'));
    expect(realtimeState.online).toBeNull();

    unmount();
    expect(socket.closed).toBe(true);
  });

  it('tries again at once when the browser is back online or the tab is shown, and leaves a live socket alone', () => {
    const socket = fakeSocket();
    render(<SocketProvider createSocket={() => socket as unknown as AppSocket}>app</SocketProvider>);
    expect(socket.connects).toBe(1);
    // Connected: nothing to do.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(socket.connects).toBe(1);
    // The connection dropped and Socket.IO is waiting out its backoff: coming back online retries now.
    socket.connected = false;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(socket.connects).toBe(2);
    socket.connected = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(socket.connects).toBe(3);
  });
});
