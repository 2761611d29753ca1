import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuth, setUser } from '../../features/auth';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const user = { id: 3, username: 'ada', displayName: 'ada', email: 'ada@example.com', emailVerified: false, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };
const TOKEN = 'a'.repeat(43);
const invalid = { status: 400, body: { code: 'VALIDATION_FAILED', message: 'This verification link is invalid or has expired. Ask for a new one.', details: [] } };

function stubApi(routes: Parameters<typeof routeFetch>[0]) {
  const fetchMock = vi.fn(routeFetch(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  resetAuth();
  resetToasts();
  setUser(user);
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('sends the token once, says the email is confirmed and marks the user verified', async () => {
    const fetchMock = stubApi({ '/api/auth/verify-email': () => ({ body: { ...user, emailVerified: true } }) });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmed' })).toBeTruthy();
    expect(screen.getByText('Your address is verified.')).toBeTruthy();
    expect(authState.user?.emailVerified).toBe(true);
    const calls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ token: TOKEN });
  });

  it('explains a refused link and sends a new one on request', async () => {
    const fetchMock = stubApi({ '/api/auth/verify-email': () => invalid, '/api/auth/verify-email/resend': () => ({ status: 202, body: { sentTo: user.email } }) });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not valid' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(invalid.body.message);
    expect(screen.getByText('Confirmation failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('A new link is on its way to ada@example.com.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/verify-email/resend', expect.objectContaining({ method: 'POST' }));
  });

  it('calls a used link of a verified account confirmed, without an error', async () => {
    setUser({ ...user, emailVerified: true });
    stubApi({ '/api/auth/verify-email': () => invalid });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Already confirmed' })).toBeTruthy();
    expect(screen.queryByText('Confirmation failed')).toBeNull();
  });

  it('says so when the link has no token, without calling the API', async () => {
    const fetchMock = stubApi({});
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not valid' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/missing its token/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in first, keeping the link to come back to', async () => {
    setUser(null);
    const fetchMock = stubApi({});
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getAllByText('Sign in to the account you registered to confirm your email.').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(`/verify-email?token=${TOKEN}`)}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
