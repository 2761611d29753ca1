import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, Toaster, resetToasts, toast } from './toast';

beforeEach(() => resetToasts());
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('shows one toast at a time: a new one replaces the one on screen', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login Failed', description: 'Invalid username or password.', variant: 'destructive' });
    });
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    act(() => {
      toast({ title: 'Message Sent' });
    });
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(screen.queryByText('Login Failed')).toBeNull();
  });

  it('closes by itself after 5000 ms', async () => {
    // Only timers are faked: valtio delivers store changes on microtasks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    await act(async () => {
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
    });
    expect(screen.getByText('Welcome back!')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 1000);
    });
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });
});
