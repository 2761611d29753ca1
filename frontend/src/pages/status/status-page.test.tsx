import { STATUS_CLOCK_TICK_MS } from '@cinema-dna/shared-types';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { OVERALL_TEXTS } from '../../features/status';
import { statusHistory, statusResponse } from '../../test/admin-fixtures';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const CHECKED_AT = '2026-11-27T14:00:00.000Z';

function stubStatus(status = statusResponse(CHECKED_AT), refreshed?: () => ReturnType<typeof statusResponse>) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/status': () => ({ body: status }),
      '/api/status/history': () => ({ body: statusHistory() }),
      ...(refreshed ? { '/api/status/refresh': () => ({ body: refreshed() }) } : {}),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const services = () => screen.findAllByTestId('status-service');

beforeEach(() => {
  resetAuth();
  resetToasts();
  setUser(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('StatusPage', () => {
  it('lists the six services with status, description, measured response time and last checked', async () => {
    stubStatus();
    renderApp('/status');
    const rows = await services();
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Website & API', 'Database', 'Cache & Realtime', 'Connection Engine', 'Movie Data', 'Knowledge Base']);
    expect(within(rows[1]!).getByTestId('response-time').textContent).toBe('11 ms');
    expect(rows[1]!.textContent).toContain('Database answered');
    expect(rows[1]!.textContent).toContain('Operational');
    expect(within(rows[1]!).getByTestId('last-checked').querySelector('time')!.getAttribute('dateTime')).toBe(CHECKED_AT);
    expect(screen.getByTestId('overall-status').textContent).toContain(OVERALL_TEXTS.operational);
    // Where the checks run, and how often, as the server says: inside the app, never "from the outside".
    expect(document.body.textContent).toContain('The server checks every service itself, every minute, from inside the app');
    expect(document.body.textContent).not.toContain('from the outside');
  });

  it('says how often the checks run as the server configures it', async () => {
    stubStatus({ ...statusResponse(CHECKED_AT), checkIntervalMs: 30_000 });
    renderApp('/status');
    await services();
    expect(document.body.textContent).toContain('The server checks every service itself, every 30 seconds, from inside the app');
  });

  it.each([
    ['one degraded is degraded', { cache: { status: 'degraded' as const } }, 'degraded'],
    ['one in maintenance is degraded', { engine: { status: 'maintenance' as const } }, 'degraded'],
    ['one down and one degraded is down', { cache: { status: 'degraded' as const }, database: { status: 'down' as const, responseTime: null } }, 'down'],
  ])('follows the overall rule: %s', async (_name, patch, overall) => {
    stubStatus({ ...statusResponse(CHECKED_AT, patch), overall: 'operational' });
    renderApp('/status');
    const banner = await screen.findByTestId('overall-status');
    expect(banner.getAttribute('data-overall')).toBe(overall);
    expect(banner.textContent).toContain(OVERALL_TEXTS[overall as 'degraded' | 'down']);
  });

  it("Refresh asks the server to check again, reads 'Refreshing' meanwhile, then shows the new measurements", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const later = '2026-11-27T14:00:42.000Z';
    const fetchMock = vi.fn(
      routeFetch({
        '/api/status': () => ({ body: statusResponse(CHECKED_AT) }),
        '/api/status/history': () => ({ body: statusHistory() }),
      }),
    );
    const refreshAnswer = statusResponse(later, { database: { responseTime: 87.4 } });
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input) === '/api/status/refresh') {
        fetchMock(input, init);
        await gate;
        return Response.json(refreshAnswer);
      }
      return fetchMock(input, init);
    });
    renderApp('/status');
    await services();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refreshing' })).toBeTruthy();
    release();
    await screen.findByRole('button', { name: 'Refresh' });
    const database = (await services())[1]!;
    await waitFor(() => expect(within(database).getByTestId('response-time').textContent).toBe('87 ms'));
    expect(within(database).getByTestId('last-checked').querySelector('time')!.getAttribute('dateTime')).toBe(later);
    expect(fetchMock.mock.calls.some(([path, init]) => String(path) === '/api/status/refresh' && (init as RequestInit).method === 'POST')).toBe(true);
  });

  it('ticks the "Last updated" clock every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(Date.parse(CHECKED_AT) + 20_000));
    stubStatus();
    renderApp('/status');
    const lastUpdated = await screen.findByTestId('last-updated');
    expect(lastUpdated.textContent).toContain('Last updated just now');
    // 49 s after the check: no tick yet, so the words stay.
    act(() => vi.advanceTimersByTime(STATUS_CLOCK_TICK_MS - 1_000));
    expect(screen.getByTestId('last-updated').textContent).toContain('just now');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('last-updated').textContent).toContain('1 minute ago');
  });

  it('draws 90 daily bars per service with their uptime, and the incidents (resolved or Ongoing)', async () => {
    stubStatus();
    renderApp('/status');
    const bars = await screen.findAllByTestId('uptime-service');
    expect(bars).toHaveLength(6);
    const cache = bars[2]!;
    expect(within(cache).getByTestId('uptime-percent').textContent).toBe('95.00% uptime');
    const days = within(cache).getByRole('list', { name: 'Cache & Realtime, one bar per day' });
    expect(within(days).getAllByRole('listitem')).toHaveLength(90);
    expect(within(days).getAllByRole('tooltip')[0]!.textContent).toMatch(/: no data$/);
    expect(within(days).getAllByRole('tooltip')[88]!.textContent).toBe('Nov 26, 2026: 50.00% uptime');
    const incidents = screen.getAllByTestId('incident');
    expect(incidents[0]!.textContent).toContain('Resolved');
    expect(incidents[1]!.textContent).toContain('Ongoing');
  });

  it('shows an error with Try again when the status cannot be read', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          '/api/status': () => (fail ? { status: 503, body: { code: 'UNAVAILABLE', message: 'down' } } : { body: statusResponse(CHECKED_AT) }),
          '/api/status/history': () => ({ body: statusHistory() }),
        }),
      ),
    );
    renderApp('/status');
    expect((await screen.findByRole('alert')).textContent).toContain('The status could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await services()).toHaveLength(6);
  });
});
