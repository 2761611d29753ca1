import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const user = { id: 3, username: 'ada', displayName: 'ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };

function stubApi(routes: Parameters<typeof routeFetch>[0] = {}) {
  const fetchMock = vi.fn(routeFetch({ '/api/users/me/api-keys': () => ({ body: { keys: [] } }), '/api/auth/providers': () => ({ body: { google: true } }), ...routes }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  resetAuth();
  resetToasts();
  setUser(null);
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('welcomes back with the forms, Google and guest options', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no Google button when the server has no Google sign-in', async () => {
    const fetchMock = stubApi({ '/api/auth/providers': () => ({ body: { google: false } }) });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Continue as Guest' })).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/providers'))).toBe(true));
    // Let the answer land before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('Continue as Guest goes home', async () => {
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Continue as Guest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('passes returnTo on to Google sign-in, and drops one that leaves the site', async () => {
    renderApp('/login?returnTo=%2Faccount%2Fapi-keys');
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/auth/google?returnTo=%2Faccount%2Fapi-keys');
  });

  it('ignores a returnTo on another site', async () => {
    renderApp('/login?returnTo=https%3A%2F%2Fevil.example%2F');
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/auth/google');
  });

  it.each([
    ['google-unavailable', 'Google sign-in is not configured on this server.'],
    ['google-failed', 'Google sign-in did not complete, so you are not signed in.'],
    ['account-disabled', 'This account has been deactivated and cannot sign in.'],
  ])('explains ?error=%s', async (code, message) => {
    renderApp(`/login?error=${code}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
  });

  it('signs in with the spec’s toast and goes on to returnTo', async () => {
    const fetchMock = stubApi({ '/api/auth/login': () => ({ body: user }) });
    const { router } = renderApp('/login?returnTo=%2Faccount%2Fapi-keys');
    const form = (await screen.findByRole('tabpanel', { name: 'Login' })) as HTMLElement;
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'analytical-engine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/api-keys'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
  });

  it('says Login Failed and keeps what was typed', async () => {
    stubApi({ '/api/auth/login': () => ({ status: 401, body: { code: 'UNAUTHORIZED', message: 'Invalid username or password.' } }) });
    const { router } = renderApp('/login');
    const form = (await screen.findByRole('tabpanel', { name: 'Login' })) as HTMLElement;
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password.')).toBeTruthy();
    expect((within(form).getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('states the rules when registering and puts the server’s field errors under the fields', async () => {
    stubApi({
      '/api/auth/register': () => ({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'Registration is invalid', details: [{ path: 'password', message: 'Passwords are 10 to 128 characters.' }] },
      }),
    });
    renderApp('/login?tab=register');
    const form = (await screen.findByRole('tabpanel', { name: 'Register' })) as HTMLElement;
    expect(within(form).getByText(/^Usernames are 3 to 30 letters/)).toBeTruthy();
    expect(within(form).getByText(/^Passwords are 10 to 128 characters, not one character repeated/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    const password = within(form).getByLabelText('Password') as HTMLInputElement;
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Passwords are 10 to 128 characters.')).toBeTruthy();
    expect(password.value).toBe('short');
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('sends a visitor who is already signed in on to returnTo', async () => {
    setUser(user);
    const { router } = renderApp('/login?returnTo=%2Fhelp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('sends a signed-in visitor home without a returnTo', async () => {
    setUser(user);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
