import { CSRF_HEADER, type ApiKeySummary } from '@cinema-dna/shared-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { TEST_CSRF_TOKEN } from '../../test/setup';
import { resetToasts } from '../../ui/toast';
import { API_KEYS_AUTH_MESSAGE } from './api-keys-page';

const user = { id: 5, username: 'ada', displayName: 'ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };
const SECRET = 'cdna_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LzXcVbNmQwErT';

/** A small in-memory API keys server: list, create (the secret once), revoke. */
function stubKeysServer(initial: ApiKeySummary[] = []) {
  let keys = [...initial];
  let nextId = 40;
  const fetchMock = vi.fn(
    routeFetch({
      '/api/users/me/api-keys': (_url, init) => {
        if (init?.method === 'POST') {
          const { name } = JSON.parse(String(init.body)) as { name: string };
          const created = { id: nextId++, name, prefix: SECRET.slice(0, 12), createdAt: '2026-03-02T10:00:00.000Z' };
          keys = [{ ...created, lastUsedAt: null }, ...keys];
          return { status: 201, body: { ...created, key: SECRET } };
        }
        return { body: { keys } };
      },
    }),
  );
  // DELETE /api/users/me/api-keys/:id has a path parameter, which routeFetch does not match.
  const wrapped = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const match = /^\/api\/users\/me\/api-keys\/(\d+)$/.exec(String(input));
    if (match && init?.method === 'DELETE') {
      keys = keys.filter((key) => key.id !== Number(match[1]));
      return new Response(null, { status: 204 });
    }
    return fetchMock(input, init);
  });
  vi.stubGlobal('fetch', wrapped);
  return wrapped;
}

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysPage', () => {
  it('shows the sign-in prompt and the Authentication Required toast when signed out', async () => {
    const fetchMock = stubKeysServer();
    setUser(null);
    renderApp('/account/api-keys');
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getAllByText(API_KEYS_AUTH_MESSAGE).length).toBe(2);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/users/me/api-keys', expect.anything());
  });

  it('shows a new key once, keeps only its prefix in the list, and revokes after confirmation', async () => {
    const fetchMock = stubKeysServer();
    setUser(user);
    renderApp('/account/api-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Loading API keys' })).toBeTruthy();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Research notebook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByTestId('new-api-key');
    expect(within(panel).getByText(SECRET)).toBeTruthy();
    expect(within(panel).getByText(/you won’t see it again/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByText('API Key Created')).toBeTruthy();
    // The secret is on the page exactly once: the list shows the prefix only.
    expect(screen.getAllByText(SECRET)).toHaveLength(1);
    const row = await screen.findByRole('listitem', { name: 'Research notebook' });
    expect(within(row).getByText('cdna_Zx9Qw8E…')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('');
    const create = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(create[1]!.body))).toEqual({ name: 'Research notebook' });
    expect((create[1]!.headers as Record<string, string>)[CSRF_HEADER]).toBe(TEST_CSRF_TOKEN);

    fireEvent.click(within(panel).getByRole('button', { name: 'I’ve saved it' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Research notebook' })).toBeTruthy();

    // Cancel keeps the key.
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Research notebook' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke this API key?' });
    expect(within(dialog).getByText(/will stop working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    // Confirming revokes it.
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Research notebook' })).getByRole('button', { name: 'Revoke Research notebook' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke this API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API Key Revoked')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/me/api-keys/40', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Research notebook' })).toBeNull());
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('lists existing keys with their prefix, created and last used dates', async () => {
    stubKeysServer([
      { id: 2, name: 'CI pipeline', prefix: 'cdna_AbCdEfG', createdAt: '2026-02-01T09:00:00.000Z', lastUsedAt: '2026-02-03T12:30:00.000Z' },
      { id: 1, name: 'Old laptop', prefix: 'cdna_HiJkLmN', createdAt: '2026-01-15T09:00:00.000Z', lastUsedAt: null },
    ]);
    setUser(user);
    renderApp('/account/api-keys');
    const ci = await screen.findByRole('listitem', { name: 'CI pipeline' });
    expect(within(ci).getByText('cdna_AbCdEfG…')).toBeTruthy();
    expect(within(ci).getByText('Feb 1, 2026')).toBeTruthy();
    expect(within(ci).getByText(/^Feb 3, 2026/)).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Old laptop' })).getByText('Never')).toBeTruthy();
    expect(screen.getByText('2 active')).toBeTruthy();
  });

  it('says why a key was not created, with the server’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          '/api/users/me/api-keys': (_url, init) =>
            init?.method === 'POST'
              ? { status: 409, body: { code: 'CONFLICT', message: 'You can hold at most 25 API keys; revoke one first.' } }
              : { body: { keys: [] } },
        }),
      ),
    );
    setUser(user);
    renderApp('/account/api-keys');
    fireEvent.change(await screen.findByLabelText('Key name'), { target: { value: 'One too many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Could Not Create Key')).toBeTruthy();
    expect(screen.getByText('You can hold at most 25 API keys; revoke one first.')).toBeTruthy();
    expect(screen.queryByTestId('new-api-key')).toBeNull();
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('One too many');
  });

  it('asks for a name before calling the server', async () => {
    const fetchMock = stubKeysServer();
    setUser(user);
    renderApp('/account/api-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('toasts the server message when the list cannot load', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({ '/api/users/me/api-keys': () => ({ status: 503, body: { code: 'UNAVAILABLE', message: 'Database is restarting' } }) })));
    setUser(user);
    renderApp('/account/api-keys');
    expect(await screen.findByText('Could Not Load Keys')).toBeTruthy();
    expect(screen.getByText('Database is restarting')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
