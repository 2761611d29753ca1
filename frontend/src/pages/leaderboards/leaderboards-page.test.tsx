import { EVENTS, type Leaderboard, type LeaderboardRow } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { SocketProvider, type AppSocket } from '../../features/realtime';
import { TIES_NOTE } from '../../features/leaderboards';
import { createQueryClient } from '../../lib/query-client';
import { routeFetch } from '../../test/fixtures';
import { createTestRouter } from '../../test/render-app';

const me = { id: 3, username: 'ada', displayName: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 2, points: 120, role: 'user' as const };

const row = (id: number, rank: number, score: number, patch: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  id,
  rank,
  username: `player${id}`,
  displayName: `Player ${id}`,
  level: 1,
  points: Math.round(score * 100),
  connectionsFound: id,
  badgeCount: 1,
  score,
  change: 0,
  ...patch,
});

const board = (rows: LeaderboardRow[], patch: Partial<Leaderboard> = {}): Leaderboard => ({ board: 'global:all-time:points', metric: 'points', window: 'all-time', rows, total: rows.length, ...patch });

/** Enough of a socket.io client to see what the page emits and to play the server. */
function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const emitted: Array<[string, unknown]> = [];
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
    emit(event: string, payload: unknown) {
      emitted.push([event, payload]);
      return socket;
    },
    connect() {
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    /** The server (or the connection) speaks. */
    serverSays(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      handlers.get(event)?.forEach((fn) => fn(...args));
    },
    emitted,
  };
  return socket;
}

function renderPage(path: string, socket = fakeSocket()) {
  const { router, element } = createTestRouter(path);
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <SocketProvider createSocket={() => socket as unknown as AppSocket}>
        {element}
      </SocketProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, socket };
}

const watches = (socket: ReturnType<typeof fakeSocket>) => socket.emitted.filter(([event]) => event === EVENTS.leaderboardWatch || event === EVENTS.leaderboardUnwatch).map(([event, payload]) => `${event} ${(payload as { board: string }).board}`);
const rowNames = () => within(screen.getByRole('list', { name: 'Rankings' })).getAllByTestId('leaderboard-row').map((item) => item.getAttribute('aria-label'));

beforeEach(() => resetAuth());
afterEach(() => vi.unstubAllGlobals());

