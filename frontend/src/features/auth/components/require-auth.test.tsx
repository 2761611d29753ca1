import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster, resetToasts, toast, toastState } from '../../../ui/toast';
import { authState, resetAuth, setUser } from '../store';
import { DEFAULT_AUTH_MESSAGE, RequireAuth } from './require-auth';

const user = { id: 1, username: 'ada', displayName: 'ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };

function renderGuarded(message?: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={['/account/api-keys?sort=new']}>
        <RequireAuth message={message}>
          <p>Secret page</p>
        </RequireAuth>
      </MemoryRouter>
      <Toaster />
    </StrictMode>,
  );
}

beforeEach(() => {
  resetAuth();
  resetToasts();
});

describe('RequireAuth', () => {
  it('shows a spinner while the session check runs, then the prompt and one toast when signed out', async () => {
    const before = toast({ title: 'marker' }).id;
    renderGuarded('Please log in to manage your API keys.');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
    expect(screen.queryByText('Secret page')).toBeNull();
    expect(screen.queryByText('Authentication Required')).toBeNull();

    await act(async () => setUser(null));

    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.queryByText('Secret page')).toBeNull();
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getAllByText('Please log in to manage your API keys.')).toHaveLength(2); // card and toast
    // Once per visit: StrictMode's second effect run does not toast again.
    expect(toastState.toasts.map((t) => t.id)).toEqual([before + 1]);
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/login?returnTo=%2Faccount%2Fapi-keys%3Fsort%3Dnew');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(authState.dialogOpen).toBe(true);
    expect(authState.dialogTab).toBe('login');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(authState.dialogTab).toBe('register');
  });

  it('uses the spec’s default message', async () => {
    setUser(null);
    renderGuarded();
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getAllByText(DEFAULT_AUTH_MESSAGE)).toHaveLength(2);
    expect(DEFAULT_AUTH_MESSAGE).toBe('Please log in to access this feature.');
  });

  it('shows the page when signed in, and in place once the visitor signs in from the prompt', async () => {
    setUser(null);
    renderGuarded();
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    await act(async () => setUser(user));
    expect(screen.getByText('Secret page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to continue' })).toBeNull();
  });

  it('never prompts a signed-in user', () => {
    setUser(user);
    renderGuarded();
    expect(screen.getByText('Secret page')).toBeTruthy();
    expect(screen.queryByText('Authentication Required')).toBeNull();
  });
});
