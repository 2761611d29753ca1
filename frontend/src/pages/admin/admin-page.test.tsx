import { ADMIN_TEXTS } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { SocketProvider, type AppSocket } from '../../features/realtime';
import { createQueryClient } from '../../lib/query-client';
import { adminUser, adminUserRow, deletion, inboxMessage, moderatorUser, plainUser, replica, reportedReview, stats, system } from '../../test/admin-fixtures';
import { routeFetch } from '../../test/fixtures';
import { createTestRouter, renderApp } from '../../test/render-app';
import { Toaster, resetToasts } from '../../ui/toast';

type Answer = { status?: number; body: unknown };
type Routes = Record<string, (url: URL, init?: RequestInit) => Answer>;

const users = [adminUserRow(1, 'root', { role: 'admin' }), adminUserRow(5, 'grace'), adminUserRow(6, 'linus', { isActive: false })];

/** The admin API with a few rows; `routes` replaces some answers. */
function stubAdmin(routes: Routes = {}) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/admin/stats': () => ({ body: stats }),
      '/api/admin/users': () => ({ body: { users, total: users.length } }),
      '/api/admin/connections': () => ({ body: { connections: [], total: 0 } }),
      '/api/admin/system': () => ({ body: system }),
      '/api/admin/audit': () => ({ body: { entries: [], nextBefore: null } }),
      '/api/admin/reports': () => ({ body: { reviews: [reportedReview(31)] } }),
      '/api/admin/contact': () => ({ body: { messages: [inboxMessage(4)], unread: 1 } }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const adminPaths = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([path]) => new URL(String(path), 'http://localhost').pathname).filter((path) => path.startsWith('/api/admin'));
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }));
async function toastVariant(title: string): Promise<string | null> {
  const titleNode = await screen.findByText(title);
  return titleNode.closest('[data-variant]')!.getAttribute('data-variant');
}

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminPage access', () => {
  it('asks a visitor who is not signed in to sign in, and calls no admin route', async () => {
    const fetchMock = stubAdmin();
    setUser(null);
    renderApp('/secure-admin-access-panel');
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(adminPaths(fetchMock)).toEqual([]);
  });

  it("tells a member they don't have access, and calls no admin route", async () => {
    const fetchMock = stubAdmin();
    setUser(plainUser);
    renderApp('/secure-admin-access-panel');
    expect(await screen.findByRole('heading', { name: "You don't have access" })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(adminPaths(fetchMock)).toEqual([]);
  });

  it('shows a moderator only Content (even when the URL asks for Users), reading only reports and the inbox', async () => {
    const fetchMock = stubAdmin();
    setUser(moderatorUser);
    renderApp('/secure-admin-access-panel?tab=users');
    expect(await screen.findByRole('article', { name: 'Reported review: Buy cheap pills' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Content']);
    await screen.findByText('Wrong poster');
    expect(new Set(adminPaths(fetchMock))).toEqual(new Set(['/api/admin/reports', '/api/admin/contact']));
  });

  it('writes counts with their noun in the right number, and audit entries that name the user and the change', async () => {
    const once = { ...stats.topConnections[0]!, id: 10, searchCount: 1 };
    const audit = [
      { id: 3, actor: { id: 1, username: 'root' }, action: 'user.updated', targetType: 'user', targetId: '4', before: { username: 'alice', role: 'user', isActive: true }, after: { username: 'alice', role: 'moderator', isActive: true }, createdAt: '2026-11-27T09:00:00.000Z' },
      { id: 2, actor: { id: 1, username: 'root' }, action: 'user.updated', targetType: 'user', targetId: '5', before: { username: 'bob', role: 'user', isActive: true }, after: { username: 'bob', role: 'user', isActive: false }, createdAt: '2026-11-27T08:00:00.000Z' },
    ];
    stubAdmin({ '/api/admin/stats': () => ({ body: { ...stats, topConnections: [...stats.topConnections, once] } }), '/api/admin/audit': () => ({ body: { entries: audit, nextBefore: null } }) });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel');
    const top = await screen.findByRole('list', { name: 'Top Connections' });
    expect(within(top).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/42 searches$/), expect.stringMatching(/1 search$/)]);
    openTab('System');
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const lines = within(log).getAllByTestId('audit-entry').map((item) => item.textContent);
    expect(lines[0]).toContain('Changed role of @alice from user to moderator');
    expect(lines[1]).toContain('Deactivated @bob');
    expect(lines.join(' ')).not.toContain('user #');
  });

  it('shows an administrator the five tabs, and reads a tab’s data only once it is open', async () => {
    const fetchMock = stubAdmin();
    setUser(adminUser);
    const { router } = renderApp('/secure-admin-access-panel');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Users', 'Connections', 'System', 'Content']);
    const totalUsers = await screen.findByRole('article', { name: 'Total Users' });
    expect(totalUsers.textContent).toContain('1,234');
    expect(screen.getByTestId('daily-active-users').textContent).toContain('56 daily active users');
    expect(screen.getByRole('article', { name: 'System Health' }).textContent).toContain('Not configured');
    expect(within(screen.getByRole('list', { name: 'Top Connections' })).getByRole('listitem').textContent).toMatch(/1Kevin Bacon.*Tom Hanks.*42/);
    expect(within(screen.getByRole('list', { name: 'Recent Users' })).getByRole('listitem').textContent).toMatch(/grace.*Level 4.*900 pts/);
    expect(adminPaths(fetchMock)).toEqual(['/api/admin/stats']);

    openTab('Users');
    expect(await screen.findByRole('row', { name: 'grace' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=users');
    expect(adminPaths(fetchMock)).toEqual(['/api/admin/stats', '/api/admin/users']);

    openTab('System');
    expect(await screen.findAllByTestId('replica-metrics')).toHaveLength(2);
    expect(screen.getByTestId('metrics-live').textContent).toContain('2 replicas');
    expect(screen.getByRole('progressbar', { name: 'Server load' }).getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getAllByTestId('health-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Database'),
      expect.stringContaining('Movie API'),
      expect.stringContaining('Knowledge-base API'),
    ]);
    expect(new Set(adminPaths(fetchMock))).toEqual(new Set(['/api/admin/stats', '/api/admin/users', '/api/admin/system', '/api/admin/audit']));
  });

  it('shows an error with Try again when a tab cannot load, and reads again', async () => {
    let fail = true;
    const fetchMock = stubAdmin({ '/api/admin/stats': () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : { body: stats }) });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel');
    expect((await screen.findByRole('alert')).textContent).toContain('The overview could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Total Users' })).toBeTruthy();
    expect(adminPaths(fetchMock)).toEqual(['/api/admin/stats', '/api/admin/stats']);
  });
});