describe('LeaderboardsPage', () => {
  it('shows ten skeleton rows while loading, then the podium, the rows and the ties note; no ranking card signed out', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    setUser(null);
    renderPage('/leaderboards');
    const skeleton = await screen.findByRole('list', { name: 'Loading rankings' });
    expect(within(skeleton).getAllByTestId('leaderboard-skeleton-row')).toHaveLength(10);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Global Rankings', 'This Week', 'Challenge Masters']);

    const rows = [row(1, 1, 900, { change: 2 }), row(2, 2, 500, { change: -1 }), row(4, 2, 500), row(5, 4, 40)];
    await act(async () => answer(Response.json(board(rows))));
    expect(await screen.findByRole('list', { name: 'Top three' })).toBeTruthy();
    // Ties share a rank (competition ranking) and the page says so.
    expect(rowNames()).toEqual(['1. Player 1', '2. Player 2', '2. Player 4', '4. Player 5']);
    expect(screen.getByText(TIES_NOTE)).toBeTruthy();
    // The Change column says what it is measured from.
    expect(screen.getByTestId('change-baseline').textContent).toBe('Change: places moved since 00:00 UTC today, or since joining the board today.');
    const first = screen.getAllByTestId('leaderboard-row')[0]!;
    expect(within(first).getAllByTestId('rank-change')[0]!.textContent).toBe('▲ 2');
    expect(within(screen.getAllByTestId('leaderboard-row')[1]!).getAllByTestId('rank-change')[0]!.getAttribute('aria-label')).toBe('down 1 place today');
    expect(screen.queryByRole('region', { name: 'Your ranking' })).toBeNull();
  });

  it('shows no podium under three rows, and an empty state with none', async () => {
    let rows = [row(1, 1, 10), row(2, 2, 5)];
    vi.stubGlobal('fetch', vi.fn(routeFetch({ '/api/leaderboards/global': () => ({ body: board(rows) }), '/api/leaderboards/weekly': () => ({ body: board([], { board: 'weekly', window: '2026-W48' }) }) })));
    setUser(null);
    renderPage('/leaderboards');
    await screen.findByRole('list', { name: 'Rankings' });
    expect(screen.queryByRole('list', { name: 'Top three' })).toBeNull();
    rows = [];
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'This Week' }));
    expect(await screen.findByText('No rankings yet')).toBeTruthy();
    expect(screen.getByTestId('board-note').textContent).toBe('Points earned this week. The board resets every Monday at 00:00 UTC.');
    expect(screen.getByTestId('board-caption').textContent).toContain('Week 48, 2026');
    // Challenge Masters counts challenge points; races pay none, and the page says so.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Challenge Masters' }));
    expect((await screen.findByTestId('board-note')).textContent).toBe('Points earned from the daily, weekly and list challenges, all time. Races are for bragging rights: they pay no points.');
  });

  it('says when the live boards cannot be read: the last rows seen, marked; no "no rankings yet" for an unknown board', async () => {
    let global = board([row(1, 1, 900), row(2, 2, 500), row(3, 3, 120)], { degraded: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          '/api/leaderboards/global': () => ({ body: global }),
          '/api/leaderboards/weekly': () => ({ body: board([], { board: 'weekly', window: '2026-W48', degraded: true }) }),
          '/api/users/me/rank': () => ({ body: { globalRank: 3, weeklyRank: null, points: 120, degraded: true } }),
        }),
      ),
    );
    setUser(me);
    renderPage('/leaderboards');
    await screen.findByRole('list', { name: 'Rankings' });
    expect(screen.getByTestId('leaderboard-degraded').textContent).toContain('this is the board as last seen');
    expect(rowNames()).toEqual(['1. Player 1', '2. Player 2', '3. Player 3']);
    const card = await screen.findByRole('region', { name: 'Your ranking' });
    await waitFor(() => expect(within(card).getByTestId('rank-degraded').textContent).toContain('last known'));
    expect(card.textContent).toContain('#3');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'This Week' }));
    await waitFor(() => expect(screen.getByTestId('leaderboard-degraded').textContent).toMatch(/^Live rankings are unavailable right now\. /));
    expect(screen.queryByText('No rankings yet')).toBeNull();

    // Live again: the note goes with the next read.
    global = board([row(1, 1, 900)]);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Global Rankings' }));
    await waitFor(() => expect(rowNames()).toEqual(['1. Player 1']));
    expect(screen.queryByTestId('leaderboard-degraded')).toBeNull();
  });

  it('reads the period and metric filters, and shows efficiency as a percent', async () => {
    const fetchMock = vi.fn(
      routeFetch({
        '/api/leaderboards/global': (url) => ({
          body: board([row(1, 1, url.searchParams.get('metric') === 'efficiency' ? 0.75 : 300), row(2, 2, 0.5), row(3, 3, 0.25)], {
            board: `global:${url.searchParams.get('period')}:${url.searchParams.get('metric')}` as Leaderboard['board'],
            metric: url.searchParams.get('metric') as Leaderboard['metric'],
          }),
        }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setUser(null);
    const { router } = renderPage('/leaderboards');
    await screen.findByRole('list', { name: 'Rankings' });
    fireEvent.click(screen.getByRole('radio', { name: 'This month' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Efficiency' }));
    await waitFor(() => expect(screen.getAllByTestId('row-score')[0]!.textContent).toBe('75%'));
    expect(router.state.location.search).toBe('?period=monthly&metric=efficiency');
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/leaderboards/global?period=monthly&metric=efficiency');
    expect(screen.getByRole('radio', { name: 'This month' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows the signed-in user their ranking, marks their row, and follows the board live', async () => {
    let rows = [row(1, 1, 900), row(2, 2, 500), row(3, 3, 120)];
    let rank = { globalRank: 3, weeklyRank: null as number | null, points: 120 };
    const fetchMock = vi.fn(
      routeFetch({
        '/api/leaderboards/global': () => ({ body: board(rows) }),
        '/api/leaderboards/weekly': () => ({ body: board(rows, { board: 'weekly' }) }),
        '/api/users/me/rank': () => ({ body: rank }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setUser(me);
    const { socket, router } = renderPage('/leaderboards');
    act(() => socket.serverSays('connect'));

    const card = await screen.findByRole('region', { name: 'Your ranking' });
    await waitFor(() => expect(card.textContent).toContain('#3'));
    expect(card.textContent).toContain('Unranked');
    expect(card.textContent).toContain('120');
    await screen.findByRole('list', { name: 'Rankings' });
    expect(within(screen.getAllByTestId('leaderboard-row')[2]!).getByText('You')).toBeTruthy();
    expect(watches(socket)).toEqual(['leaderboard:watch global:all-time:points']);

    // Another board's change is not this one's business; this board's change reads it again.
    rows = [row(3, 1, 1000), row(1, 2, 900), row(2, 3, 500)];
    rank = { globalRank: 1, weeklyRank: 1, points: 1000 };
    act(() => socket.serverSays(EVENTS.leaderboardChanged, { board: 'weekly', entries: [{ userId: 3, rank: 1, score: 880 }] }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rowNames()[0]).toBe('1. Player 1');
    act(() => socket.serverSays(EVENTS.leaderboardChanged, { board: 'global:all-time:points', entries: [{ userId: 3, rank: 1, score: 1000 }] }));
    await waitFor(() => expect(rowNames()).toEqual(['1. Player 3', '2. Player 1', '3. Player 2']));
    await waitFor(() => expect(card.textContent).toContain('#1'));

    // A new connection starts in no room: the board is watched again, and read again.
    const readsBefore = fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/leaderboards/global')).length;
    act(() => socket.serverSays('disconnect'));
    act(() => socket.serverSays('connect'));
    expect(watches(socket).at(-1)).toBe('leaderboard:watch global:all-time:points');
    await waitFor(() => expect(fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/leaderboards/global')).length).toBe(readsBefore + 1));

    // Another tab: the old board is left, the new one watched.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'This Week' }));
    await waitFor(() => expect(watches(socket).slice(-2)).toEqual(['leaderboard:unwatch global:all-time:points', 'leaderboard:watch weekly']));
    // Leaving the page leaves the board.
    await act(() => router.navigate('/about'));
    expect(watches(socket).at(-1)).toBe('leaderboard:unwatch weekly');
  });
});
