import { EVENTS, type ActivityFeed as Feed } from '@cinema-dna/shared-types';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../auth';
import type { AppSocket } from '../../realtime';
import { createQueryClient } from '../../../lib/query-client';
import { routeFetch } from '../../../test/fixtures';
import { activityItem, ada } from '../../../test/social-fixtures';
import { useActivityEvents } from '../hooks/use-activity-events';
import { resetLiveFeed } from '../store';
import { ActivityFeed, NO_RECENT_ACTIVITY } from './activity-feed';

/** A socket the test speaks for: `serverSays` calls the handlers the app registered. */
function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    serverSays(event: string, ...args: unknown[]) {
      handlers.get(event)?.forEach((fn) => fn(...args));
    },
  };
  return socket;
}

function Harness({ socket }: { socket: ReturnType<typeof fakeSocket> }) {
  useActivityEvents(socket as unknown as AppSocket);
  return <ActivityFeed />;
}

function renderFeed(pages: Feed[]) {
  let call = 0;
  const fetchMock = vi.fn(routeFetch({ '/api/activity/feed': () => ({ body: pages[Math.min(call++, pages.length - 1)] }) }));
  vi.stubGlobal('fetch', fetchMock);
  const socket = fakeSocket();
  const queryClient: QueryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Harness socket={socket} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { socket, fetchMock, queryClient };
}

const feedIds = () => within(screen.getByRole('list', { name: 'Recent Activity' })).getAllByTestId('activity-item').map((item) => item.textContent);

beforeEach(() => {
  resetAuth();
  resetLiveFeed();
  setUser(ada);
});
afterEach(() => vi.unstubAllGlobals());

describe('ActivityFeed', () => {
  it('says No Recent Activity when the people you follow have done nothing', async () => {
    renderFeed([{ items: [], nextCursor: null }]);
    expect(await screen.findByText(NO_RECENT_ACTIVITY)).toBeTruthy();
  });

  it('renders each type with its links', async () => {
    renderFeed([
      {
        items: [
          activityItem('5', { type: 'review', content: { movieTitle: 'Heat', entityKey: 'movie:heat-1995', rating: 4 } }),
          activityItem('4', { type: 'follow', content: { targetUser: 'ada', targetDisplayName: 'Ada' } }),
          activityItem('3', { type: 'connection', content: { from: 'Kevin Bacon', to: 'Tom Hanks', degrees: 2 } }),
          activityItem('2', { type: 'badge', content: { badgeName: 'First Review' } }),
          activityItem('1', { type: 'diary', content: { movieTitle: 'Alien', entityKey: 'movie:alien-1979', rating: 4.5, rewatch: true } }),
        ],
        nextCursor: null,
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Heat' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Heat' }).getAttribute('href')).toBe('/entity/movie/heat-1995');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe('/u/ada');
    expect(screen.getByText(/found a connection from/).textContent).toContain('Kevin Bacon to Tom Hanks · 2 degrees');
    expect(screen.getByText('First Review')).toBeTruthy();
    expect(screen.getByText(/rewatched/)).toBeTruthy();
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
  });

  it('slides a live activity:new item in at the top, and shows it once when a refetch brings it again', async () => {
    const older = activityItem('10', { timestamp: '2026-11-27T07:00:00.000Z', content: { movieTitle: 'Older' } });
    const live = activityItem('11', { timestamp: '2026-11-27T08:00:00.000Z', content: { movieTitle: 'Brand New' } });
    const { socket, queryClient, fetchMock } = renderFeed([
      { items: [older], nextCursor: null },
      { items: [live, older], nextCursor: null },
    ]);
    await screen.findByText('Older');
    act(() => socket.serverSays(EVENTS.activityNew, live));
    expect(await screen.findByText('Brand New')).toBeTruthy();
    // Said once through the feed's polite region (throttled: it lands on the next tick).
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('New activity from Grace'));
    expect(feedIds()).toHaveLength(2);
    expect(feedIds()[0]).toContain('Brand New');
    // No request was needed for the live item.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A redelivered push changes nothing; a malformed one is ignored.
    act(() => socket.serverSays(EVENTS.activityNew, live));
    act(() => socket.serverSays(EVENTS.activityNew, { id: 12 }));
    await act(() => queryClient.invalidateQueries());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(feedIds()).toHaveLength(2);
    expect(feedIds()[0]).toContain('Brand New');
  });

  it('reads the next page with Load more, by cursor', async () => {
    const { fetchMock } = renderFeed([
      { items: [activityItem('2', { content: { movieTitle: 'Page One' } })], nextCursor: 'c1' },
      { items: [activityItem('1', { timestamp: '2026-11-26T07:00:00.000Z', content: { movieTitle: 'Page Two' } })], nextCursor: null },
    ]);
    const more = await screen.findByRole('button', { name: 'Load more' });
    act(() => more.click());
    expect(await screen.findByText('Page Two')).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]![0])).toContain('cursor=c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
