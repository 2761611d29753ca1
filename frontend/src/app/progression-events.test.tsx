import { EVENTS, levelProgress, type PointsChanged } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuth, setUser } from '../features/auth';
import { BADGE_EARNED_TITLE } from '../features/badges';
import { LEVEL_REACHED_TITLE } from '../features/progression';
import { SocketProvider, type AppSocket } from '../features/realtime';
import { createQueryClient } from '../lib/query-client';
import { routeFetch } from '../test/fixtures';
import { Toaster, resetToasts, toastState } from '../ui/toast';
import { ProgressionEvents } from './progression-events';
import { createTestRouter } from '../test/render-app';

const user = { id: 9, username: 'grace', displayName: 'Grace', email: 'grace@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };

function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    emit: () => socket,
    connect: () => socket,
    disconnect: () => socket,
    serverSays(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      handlers.get(event)?.forEach((fn) => fn(...args));
    },
  };
  return socket;
}

function renderShell() {
  const socket = fakeSocket();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SocketProvider createSocket={() => socket as unknown as AppSocket}>
        <ProgressionEvents />
        {createTestRouter('/about').element}
        <Toaster />
      </SocketProvider>
    </QueryClientProvider>,
  );
  return socket;
}

const award = (points: number, delta: number, previousLevel: number | null = null): PointsChanged => ({ ...levelProgress(points), delta, reason: 'discovery', previousLevel });
/** The site header (the page below may have a banner of its own). */
const header = () => within(screen.getAllByRole('banner')[0]!);

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('live progression in the header', () => {
  it('moves the Level and points badges on points:changed, toasting only when a level is reached', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({})));
    setUser(user);
    const socket = renderShell();
    act(() => socket.serverSays('connect'));
    expect(header().getByTestId('header-points').textContent).toBe('0 pts');

    act(() => socket.serverSays(EVENTS.pointsChanged, award(10, 10)));
    await waitFor(() => expect(header().getByTestId('header-points').textContent).toBe('10 pts'));
    expect(toastState.toasts).toEqual([]);

    // A malformed payload changes nothing.
    act(() => socket.serverSays(EVENTS.pointsChanged, { points: 'lots' }));
    expect(authState.user?.points).toBe(10);

    act(() => socket.serverSays(EVENTS.pointsChanged, award(105, 95, 1)));
    await waitFor(() => expect(header().getByTestId('header-level').textContent).toBe('Level 2'));
    expect(header().getByTestId('header-points').textContent).toBe('105 pts');
    expect(header().getByTestId('header-level').getAttribute('title')).toBe('Level 2 · Popcorn Regular');
    expect(await screen.findByText(LEVEL_REACHED_TITLE)).toBeTruthy();
    expect(toastState.toasts.map((t) => [t.title, t.description])).toEqual([['Level reached', 'Level 2 · Popcorn Regular']]);
  });

  it('toasts Badge earned with the badge name, one toast at a time', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({})));
    setUser(user);
    const socket = renderShell();
    act(() => socket.serverSays('connect'));
    act(() => socket.serverSays(EVENTS.pointsChanged, award(100, 100, 1)));
    const badge = { id: 'first-connection', name: 'First Connection', description: 'Find your first connection', category: 'discovery', icon: 'target', isRare: false, pointsReward: 10, requirement: 1, unit: { one: 'connection', other: 'connections' } };
    act(() => socket.serverSays(EVENTS.badgeEarned, { badge, earnedAt: '2026-11-25T10:00:00.000Z' }));
    expect(await screen.findByText(BADGE_EARNED_TITLE)).toBeTruthy();
    expect(BADGE_EARNED_TITLE).toBe('Badge earned');
    expect(toastState.toasts.filter((t) => t.open).map((t) => [t.title, t.description])).toEqual([['Badge earned', 'First Connection']]);

    // Badges earned together share the one toast on screen instead of replacing each other.
    act(() => socket.serverSays(EVENTS.badgeEarned, { badge: { ...badge, id: 'people-person', name: 'People Person' }, earnedAt: '2026-11-25T10:00:00.000Z' }));
    expect(toastState.toasts.filter((t) => t.open).map((t) => [t.title, t.description])).toEqual([['Badges earned', 'First Connection · People Person']]);
    // Once it is gone, the next badge has a toast of its own.
    act(() => resetToasts());
    act(() => socket.serverSays(EVENTS.badgeEarned, { badge: { ...badge, id: 'keeper', name: 'Keeper' }, earnedAt: '2026-11-25T10:01:00.000Z' }));
    expect(toastState.toasts.map((t) => [t.title, t.description])).toEqual([['Badge earned', 'Keeper']]);
  });

  it('reads the balance again after a reconnect, for awards made while the socket was away', async () => {
    const fetchMock = vi.fn(routeFetch({ '/api/users/me/progress': () => ({ body: { ...levelProgress(320), connectionsFound: 3, recent: [] } }) }));
    vi.stubGlobal('fetch', fetchMock);
    setUser(user);
    const socket = renderShell();
    act(() => socket.serverSays('connect'));
    expect(fetchMock.mock.calls.map(([path]) => String(path))).not.toContain('/api/users/me/progress');
    act(() => socket.serverSays('disconnect'));
    act(() => socket.serverSays('connect'));
    await waitFor(() => expect(header().getByTestId('header-points').textContent).toBe('320 pts'));
    expect(header().getByTestId('header-level').textContent).toBe('Level 3');
  });
});