describe('AdminPage Users', () => {
  it("changes a member's role: PATCH with the role, the toast 'User updated successfully', the row shows the answer", async () => {
    const fetchMock = stubAdmin({
      '/api/admin/users/5': (_url, init) => ({ body: { ...users[1], ...(JSON.parse(String(init?.body)) as object) } }),
    });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel?tab=users');
    const role = await screen.findByRole('combobox', { name: 'Role of grace' });
    fireEvent.change(role, { target: { value: 'moderator' } });
    expect(await toastVariant(ADMIN_TEXTS.userUpdated)).toBe('default');
    const patch = fetchMock.mock.calls.find(([path]) => String(path) === '/api/admin/users/5')!;
    expect(patch[1]).toMatchObject({ method: 'PATCH', body: JSON.stringify({ role: 'moderator' }) });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Role of grace' }) as HTMLSelectElement).value).toBe('moderator'));

    fireEvent.click(screen.getByRole('switch', { name: 'linus is active' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => String(path) === '/api/admin/users/6')).toBe(true));
  });

  it("shows the server's last-admin message in an error toast, and the role stays", async () => {
    stubAdmin({ '/api/admin/users/1': () => ({ status: 409, body: { code: 'CONFLICT', message: ADMIN_TEXTS.lastAdmin, details: {} } }) });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel?tab=users');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Role of root' }), { target: { value: 'user' } });
    expect(await screen.findByText(ADMIN_TEXTS.lastAdmin)).toBeTruthy();
    expect(await toastVariant('User not updated')).toBe('destructive');
    expect((screen.getByRole('combobox', { name: 'Role of root' }) as HTMLSelectElement).value).toBe('admin');
  });

  it('asks before deleting, listing what goes and what is anonymised, then deletes', async () => {
    let deleted = false;
    const fetchMock = stubAdmin({
      '/api/admin/users': () => ({ body: { users: users.filter((user) => !deleted || user.id !== 5), total: deleted ? 2 : 3 } }),
      '/api/admin/users/5/deletion': () => ({ body: deletion }),
      '/api/admin/users/5': () => {
        deleted = true;
        return { body: deletion };
      },
    });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel?tab=users');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete grace' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Delete grace?' })).toBeTruthy();
    const removed = await within(dialog).findByRole('list', { name: 'Removed' });
    expect(within(removed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Diary entries7',
      'Reviews3',
      'Follows (both ways)4',
      'Watchlist items2',
      'Saved connections6',
      'Points ledger rows21',
      'Badges5',
      'Sessions2',
      'API keys1',
      'Their activity items9',
      'Challenge attempts8',
    ]);
    expect(within(within(dialog).getByRole('list', { name: 'Anonymised' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Activity items that name them11',
      'Audit log entries0',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await toastVariant(ADMIN_TEXTS.userDeleted)).toBe('default');
    expect(fetchMock.mock.calls.some(([path, init]) => String(path) === '/api/admin/users/5' && (init as RequestInit | undefined)?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('row', { name: 'grace' })).toBeNull());
  });
});

describe('AdminPage Users paging', () => {
  it('pages through more users than one page holds, and a new search starts at its first page', async () => {
    // 120 members: pages of 50 at offsets 0, 50, 100.
    const everyone = Array.from({ length: 120 }, (_, index) => adminUserRow(index + 1, `member${index + 1}`));
    const fetchMock = stubAdmin({
      '/api/admin/users': (url) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const matching = url.searchParams.get('search') ? everyone.slice(0, 3) : everyone;
        return { body: { users: matching.slice(offset, offset + 50), total: matching.length } };
      },
    });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel?tab=users');
    expect(await screen.findByText('1–50 of 120')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('101–120 of 120')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('member120')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/admin/users?offset=100');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'member1' } });
    await waitFor(() => expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/admin/users?search=member1'));
    // Three matches fit one page: no pager.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Users pages' })).toBeNull());
  });
});

describe('AdminPage Connections', () => {
  const connection = {
    id: 7,
    fromEntityId: 'person:kevin-bacon',
    toEntityId: 'person:tom-hanks',
    fromEntityName: 'Kevin Bacon',
    toEntityName: 'Tom Hanks',
    fromEntityType: 'person' as const,
    toEntityType: 'person' as const,
    degrees: null,
    path: [],
    searchCount: 12,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSearchedAt: '2026-11-27T10:00:00.000Z',
  };

  it("searches by entity id after a pause, shows 'No connection' for a pair without a path, and deletes with the toast", async () => {
    let deleted = false;
    const fetchMock = stubAdmin({
      '/api/admin/connections': (url) => ({ body: { connections: deleted || url.searchParams.get('search') === 'nobody' ? [] : [connection], total: 1 } }),
      '/api/admin/connections/7': () => {
        deleted = true;
        return { body: null };
      },
    });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel?tab=connections');
    const row = await screen.findByTestId('admin-connection-row');
    expect(row.textContent).toContain('No connection');
    expect(within(row).getByRole('link', { name: 'Kevin Bacon' }).getAttribute('href')).toBe('/entity/person/kevin-bacon');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search connections' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No connections match your search')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/admin/connections?search=nobody');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search connections' }), { target: { value: '' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kevin Bacon to Tom Hanks' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete connection' }));
    expect(await toastVariant(ADMIN_TEXTS.connectionDeleted)).toBe('default');
    await waitFor(() => expect(screen.queryByTestId('admin-connection-row')).toBeNull());
  });
});

