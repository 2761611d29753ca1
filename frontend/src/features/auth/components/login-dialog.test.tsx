import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { Toaster, resetToasts } from '../../../ui/toast';
import { authState, openLoginDialog, resetAuth, setUser } from '../store';
import { LoginDialog } from './login-dialog';

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoginDialog />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetAuth();
  resetToasts();
  setUser(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginDialog', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('offers "Sign in with Google" only when the server has Google sign-in (google: %s)', async (google, buttons) => {
    const fetchMock = vi.fn(async () => Response.json({ google }));
    vi.stubGlobal('fetch', fetchMock);
    openLoginDialog();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.anything()));
    if (buttons) await within(dialog).findByRole('button', { name: 'Sign in with Google' });
    else await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryAllByRole('button', { name: 'Sign in with Google' })).toHaveLength(buttons);
  });

  it('keeps the form filled and says why when login fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'UNAUTHORIZED', message: 'Wrong password' }, { status: 401 })));
    openLoginDialog();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Wrong password')).toBeTruthy();
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('secret');
    expect(authState.user).toBeNull();
  });

  it('falls back to the spec text when the route is missing (404)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'NOT_FOUND', message: 'No API route for POST /api/auth/login' }, { status: 404 })));
    openLoginDialog();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password.')).toBeTruthy();
  });

  it('signs in, closes and welcomes the user back', async () => {
    const user = { id: 1, username: 'ada', level: 1, points: 0, role: 'user' };
    const fetchMock = vi.fn(async () => Response.json(user));
    vi.stubGlobal('fetch', fetchMock);
    openLoginDialog();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(authState.user).toEqual(user);
    expect(authState.dialogOpen).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST', body: JSON.stringify({ username: 'ada', password: 'secret' }) }));
  });

  it('shows the registration failure toast and keeps the fields', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'CONFLICT', message: 'Taken' }, { status: 409 })));
    openLoginDialog('register');
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('Username may already exist or invalid data provided.')).toBeTruthy();
    expect(email.value).toBe('ada@example.com');
  });
});
