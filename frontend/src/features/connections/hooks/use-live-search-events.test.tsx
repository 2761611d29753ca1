import { EVENTS } from '@cinema-dna/shared-types';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { foundResult, kevinBacon, tomHanks } from '../../../test/fixtures';
import type { AppSocket } from '../../realtime';
import { connectionsState, resetConnections, startSearch } from '../store';
import { useLiveSearchEvents } from './use-live-search-events';

/** A socket whose server side the test plays. */
function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    timeout: () => ({ emit: (_event: string, _payload: unknown, ack: (error: Error | null, response: unknown) => void) => ack(null, { ok: true, data: { requestId: 'r1' } }) }),
    emit: () => socket,
    serverSends(event: string, payload: unknown) {
      handlers.get(event)?.forEach((fn) => fn(payload));
    },
    listenerCount: (event: string) => handlers.get(event)?.size ?? 0,
  };
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  resetConnections();
});
afterEach(() => {
  resetConnections();
  vi.useRealTimers();
});

describe('useLiveSearchEvents', () => {
  it('feeds valid search events into the store, drops malformed ones, and unsubscribes on unmount', () => {
    const socket = fakeSocket();
    const { unmount } = renderHook(() => useLiveSearchEvents(socket as unknown as AppSocket));
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket: socket as unknown as AppSocket });

    socket.serverSends(EVENTS.searchProgressed, { requestId: 'r1', layer: 1, side: 'sideways' });
    socket.serverSends(EVENTS.searchProgressed, {
      requestId: 'r1',
      layer: 1,
      side: 'from',
      frontierSize: 3,
      visited: 4,
      edgesScanned: 5,
      sample: [{ key: 'movie:apollo-13-1995', id: 'apollo-13-1995', name: 'Apollo 13', type: 'movie' }],
      elapsedMs: 0.2,
    });
    socket.serverSends(EVENTS.searchCompleted, { requestId: 'r1', result: foundResult() });
    vi.runAllTimers();
    expect(connectionsState.run).toMatchObject({ phase: 'found', visited: 4 });
    expect(connectionsState.run!.layers).toHaveLength(1);

    unmount();
    expect(socket.listenerCount(EVENTS.searchProgressed)).toBe(0);
    expect(socket.listenerCount(EVENTS.searchCompleted)).toBe(0);
    expect(socket.listenerCount('disconnect')).toBe(0);
  });
});