describe('AdminPage Content', () => {
  it("hides a reported review with the toast 'Review hidden', and opening a message marks it read", async () => {
    const fetchMock = stubAdmin({
      '/api/admin/reviews/31/hide': () => ({ body: reportedReview(31, { hidden: true }) }),
      '/api/admin/contact/4': () => ({ body: inboxMessage(4, { readAt: '2026-11-27T14:00:00.000Z' }) }),
    });
    setUser(adminUser);
    renderApp('/secure-admin-access-panel?tab=content');
    const review = await screen.findByRole('article', { name: 'Reported review: Buy cheap pills' });
    expect(review.textContent).toContain('Spam or advertising × 2');
    expect(review.textContent).toContain('Clearly an ad');
    fireEvent.click(within(review).getByRole('button', { name: 'Hide' }));
    expect(await toastVariant(ADMIN_TEXTS.reviewHidden)).toBe('default');

    expect((await screen.findByTestId('inbox-unread')).textContent).toBe('1 unread');
    fireEvent.click(screen.getByRole('button', { name: /Wrong poster/ }));
    expect(await screen.findByText('The poster of Heat is wrong.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('inbox-unread')).toBeNull());
    const patch = fetchMock.mock.calls.find(([path]) => String(path) === '/api/admin/contact/4')!;
    expect(patch[1]).toMatchObject({ method: 'PATCH', body: JSON.stringify({ read: true }) });
  });
});

describe('AdminPage System live metrics', () => {
  /** Enough of a socket.io client: records what the page emits, answers admin:watch, pushes broadcasts. */
  function fakeSocket() {
    const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
    const emitted: string[] = [];
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
      connect: () => socket,
      disconnect: () => socket,
      emit(event: string, _payload: unknown, ack?: (answer: unknown) => void) {
        emitted.push(event);
        if (event === 'admin:watch') ack?.({ ok: true, data: { ...system.metrics, replicas: [replica('app-9:1', { requestsPerSecond: 3 })] } });
        else ack?.({ ok: true, data: { watching: false } });
        return socket;
      },
      push(event: string, payload: unknown) {
        handlers.get(event)?.forEach((fn) => fn(payload));
      },
    };
    return { socket, emitted };
  }

  it('watches on opening System (the ack gives the first numbers), follows admin:metrics, and unwatches on leaving the tab', async () => {
    stubAdmin();
    setUser(adminUser);
    const { socket, emitted } = fakeSocket();
    const { element } = createTestRouter('/secure-admin-access-panel?tab=system');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SocketProvider createSocket={() => socket as unknown as AppSocket}>
          {element}
          <Toaster />
        </SocketProvider>
      </QueryClientProvider>,
    );
    const live = await screen.findByTestId('metrics-live');
    await waitFor(() => expect(live.getAttribute('data-live')).toBe('true'));
    expect(emitted).toContain('admin:watch');
    expect(live.textContent).toContain('1 replica');
    expect(screen.getByRole('article', { name: 'Replica app-9:1' }).textContent).toContain('3');

    act(() => socket.push('admin:metrics', { ...system.metrics, replicas: [replica('app-9:1', { requestsPerSecond: 77 }), replica('app-8:2')], total: { ...system.metrics.total, requestsPerSecond: 89.5 } }));
    expect(screen.getByTestId('metrics-live').textContent).toContain('2 replicas');
    expect(screen.getByRole('article', { name: 'Replica app-9:1' }).textContent).toContain('77');
    expect(screen.getByLabelText('Totals').textContent).toContain('89.5');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Users' }));
    await screen.findByRole('row', { name: 'grace' });
    expect(emitted.filter((event) => event === 'admin:unwatch')).toHaveLength(1);
  });
});
