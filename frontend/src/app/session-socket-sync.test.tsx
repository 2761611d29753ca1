import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../features/auth';
import { SocketProvider, resetRealtime, type AppSocket } from '../features/realtime';
import { SessionSocketSync } from './session-socket-sync';

function fakeSocket() {
  const socket = {
    connected: true,
    on: () => socket,
    off: () => socket,
    connect: vi.fn(() => socket),
    disconnect: vi.fn(() => socket),
  };
  return socket;
}

beforeEach(() => {
  resetAuth();
  resetRealtime();
});

describe('SessionSocketSync', () => {
  it('reconnects the socket when the signed-in user changes, not on the first session check', async () => {
    const socket = fakeSocket();
    const createSocket = () => socket as unknown as AppSocket;
    render(
      <SocketProvider createSocket={createSocket}>
        <SessionSocketSync />
      </SocketProvider>,
    );
    expect(socket.connect).toHaveBeenCalledTimes(1); // the provider's own connect on mount
    await act(async () => setUser(null));
    expect(socket.disconnect).not.toHaveBeenCalled();

    await act(async () => setUser({ id: 9, username: 'ada', displayName: 'ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' }));
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(2);

    await act(async () => setUser(null));
    expect(socket.disconnect).toHaveBeenCalledTimes(2);
  });
});
